// Where the API is: `--address`, else TFE_ADDRESS, else `https://` + TFE_HOSTNAME, else
// app.terraform.io (docs/connecting.md, "Address"; the variables of the official Go client, docs/api.md,
// "Authentication conventions"). Given with or without the `/api/v2` root. Plain http:// only for
// loopback hosts, so a token never crosses a network in clear text.
import { isIP } from 'node:net';
import { DEFAULT_HOSTNAME } from '../core/defaults.js';
import { CLIError } from '../errors.js';

/** The version root every API path hangs from (docs/api.md, "Seed: versioning"). */
export const API_ROOT = '/api/v2';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Address {
  /** The API root, e.g. `https://app.terraform.io/api/v2` (no trailing slash). */
  readonly baseUrl: string;
  /** The host name, lower case, without port (what TF_TOKEN_<host> and credentials files name). */
  readonly hostname: string;
  /** `hostname:port` when a port was given, else the host name. */
  readonly host: string;
  /** Where the address came from: `--address`, `TFE_ADDRESS`, `TFE_HOSTNAME` or `default`. */
  readonly source: string;
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain http:// may talk to. */
export function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/**
 * TFE_HOSTNAME is a host name (a port allowed), as the official Go client reads it: a scheme or a
 * path there would become `https://http//...` and fail later on DNS, far from its cause.
 */
function hostnameUrl(value: string): string {
  const host = value.trim();
  if (host === '' || /[\s/\\@?#]/.test(host)) {
    throw new CLIError(`TFE_HOSTNAME takes a host name (such as tfe.example.com or tfe.example.com:8443), got "${value}": set TFE_ADDRESS for a full URL.`);
  }
  return `https://${host}`;
}

function pick(flags: { address?: string | undefined }, env: Env): { raw: string; source: string } {
  if (flags.address) return { raw: flags.address, source: '--address' };
  if (env.TFE_ADDRESS) return { raw: env.TFE_ADDRESS, source: 'TFE_ADDRESS' };
  if (env.TFE_HOSTNAME) return { raw: hostnameUrl(env.TFE_HOSTNAME), source: 'TFE_HOSTNAME' };
  return { raw: `https://${DEFAULT_HOSTNAME}`, source: 'default' };
}

export function addressFrom(flags: { address?: string | undefined }, env: Env): Address {
  const { raw, source } = pick(flags, env);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CLIError(`The address from ${source} is not a URL: "${raw}". Example: https://app.terraform.io`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CLIError(`The address from ${source} must start with https:// (got ${url.protocol}//).`);
  }
  if (url.username || url.password) throw new CLIError(`The address from ${source} must not carry a user name or password.`);
  if (url.search || url.hash) throw new CLIError(`The address from ${source} must not carry a query or fragment.`);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new CLIError(
      `Refusing plain http:// to ${url.hostname} (from ${source}): the token would travel unencrypted. Use https://; http:// is allowed only for loopback hosts.`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  const prefix = path.endsWith(API_ROOT) ? path.slice(0, -API_ROOT.length) : path;
  const hostname = url.hostname.toLowerCase();
  return {
    baseUrl: `${url.protocol}//${url.host}${prefix}${API_ROOT}`,
    hostname,
    host: url.port ? `${hostname}:${url.port}` : hostname,
    source,
  };
}
