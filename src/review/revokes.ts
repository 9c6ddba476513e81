// Each `revoke` as the drift item whose adoption takes it out of the files (docs/evidence.md,
// "Access reviews"; src/adopt/): a team's grant the files give is a grant live has and the files
// would no longer (adopt deletes it from its entry), a person is a member taken out of the team's
// `members:`. Access the files do not give (an organization permission, the owners team, a target
// the files do not name, a grant they do not write) cannot be revoked through them: said per row.
// Nor can access an organization-wide source holds as well (an organization power such as
// manage-workspaces, the owners team): taking the grant out of the files would leave it as it is,
// so the revoke is refused with what holds it. Pure.
import type { DriftItem } from '../core/drift-item.js';
import { RESOURCE_OF } from '../core/model.js';
import type { Resolved } from '../core/resolved.js';
import { nfc } from '../core/names.js';
import type { DecidedRow } from './decisions.js';

export interface Revoke {
  readonly at: string;
  readonly row: DecidedRow['row'];
  readonly item: DriftItem;
}

/** What else holds a team's access on a target, organization-wide, in words (`organization manage-workspaces`); empty for none. */
export type HeldBy = (teamId: string, targetId: string) => readonly string[];

function revokeOf({ at, row }: DecidedRow, resolved: Resolved, heldBy: HeldBy): Revoke | string {
  if (row.kind === 'person') {
    const team = { name: row.via ?? '', id: row.teamId };
    return { at, row, item: { kind: 'member', change: { action: 'add', team, person: { email: row.subject } } } };
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
  const team = { name: row.subject, id: row.teamId };
  const change = {
    action: 'add',
    resource: RESOURCE_OF[target.type],
    team,
    target: { type: target.type, name: target.name, id: target.id },
    after: grant.access,
    ...(grant.origin ? { source: grant.origin } : {}),
  } as const;
  return { at, row, item: { kind: 'grant', change } };
}

/** The revokes as drift items, and every row that cannot be revoked through the files. */
export function revokeItems(rows: readonly DecidedRow[], resolved: Resolved, heldBy: HeldBy = () => []): { revokes: Revoke[]; problems: string[] } {
  // A person revoked on several rows from one team is one removal.
  const seen = new Set<string>();
  const found = rows
    .filter((r) => r.row.decision === 'revoke')
    .filter((r) => {
      if (r.row.kind !== 'person') return true;
      const key = `${r.row.subject.toLowerCase()}\u0000${r.row.teamId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((r) => revokeOf(r, resolved, heldBy));
  return { problems: found.filter((f): f is string => typeof f === 'string'), revokes: found.filter((f): f is Revoke => typeof f !== 'string') };
}
