// The revoke of a derived row (docs/evidence.md, "Derived rows"): what a team reaches through
// indirect access is carried by its access on the row's target and by a setting beside it (the
// workspace's sharing, the set's scope, the workspace's execution). A revoke is never a write of its
// own: the grant's row revoked in the same close carries it out (written as every grant's revoke),
// else the setting is reported to change by hand; a row only the grant carries (a Stack's project
// role) with that grant kept cannot take effect, and is refused. Pure.
import type { DerivedRevoke } from '../core/review.js';
import type { DecidedRow } from './decisions.js';

/** The setting that carries a derived row beside its grant, in words (undefined: the grant alone carries it). */
export type SettingOf = (row: DecidedRow['row']) => string | undefined;

/** Each revoked derived row's outcome by its `at`, and one problem for each that cannot take effect. */
export function derivedRevokes(decided: readonly DecidedRow[], settingOf: SettingOf): { outcomes: Map<string, DerivedRevoke>; problems: string[] } {
  const outcomes = new Map<string, DerivedRevoke>();
  const problems: string[] = [];
  const grantRevoked = (row: DecidedRow['row']) =>
    decided.find((d) => d.row.kind === 'team' && d.row.decision === 'revoke' && d.row.teamId === row.teamId && d.row.target.id === row.target.id);
  for (const { at, row } of decided) {
    if (row.kind !== 'derived' || row.decision !== 'revoke') continue;
    const grant = grantRevoked(row);
    const setting = settingOf(row);
    if (grant) outcomes.set(at, { kind: 'grant', at: grant.at });
    else if (setting !== undefined) outcomes.set(at, { kind: 'setting', change: setting });
    else
      problems.push(
        `${at}: team ${row.subject} ${row.access} only through its access on ${row.target.type} ${row.target.name} (${row.sources}): revoke that access's row too, or keep this one`,
      );
  }
  return { outcomes, problems };
}
