// Separation of duties (docs/evidence.md, "Access reviews"): a reviewer may not decide access they
// provisioned themselves. Who provisioned it is the actor of the latest event of the audit trail
// that added or changed that team's access on that target, or that added that person to the team;
// the reviewer as written is matched against the actor's username, or through the person with that
// email. Pure: the rows, the events and the people's usernames in, one line per conflict out.
import type { AuditEvent } from '../core/audit.js';
import { personKey } from '../core/people.js';
import type { DecidedRow } from './decisions.js';

const GRANTED = new Set(['add_team', 'update_team_permissions']);

/** The last of `events` (oldest first) that `on` selects. */
function latest(events: readonly AuditEvent[], on: (e: AuditEvent) => boolean): AuditEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as AuditEvent;
    if (on(event)) return event;
  }
  return undefined;
}

/** The event that provisioned the row's access, when the trail has it. */
export function provisioningEvent(
  row: DecidedRow['row'],
  events: readonly AuditEvent[],
  usernameOf: (email: string) => string | undefined,
): AuditEvent | undefined {
  // The trail records no change of a team's settings (triage/match.ts, `not-recorded`): a power has no provisioning event.
  if (row.kind === 'power') return undefined;
  if (row.kind === 'team') {
    // The trail names the team by id or by name (triage/match.ts): either is taken.
    const onTeam = (team: string | undefined): boolean => team !== undefined && (team === row.teamId || team === row.subject);
    return latest(events, (e) => e.resourceId === row.target.id && GRANTED.has(e.action) && onTeam(e.team));
  }
  const username = usernameOf(row.subject);
  if (username === undefined) return undefined;
  return latest(events, (e) => e.resourceId === row.teamId && e.action === 'add_member' && e.user === username);
}

/** Whether the reviewer as written is the actor: by username (any case), or an email whose person has the actor's username. */
function isActor(reviewer: string, actor: string, usernameOf: (email: string) => string | undefined): boolean {
  const written = reviewer.trim().toLowerCase();
  if (written === actor.toLowerCase()) return true;
  return written.includes('@') && usernameOf(written)?.toLowerCase() === actor.toLowerCase();
}

export function provisionerProblems(rows: readonly DecidedRow[], events: readonly AuditEvent[], usernameOf: (email: string) => string | undefined): string[] {
  return rows.flatMap(({ at, row }) => {
    const event = provisioningEvent(row, events, usernameOf);
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
