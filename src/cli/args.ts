// Flag parsing on node:util.parseArgs: unknown flags and bad values become one-line user errors.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CLIError } from '../errors.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

/** An option the command does not have; `main` adds the did-you-mean (parseCommandLine). */
export class UnknownFlagError extends CLIError {
  override readonly name: string = 'UnknownFlagError';
  constructor(
    readonly command: string,
    /** As written: `--auto-aprove`, `-out=plan.json`. */
    readonly flag: string,
    /** The command's long option names, `help` included. */
    readonly known: readonly string[],
  ) {
    super(unknownFlagMessage(command, flag));
  }
}

export function unknownFlagMessage(command: string, flag: string, suggestion?: string): string {
  const guess = suggestion === undefined ? '' : ` Did you mean ${suggestion}?`;
  return `Unknown option '${flag}'.${guess} Run \`tfe-access ${command} --help\` for the options.`;
}

/**
 * Terraform's spelling of a long option, with one dash (`-auto-approve`, `-out=FILE`): node:util would
 * read it as a group of short flags (`Unknown option '-a'`); here it is one unknown option.
 */
const SINGLE_DASH_LONG = /^-[a-z][a-z0-9-]+(?:=.*)?$/is;
/** A negative number given as a separate value (`--rate-limit -1`), which node:util calls ambiguous. */
const NEGATIVE_NUMBER = /^-\.?\d/;

/**
 * The arguments as node:util should see them: `--name -1` joined to `--name=-1` for a string option,
 * so its value is checked like any other. Before `--` only; after it everything is a path.
 */
function normalised(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const option = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    if (option?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** The first single-dash long option before `--`, skipping values of string options. */
function singleDashLong(argv: readonly string[], options: Options): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--') return undefined;
    if (SINGLE_DASH_LONG.test(arg)) return arg;
    if (arg.startsWith('--') && !arg.includes('=') && options[arg.slice(2)]?.type === 'string') i += 1;
  }
  return undefined;
}

export function parse(command: string, argv: readonly string[], options: Options, allowPositionals = false): Parsed {
  const all: Options = { help: { type: 'boolean', short: 'h' }, ...options };
  const known = Object.keys(all);
  const terraformStyle = singleDashLong(argv, all);
  if (terraformStyle !== undefined) throw new UnknownFlagError(command, terraformStyle, known);
  try {
    const { values, positionals } = parseArgs({ args: normalised(argv, all), options: all, allowPositionals, strict: true });
    return { values: values as Parsed['values'], positionals };
  } catch (error: unknown) {
    const unknown = /^Unknown option '([^']+)'/.exec(error instanceof Error ? error.message : '');
    if (unknown?.[1]) throw new UnknownFlagError(command, unknown[1], known);
    throw new CLIError(`${oneLine(error)} Run \`tfe-access ${command} --help\` for the options.`);
  }
}

/** node:util's messages run over several lines with advice on `--` and `=`: one line is kept. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const message = text
    .split('\n')
    .filter((line) => !line.startsWith('To specify'))
    .join(' ')
    .replace(/\. To specify a positional.*$/s, '')
    .replace(/\.+$/, '');
  return `${message}${/[?!]$/.test(message) ? '' : '.'}`;
}

/**
 * `parse`, with a did-you-mean for an unknown option: its own spelling with two dashes
 * (`-auto-approve`: `--auto-approve`), else the closest option name. The suggester is loaded only
 * on that error, so a run with good flags never loads it.
 */
export async function parseCommandLine(command: string, argv: readonly string[], options: Options, allowPositionals = false): Promise<Parsed> {
  try {
    return parse(command, argv, options, allowPositionals);
  } catch (error: unknown) {
    if (!(error instanceof UnknownFlagError)) throw error;
    const { closest } = await import('../core/suggest.js');
    const [name = '', value] = error.flag.replace(/^-+/, '').split(/=(.*)/s);
    const guess = error.known.includes(name) ? name : closest(name, error.known);
    const suggestion = guess === undefined ? undefined : `--${guess}${value === undefined ? '' : `=${value}`}`;
    throw new CLIError(unknownFlagMessage(command, error.flag, suggestion));
  }
}

/**
 * `--help` or `-h` as an argument of its own, before `--`. Never an option's value: parseArgs refuses
 * a separate value that starts with a dash, and `--out=--help` is one argument; after `--` it is a path.
 */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

export function stringFlag(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listFlag(parsed: Parsed, name: string): string[] {
  const value = parsed.values[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export function boolFlag(parsed: Parsed, name: string): boolean {
  return parsed.values[name] === true;
}

/** `--out FILE` and `--force` (which only lets --out replace a file): a lone --force is a user error saying what the command writes without --out. */
export function outFlags(parsed: Parsed, withoutOut: string): { readonly out: string | undefined; readonly force: boolean } {
  const out = stringFlag(parsed, 'out');
  const force = boolFlag(parsed, 'force');
  if (force && out === undefined) throw new CLIError(`--force lets --out replace a file; without --out, ${withoutOut}.`);
  return { out, force };
}

/** A non-negative integer flag (`--concurrency 8`), with its default; a bad value is a user error. */
export function intFlag(parsed: Parsed, name: string, fallback: number, min = 0): number {
  const raw = stringFlag(parsed, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new CLIError(`--${name} must be an integer >= ${min}, got "${raw}".`);
  }
  return Number(raw);
}

/** A number flag that may have a fraction (`--fault-rate 0.2`). */
export function numberFlag(parsed: Parsed, name: string, fallback: number, min = 0, max = Number.POSITIVE_INFINITY): number {
  const raw = stringFlag(parsed, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    const range = max === Number.POSITIVE_INFINITY ? `>= ${min}` : `between ${min} and ${max}`;
    throw new CLIError(`--${name} must be a number ${range}, got "${raw}".`);
  }
  return value;
}

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;

/** A duration in Go's (and Terraform's) notation, `90s`, `5m`, `1h30m`, `500ms`: milliseconds, above 0. `what` names it in the error. */
export function durationOf(raw: string, what: string): number {
  const ms = DURATION.test(raw)
    ? [...raw.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * (DURATION_UNITS_MS[unit ?? ''] ?? 0), 0)
    : 0;
  if (!(ms > 0)) throw new CLIError(`${what} must be a duration such as 90s, 5m or 1h30m, got "${raw}".`);
  return ms;
}

/** A duration flag (durationOf), undefined when not given. */
export function durationFlag(parsed: Parsed, name: string): number | undefined {
  const raw = stringFlag(parsed, name);
  return raw === undefined ? undefined : durationOf(raw, `--${name}`);
}
