// Separation of duties (docs/evidence.md, "Access reviews"): a reviewer may not decide access they
// provisioned themselves. Who provisioned it is the actor of the latest event of the audit trail
// that added or changed that team's access on that target, or that added that person to the team;
// the reviewer as written is matched against the actor's username, or through the person with that
// email; the matching of events to the access is triage's (triage/match.ts). Pure: the rows, the
// events and the people's usernames in, one line per conflict out.
import type { AuditEvent } from '../core/audit.js';
import { personKey } from '../core/people.js';
import { provisioningEvent } from '../triage/match.js';
import type { DecidedRow } from './decisions.js';

/** The event that provisioned the row's access, when the trail has it (triage/match.ts, provisioningEvent). */
function provisioning(row: DecidedRow['row'], events: readonly AuditEvent[], usernameOf: (email: string) => string | undefined): AuditEvent | undefined {
  // The trail records no change of a team's settings (triage/match.ts, `not-recorded`): a power has no provisioning event.
  if (row.kind === 'power') return undefined;
  // A derived row is carried by the team's access on its target: who provisioned that grant provisioned it.
  if (row.kind === 'team' || row.kind === 'derived')
    return provisioningEvent({ kind: 'grant', targetId: row.target.id, team: { id: row.teamId, name: row.subject } }, events);
  const username = usernameOf(row.subject);
  return username === undefined ? undefined : provisioningEvent({ kind: 'member', teamId: row.teamId, username }, events);
}

/** Whether the reviewer as written is the actor: by username (any case), or an email whose person has the actor's username. */
function isActor(reviewer: string, actor: string, usernameOf: (email: string) => string | undefined): boolean {
  const written = reviewer.trim().toLowerCase();
  if (written === actor.toLowerCase()) return true;
  return written.includes('@') && usernameOf(written)?.toLowerCase() === actor.toLowerCase();
}

export function provisionerProblems(rows: readonly DecidedRow[], events: readonly AuditEvent[], usernameOf: (email: string) => string | undefined): string[] {
  return rows.flatMap(({ at, row }) => {
    const event = provisioning(row, events, usernameOf);
    if (!event || !isActor(row.reviewer, event.actor.name, usernameOf)) return [];
    return [
      `${at}: reviewer ${row.reviewer} provisioned this access (audit trail: ${event.resourceType}.${event.action} by ${event.actor.name} at ${event.at}); another reviewer must decide it`,
    ];
  });
}

/** The usernames of the organization's people, by email (any case). */
export function usernames(people: readonly { readonly email: string; readonly username?: string | null }[]): (email: string) => string | undefined {
  const byEmail = new Map(people.flatMap((p) => (p.username ? [[personKey(p.email), p.username] as const] : [])));
  return (email) => byEmail.get(personKey(email));
}
