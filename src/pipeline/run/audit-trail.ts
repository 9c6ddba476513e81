// The audit trail's reader for a run (docs/connecting.md, "Audit token"): a client of its own on
// the run's address with the audit token, under the run's rate limit, timeouts and stop. No audit
// token is no error: the run then attributes nothing (`no-audit-token`).
import { AuditTrailClient } from '../../api/audit.js';
import { auditConnectionFrom } from '../../api/credentials.js';
import type { AuditTrailReader } from '../../core/audit.js';
import { clientOf, homeOf, type RunConnection } from './request.js';
import type { RunControl } from './run-control.js';

export type OpenedAuditTrail = { readonly kind: 'token'; readonly reader: AuditTrailReader; close(): Promise<void> } | { readonly kind: 'none' };

export function openAuditTrail(connection: RunConnection, control?: RunControl): OpenedAuditTrail {
  const found = auditConnectionFrom({ address: connection.address }, connection.env, homeOf(connection));
  if (found === undefined) return { kind: 'none' };
  const client = clientOf(connection, found, control);
  return { kind: 'token', reader: new AuditTrailClient(client, { tokenSource: found.tokenSource, host: found.host }), close: () => client.close() };
}
