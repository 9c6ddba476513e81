// What a run learns about the server it talks to, from `GET /api/v2/ping` (docs/api.md, "Server
// capabilities"): its product, versions and announced rate limit. Plain data; the API layer reads
// the headers, the plan records the versions, the support check (src/diff/support.ts) uses them.

export interface ServerInfo {
  /** False when the server did not answer the ping (404: a server without it, such as the emulator's seed profile). */
  readonly pinged: boolean;
  /** `TFP-AppName`: "HCP Terraform" or "Terraform Enterprise"; not every release sends it. */
  readonly app?: string;
  /** `X-TFE-Version`, the monthly release of Terraform Enterprise (`v202404-1`). */
  readonly version?: string;
  /** `X-TFE-Current-Version`, the numeric release of Terraform Enterprise (`1.0.3`). */
  readonly numericVersion?: string;
  /** `TFP-API-Version`, the API's dotted version (`2.6.0`). */
  readonly apiVersion?: string;
  /** `X-RateLimit-Limit`: requests per second the server allows. */
  readonly rateLimit?: number;
}

/** Nothing known: no ping was read (yet). */
export const UNKNOWN_SERVER: ServerInfo = { pinged: false };

/** docs/api.md, "Server capabilities": the live service names itself so; it always runs the current API. */
export const HCP_TERRAFORM = 'HCP Terraform';

/** "Terraform Enterprise v202404-1 (1.0.3), API 2.6.0", or what little is known, for messages. */
export function describeServer(server: ServerInfo): string {
  if (!server.pinged) return 'a server that does not answer GET /api/v2/ping (version unknown)';
  const name = server.app ?? 'the server';
  const release = [server.version, server.numericVersion && server.numericVersion !== server.version ? `(${server.numericVersion})` : undefined]
    .filter(Boolean)
    .join(' ');
  const api = server.apiVersion ? `API ${server.apiVersion}` : 'API version not announced';
  return `${name}${release ? ` ${release}` : server.app === HCP_TERRAFORM ? '' : ' (release not announced)'}, ${api}`;
}
