// The API token, first found wins: TFE_TOKEN; TF_TOKEN_<host> (the Terraform CLI's rule: dots as
// `_`, hyphens as `__` or written as is); the `credentials` block of the `credentials.tfrc.json`
// that `terraform login` writes; the `credentials` block of the JSON CLI config named by
// TF_CLI_CONFIG_FILE (docs/api.md, "Authentication conventions"). The token is returned to the caller
// and nowhere else: no message here ever contains it, only the name of the source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareLocale } from '../core/order.js';
import { CLIError } from '../errors.js';
import { addressFrom, type Env } from './address.js';

export interface Connection {
  readonly baseUrl: string;
  readonly host: string;
  readonly token: string;
  /** e.g. `TFE_TOKEN` or `/home/me/.terraform.d/credentials.tfrc.json`: safe to print. */
  readonly tokenSource: string;
}

export type ReadText = (path: string) => string | undefined;

const TOKEN_ENV_PREFIX = 'TF_TOKEN_';
/** A token goes into an HTTP header: visible ASCII only (no spaces, no control characters). */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CLIError(`Can't read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
  }
}

/** `TF_TOKEN_app_terraform_io` -> `app.terraform.io`; `my__host` and `my-host` -> `my-host`. */
export function hostOfTokenVariable(name: string): string | undefined {
  if (!name.startsWith(TOKEN_ENV_PREFIX)) return undefined;
  return name.slice(TOKEN_ENV_PREFIX.length).replaceAll('__', '-').replaceAll('_', '.').toLowerCase();
}

export function tokenVariableOf(hostname: string): string {
  return TOKEN_ENV_PREFIX + hostname.replaceAll('-', '__').replaceAll('.', '_');
}

function fromTokenVariables(env: Env, hostname: string): { token: string; source: string } | undefined {
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => compareLocale(a, b))) {
    if (value && hostOfTokenVariable(name) === hostname) return { token: value, source: name };
  }
  return undefined;
}

/** The token for `host` (or `hostname`) in a JSON `credentials` block, or a reason it has none; `field` `audit_token` for the audit token. */
function fromCredentialsFile(path: string, keys: readonly string[], read: ReadText, field = 'token'): { token?: string; note: string } {
  const text = read(path);
  if (text === undefined) return { note: `${path} (no such file)` };
  if (!path.endsWith('.json') && !text.trimStart().startsWith('{')) return { note: `${path} (not a JSON config; HCL is not read)` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CLIError(`${path} is not valid JSON.`);
  }
  const credentials = (parsed as { credentials?: unknown } | null)?.credentials;
  for (const key of keys) {
    const entry = typeof credentials === 'object' && credentials !== null ? (credentials as Record<string, unknown>)[key] : undefined;
    const token = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[field] : undefined;
    if (typeof token === 'string' && token !== '') return { token, note: path };
  }
  return { note: `${path} (no credentials for ${keys[0]})` };
}

export interface TokenLookup {
  readonly env: Env;
  readonly homeDir: string;
  readonly hostname: string;
  readonly host: string;
  readonly read?: ReadText;
}

function checked(token: string, source: string): { token: string; source: string } {
  if (!TOKEN_CHARS.test(token)) throw new CLIError(`The token from ${source} contains whitespace or control characters.`);
  return { token, source };
}

/** The credentials files looked in, in order: `terraform login`'s, then TF_CLI_CONFIG_FILE's. */
function credentialsFiles(env: Env, homeDir: string): string[] {
  const files = [join(homeDir, '.terraform.d', 'credentials.tfrc.json')];
  if (env.TF_CLI_CONFIG_FILE) files.push(env.TF_CLI_CONFIG_FILE);
  return files;
}

export function findToken({ env, homeDir, hostname, host, read = readIfExists }: TokenLookup): { token: string; source: string } {
  const tried: string[] = [];
  const found = checked;
  if (env.TFE_TOKEN) return found(env.TFE_TOKEN, 'TFE_TOKEN');
  tried.push('TFE_TOKEN (not set)');
  const variable = fromTokenVariables(env, hostname);
  if (variable) return found(variable.token, variable.source);
  tried.push(`${tokenVariableOf(hostname)} (not set)`);
  const keys = host === hostname ? [hostname] : [host, hostname];
  for (const file of credentialsFiles(env, homeDir)) {
    const result = fromCredentialsFile(file, keys, read);
    if (result.token) return found(result.token, file);
    tried.push(result.note);
  }
  if (!env.TF_CLI_CONFIG_FILE) tried.push('TF_CLI_CONFIG_FILE (not set)');
  throw new CLIError(`No API token for ${host}. Tried, in order: ${tried.join(', ')}. Set TFE_TOKEN, or run \`terraform login ${host}\`.`);
}

/** The variable of the audit token, and the credentials file's field beside `token`. */
export const AUDIT_TOKEN_VARIABLE = 'TFE_AUDIT_TOKEN';
export const AUDIT_TOKEN_FIELD = 'audit_token';

/**
 * The audit-trail token (docs/connecting.md, "Audit token"): TFE_AUDIT_TOKEN, else `audit_token`
 * beside `token` in the host's block of the credentials files the API token is looked for in, by
 * the same host rules. Absent is no error: attribution is then not asked.
 */
export function findAuditToken({ env, homeDir, hostname, host, read = readIfExists }: TokenLookup): { token: string; source: string } | undefined {
  if (env[AUDIT_TOKEN_VARIABLE]) return checked(env[AUDIT_TOKEN_VARIABLE], AUDIT_TOKEN_VARIABLE);
  const keys = host === hostname ? [hostname] : [host, hostname];
  for (const file of credentialsFiles(env, homeDir)) {
    const result = fromCredentialsFile(file, keys, read, AUDIT_TOKEN_FIELD);
    if (result.token) return checked(result.token, `${file} (${AUDIT_TOKEN_FIELD})`);
  }
  return undefined;
}

/** Address and audit token, when there is one: the audit trail's connection (pipeline/run/audit-trail.ts). */
export function auditConnectionFrom(flags: { address?: string | undefined }, env: Env, homeDir: string, read?: ReadText): Connection | undefined {
  const address = addressFrom(flags, env);
  const found = findAuditToken({ env, homeDir, hostname: address.hostname, host: address.host, ...(read ? { read } : {}) });
  return found && { baseUrl: address.baseUrl, host: address.host, token: found.token, tokenSource: found.source };
}

/** Address and token for a command: what every command that talks to the API starts with. */
export function connectionFrom(flags: { address?: string | undefined }, env: Env, homeDir: string, read?: ReadText): Connection {
  const address = addressFrom(flags, env);
  const lookup: TokenLookup = { env, homeDir, hostname: address.hostname, host: address.host, ...(read ? { read } : {}) };
  const { token, source } = findToken(lookup);
  return { baseUrl: address.baseUrl, host: address.host, token, tokenSource: source };
}
