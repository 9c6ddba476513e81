// Flag parsing on node:util.parseArgs: unknown flags and bad values become one-line user errors.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CLIError } from '../errors.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

export function parse(command: string, argv: readonly string[], options: Options, allowPositionals = false): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { help: { type: 'boolean', short: 'h' }, ...options },
      allowPositionals,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error: unknown) {
    // node:util's messages run over several lines with advice on `--` and `=`: one line is kept.
    const text = error instanceof Error ? error.message : String(error);
    const message = text
      .split('\n')
      .filter((line) => !line.startsWith('To specify'))
      .join(' ')
      .replace(/\. To specify a positional.*$/s, '')
      .replace(/\.+$/, '');
    throw new CLIError(`${message}${/[?!]$/.test(message) ? '' : '.'} Run \`tfe-access ${command} --help\` for the options.`);
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

/** A duration flag in Go's (and Terraform's) notation, `90s`, `5m`, `1h30m`, `500ms`: milliseconds, above 0. */
export function durationFlag(parsed: Parsed, name: string): number | undefined {
  const raw = stringFlag(parsed, name);
  if (raw === undefined) return undefined;
  const ms = DURATION.test(raw) ? [...raw.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * (DURATION_UNITS_MS[unit ?? ''] ?? 0), 0) : 0;
  if (!(ms > 0)) throw new CLIError(`--${name} must be a duration such as 90s, 5m or 1h30m, got "${raw}".`);
  return ms;
}
