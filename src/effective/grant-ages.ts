// Which grants were made inside the window (docs/recommend.md, "The rule": a grant younger than the
// window is kept, too recent to judge), from the audit trail's `add_team` events on a workspace or a
// project (docs/api.md, "Audit trail": `meta.team` the team's name or id). The trail keeps 14 days:
// a grant made before that is not told apart, and the evidence says so. Pure.
import type { AuditEvent } from '../core/audit.js';
import { RESOURCE_OF, type Team } from '../core/model.js';
import { usageGrantKey } from './usage-attribution.js';

const TYPES: Readonly<Record<string, 'project' | 'workspace'>> = { project: 'project', workspace: 'workspace' };

/** The keys (usageGrantKey) of the grants the events show made at or after `since` (epoch ms). */
export function grantsMadeSince(events: readonly AuditEvent[], teams: readonly Team[], since: number): Set<string> {
  const teamId = (named: string): string | undefined => teams.find((t) => t.id === named || t.name === named)?.id;
  const out = new Set<string>();
  for (const event of events) {
    const type = TYPES[event.resourceType];
    const team = event.team === undefined ? undefined : teamId(event.team);
    if (event.action !== 'add_team' || type === undefined || team === undefined || Date.parse(event.at) < since) continue;
    out.add(usageGrantKey(RESOURCE_OF[type], team, event.resourceId));
  }
  return out;
}
