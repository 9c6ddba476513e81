// A saved plan's `server` (what the server's ping said when the plan was made, core/plan-document.ts)
// back into a ServerInfo, so `show` prints the saved plan's JSON as `plan` printed it. The document
// holds four strings or nulls; a server whose every field is null is one that was not pinged.
import { serverDocument } from '../core/plan-document.js';
import type { ServerInfo } from '../core/server.js';
import type { Reader } from './reader.js';

const FIELDS = [
  ['app', 'app'],
  ['version', 'version'],
  ['numeric_version', 'numericVersion'],
  ['api_version', 'apiVersion'],
] as const;

export function serverOf(plan: Reader): { server?: ServerInfo } {
  if (plan.value.server === undefined) return {};
  const reader = plan.object('server');
  const server: { -readonly [K in keyof ServerInfo]: ServerInfo[K] } = { pinged: false };
  for (const [key, field] of FIELDS) {
    if (reader.value[key] === null) continue;
    server[field] = reader.string(key);
    server.pinged = true;
  }
  // All the file says is kept: a key the document does not know is an edit.
  if (JSON.stringify(serverDocument(server)) !== JSON.stringify(reader.value)) reader.fail(`${plan.at('server')} has keys a plan does not write`);
  return { server };
}
