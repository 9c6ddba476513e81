// The headers of `GET /api/v2/ping` -> ServerInfo (docs/api.md, "Server capabilities"). A server may
// be hostile: a value that is not a plain version or name, or that echoes the token, is dropped,
// never printed or recorded.
import type { ServerInfo } from '../core/server.js';
import { announcedRateLimit } from './session.js';

type Headers = Readonly<Record<string, string | undefined>>;

const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;
const APP_NAME = /^[A-Za-z][A-Za-z0-9 ._-]{0,63}$/;

/** `redact` is the session's: a value it would change holds the token. */
function matching(value: string | undefined, pattern: RegExp, redact: (text: string) => string): string | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && pattern.test(trimmed) && redact(trimmed) === trimmed ? trimmed : undefined;
}

/** What the ping's answer says about the server; every header is optional (older releases send fewer). */
export function serverInfoFrom(headers: Headers, redact: (text: string) => string = (text) => text): ServerInfo {
  const fields = {
    app: matching(headers['tfp-appname'], APP_NAME, redact),
    version: matching(headers['x-tfe-version'], VERSION, redact),
    numericVersion: matching(headers['x-tfe-current-version'], VERSION, redact),
    apiVersion: matching(headers['tfp-api-version'], VERSION, redact),
    rateLimit: announcedRateLimit(headers),
  };
  const known = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Omit<ServerInfo, 'pinged'>;
  return { pinged: true, ...known };
}
