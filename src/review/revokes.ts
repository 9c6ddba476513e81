// Each `revoke` as what it takes out of the files (docs/evidence.md, "Access reviews"; core/review.ts
// Revocation; adopt/revoke.ts writes it): a team's grant the files give (deleted from its entry), a
// person from the team's `members:`, a power from the team's `organization-access`. Access the files do not give (an organization permission, the owners team, a target
// the files do not name, a grant they do not write) cannot be revoked through them: said per row.
// Nor can access an organization-wide source holds as well (an organization power such as
// manage-workspaces, the owners team): taking the grant out of the files would leave it as it is,
// so the revoke is refused with what holds it. A team's organization power is revoked through the
// team's `organization-access` in `teams:` (the flag written off); the owners team's powers, a team the files do not manage that way, and a flag that
// another flag the team keeps brings cannot be. Pure.
import { OWNERS_TEAM } from '../core/model.js';
import { nfc } from '../core/names.js';
import type { Resolved } from '../core/resolved.js';
import { isMemberRow, type Revocation } from '../core/review.js';
import { implyingFlags } from '../core/team-flags.js';
import type { DesiredTeam } from '../core/teams.js';
import type { DecidedRow } from './decisions.js';

export interface Revoke {
  readonly at: string;
  readonly row: DecidedRow['row'];
  readonly revocation: Revocation;
}

/** What else holds a team's access on a target, organization-wide, in words (`organization manage-workspaces`); empty for none. */
export type HeldBy = (teamId: string, targetId: string) => readonly string[];

/** A power's revoke: the flag taken out of the team's `organization-access`, when the files give it there and nothing the team keeps brings it. */
function powerRevokeOf({ at, row }: DecidedRow, teams: readonly DesiredTeam[], revoked: ReadonlySet<string>): Revoke | string {
  const flag = row.access;
  const what = `the revoke of ${flag} of team ${row.subject}`;
  if (nfc(row.subject) === OWNERS_TEAM)
    return `${at}: ${what} cannot be carried out: the owners team holds every power, and the service lets none be taken from it; revoke membership of the owners team instead`;
  const team = teams.find((t) => nfc(t.name).toLowerCase() === nfc(row.subject).toLowerCase());
  if (team === undefined)
    return `${at}: ${what} cannot be carried out through the files: they do not list team ${row.subject} under teams:; turn the power off where it is given`;
  if (team.organizationAccess === undefined)
    return `${at}: ${what} cannot be carried out through the files: team ${row.subject} under teams: gives no organization-access, so the files do not manage its powers; write them there, or turn the power off where it is given`;
  const bringing = implyingFlags(team.organizationAccess, flag).filter((k) => !revoked.has(`${row.teamId}\u0000${k}`));
  if (bringing.length > 0)
    return `${at}: ${what} would not take effect: ${bringing.join(' and ')}, which the team keeps, bring${bringing.length === 1 ? 's' : ''} it; revoke ${bringing.length === 1 ? 'that' : 'those'} too, or keep this row`;
  return { at, row, revocation: { kind: 'power', team: { id: row.teamId, name: team.name }, flag } };
}

function revokeOf({ at, row }: DecidedRow, resolved: Resolved, heldBy: HeldBy): Revoke | string {
  if (isMemberRow(row)) {
    return { at, row, revocation: { kind: 'member', team: { id: row.teamId, name: row.via ?? '' }, email: row.subject } };
  }
  const target = resolved.targets.find((t) => t.id === row.target.id);
  const where = `${row.target.type} ${row.target.name}`;
  const held = heldBy(row.teamId, row.target.id);
  if (held.length > 0)
    return `${at}: the revoke of team ${row.subject} on ${where} would not take effect: the access is held by ${held.join(' and ')}, which the files do not carry; take that away where it is given, then decide the row again`;
  if (!target)
    return `${at}: the files do not name ${where}: team ${row.subject}'s access there (${row.sources}) is not theirs to revoke; revoke it where it is given`;
  const grant = target.desired.grants.find((g) => nfc(g.team) === nfc(row.subject));
  if (!grant) return `${at}: the files give team ${row.subject} no grant on ${where} (its access comes from ${row.sources}); revoke it where it is given`;
  const revocation: Revocation = {
    kind: 'grant',
    team: { id: row.teamId, name: row.subject },
    target: { type: target.type, name: target.name, id: target.id },
    access: grant.access,
    ...(grant.origin ? { origin: grant.origin } : {}),
  };
  return { at, row, revocation };
}

/** The revokes, each what it takes out of the files, and every row that cannot be revoked through the files; `teams` are the files' `teams:`. */
export function revokeItems(
  rows: readonly DecidedRow[],
  resolved: Resolved,
  heldBy: HeldBy = () => [],
  teams: readonly DesiredTeam[] = [],
): { revokes: Revoke[]; problems: string[] } {
  // The powers revoked in this close, by team id and flag: a flag another revoked one brings goes with it.
  const revoked = new Set(rows.filter((r) => r.row.kind === 'power' && r.row.decision === 'revoke').map((r) => `${r.row.teamId}\u0000${r.row.access}`));
  // A person revoked on several rows from one team is one removal.
  const seen = new Set<string>();
  const found = rows
    // A derived row's revoke is no write of its own (review/derived.ts).
    .filter((r) => r.row.decision === 'revoke' && r.row.kind !== 'derived')
    .filter((r) => {
      if (!isMemberRow(r.row)) return true;
      const key = `${r.row.subject.toLowerCase()}\u0000${r.row.teamId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((r) => (r.row.kind === 'power' ? powerRevokeOf(r, teams, revoked) : revokeOf(r, resolved, heldBy)));
  return { problems: found.filter((f): f is string => typeof f === 'string'), revokes: found.filter((f): f is Revoke => typeof f !== 'string') };
}
