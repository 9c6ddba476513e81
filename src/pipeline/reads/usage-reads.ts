// recommend's reads of state and variables from the audit trail (docs/recommend.md, "Reads from
// the audit trail"): the trail's `state_version` and `var` show and index events of the window,
// each with its reader. A state version's workspace is asked once (`GET /state-versions/:id`, each
// distinct id not already in the usage log, which keeps the answer); a variable's id no path shows
// alone (docs/api.md, "Audit trail as evidence of reads"), nor does a list name its object: those
// reads map to no workspace, and the rule keeps their permission on the grants of the reader's teams.
import type { TfeClient } from '../../api/client.js';
import type { AuditEvent } from '../../core/audit.js';
import { READ_EVENT_ACTIONS, READ_EVENT_VERBS, type UsageRead } from '../../core/usage.js';

export interface TrailReads {
  readonly reads: readonly UsageRead[];
  /** Every state version asked of the service or known from the log, with its workspace (null: 404). */
  readonly stateVersions: ReadonlyMap<string, string | null>;
  /** Reads no path maps to a workspace. */
  readonly unmapped: number;
}

/** The read events of the trail from `from` (epoch ms). */
function readEvents(events: readonly AuditEvent[], from: number): AuditEvent[] {
  return events.filter((e) => READ_EVENT_ACTIONS[e.resourceType] !== undefined && READ_EVENT_VERBS.includes(e.action) && Date.parse(e.at) >= from);
}

const mapsByState = (e: AuditEvent): boolean => e.resourceType === 'state_version' && e.action === 'show';

export async function readsFromTrail(
  client: Pick<TfeClient, 'stateVersionWorkspace'>,
  events: readonly AuditEvent[],
  from: number,
  known: ReadonlyMap<string, string | null>,
): Promise<TrailReads> {
  const chosen = readEvents(events, from);
  const ask = [...new Set(chosen.filter(mapsByState).map((e) => e.resourceId))].filter((id) => !known.has(id));
  const answers = await Promise.all(ask.map(async (id) => [id, (await client.stateVersionWorkspace(id)) ?? null] as const));
  const stateVersions = new Map([...known, ...answers]);
  const reads = chosen.map((e): UsageRead => {
    const action = READ_EVENT_ACTIONS[e.resourceType] ?? 'read-state';
    const workspaceId = mapsByState(e) ? (stateVersions.get(e.resourceId) ?? null) : null;
    return { action, userId: e.actor.id, at: e.at, workspaceId };
  });
  return { reads, stateVersions, unmapped: reads.filter((r) => r.workspaceId === null).length };
}
