// The one checker of the names the files give (docs/sets.md, "Names the files give"): a team, project,
// workspace or tag is found as written, or after Unicode NFC (core/names.ts: found, with a
// `name-normalisation` warning), or is a problem at the place the files wrote it, with its near
// misses in the organization. Teams everywhere they are named (grants of entries and sets,
// `settings.ignore-teams`, a policy's `except-teams`, `min-access.team` and exceptions) are checked here; the
// selectors of sets and policies through expand/selectors.ts, with the same function. Pure.

import type { FilesState } from '../core/desired-state.js';
import type { DesiredGrant, SourceRef, Team } from '../core/model.js';
import { NameIndex } from '../core/names.js';
import { NOT_VISIBLE } from '../core/not-found.js';
import { byKey } from '../core/order.js';
import type { PlanWarning } from '../core/plan.js';
import type { DesiredPolicy } from '../core/policy.js';
import { spellRule } from '../core/policy-rules.js';
import { quote } from '../core/printable.js';
import { didYouMean } from '../core/suggest.js';
import type { DesiredTeam } from '../core/teams.js';

export interface NameProblem {
  /** Where the name is written; absent for a state built without sources (a library caller's). */
  readonly source?: SourceRef;
  readonly message: string;
}

/** What checking names found: problems (the run fails with all of them) and warnings (the plan's). */
export interface NameFindings {
  readonly problems: NameProblem[];
  readonly warnings: PlanWarning[];
}

export const noFindings = (): NameFindings => ({ problems: [], warnings: [] });

/** One name as the files give it. */
export interface Naming {
  /** `team`, `project`, `workspace`, `tag`. */
  readonly kind: string;
  readonly name: string;
  readonly source?: SourceRef | undefined;
  /** Where it is named, before the message: `policy "x": `. */
  readonly prefix?: string;
}

const at = (source: SourceRef | undefined): string => (source ? `${source.file}:${source.line}:${source.col}: ` : '');

/**
 * The organization's spelling of the name, or undefined with a problem: `missing` says what "not
 * there" means (`not found, or the token may not see it`), and the near misses come from `index`.
 */
export function checkName(naming: Naming, index: NameIndex, missing: string, findings: NameFindings): string | undefined {
  const { kind, name, source, prefix = '' } = naming;
  const found = index.find(name);
  if (found?.normalised) {
    const message = `${at(source)}${prefix}${kind} ${quote(name)} differs from the organization's ${quote(found.name)} only by Unicode normalisation (the files' is not NFC): taken as that ${kind}; write it as the organization does to silence this.`;
    findings.warnings.push({ code: 'name-normalisation', message });
  }
  if (found) return found.name;
  const message = `${prefix}${kind} ${quote(name)} ${missing}.${didYouMean(name, index.names)}`;
  findings.problems.push(source ? { source, message } : { message });
  return undefined;
}

const byTeam = byKey((g: DesiredGrant) => g.team);

const where = (source: SourceRef | undefined): string => (source ? `${source.file}:${source.line}:${source.col}, ` : '');

/** Each `previously:` name of `teams:`, to the team that has it now: a grant still naming it is told the new name. */
function renamedTo(desired: FilesState): Map<string, DesiredTeam> {
  return new Map((desired.teams ?? []).flatMap((team) => team.previously.map((old) => [old, team] as const)));
}

const NOT_VISIBLE_TEAM = `${NOT_VISIBLE} (secret teams are visible to their members and owners only)`;

/**
 * Every team the files name, checked once per spelling (its first place): granted and ignored teams
 * alike must be teams the token sees, since an ignored name that matches no team protects nothing
 * and the grant it meant to keep would be pruned; a policy's team that is no team would exempt
 * nothing or demand the impossible. Returns the organization's spelling of each name found.
 */
export function checkTeams(desired: FilesState, teams: readonly Team[], findings: NameFindings): Map<string, string> {
  const index = new NameIndex(teams.map((t) => t.name));
  const spelling = new Map<string, string>();
  const missing = `in organization ${quote(desired.organization)}: ${NOT_VISIBLE_TEAM}`;
  const renamed = renamedTo(desired);
  // Once per name and kind of place: a team unknown in grants and in ignore-teams is said at both.
  const checked = new Set<string>();
  const check = (name: string, source: SourceRef | undefined, prefix = ''): void => {
    if (checked.has(`${prefix}\u0000${name}`)) return;
    checked.add(`${prefix}\u0000${name}`);
    const newName = index.find(name) ? undefined : renamed.get(name);
    if (newName) {
      const message = `${prefix}team ${quote(name)} is renamed to ${quote(newName.name)} by teams: (${where(newName.source)}previously: [${name}]): name it ${quote(newName.name)}.`;
      findings.problems.push(source ? { source, message } : { message });
      return;
    }
    const found = checkName({ kind: 'team', name, source, prefix }, index, missing, spelling.has(name) ? noFindings() : findings);
    if (found !== undefined) spelling.set(name, found);
  };
  for (const target of desired.targets) for (const grant of target.grants) check(grant.team, grant.source);
  // A set's ended grants too, in team order with the others: a set keeps merging them (expand/merge.ts).
  for (const set of desired.sets ?? []) for (const grant of [...set.grants, ...(set.expired ?? [])].sort(byTeam)) check(grant.team, grant.source);
  for (const name of desired.settings.ignoreTeams) check(name, desired.settings.ignoreTeamSources?.get(name), 'settings.ignore-teams: ');
  for (const policy of desired.policies ?? []) for (const [name, source] of policy.teamSources ?? []) check(name, source, `policy ${quote(policy.name)}: `);
  // docs/evidence.md, "Accepted exceptions": an exception's team that is no team would accept nothing.
  for (const policy of desired.policies ?? [])
    for (const exception of policy.exceptions ?? [])
      if (exception.team !== undefined) check(exception.team, exception.source, `policy ${quote(policy.name)}: exception: `);
  return spelling;
}

/**
 * The desired state with each team as the organization spells it (what the plan, its changes and
 * the policies compare by). The files are not touched: a saved plan fingerprints them as written.
 */
export function withTeamsAsNamed<S extends FilesState>(desired: S, spelling: ReadonlyMap<string, string>): S {
  if (![...spelling].some(([written, named]) => written !== named)) return desired;
  const team = (name: string): string => spelling.get(name) ?? name;
  const grants = (list: readonly DesiredGrant[]): DesiredGrant[] => list.map((g) => (team(g.team) === g.team ? g : { ...g, team: team(g.team) }));
  // One branch per kind of policy: each keeps its rule's type (core/policy.ts), which a spread of the union would lose.
  const exceptions = (p: DesiredPolicy) =>
    p.exceptions ? { exceptions: p.exceptions.map((e) => (e.team === undefined ? e : { ...e, team: team(e.team) })) } : {};
  const policy = (p: DesiredPolicy): DesiredPolicy =>
    p.type === 'organization' ? { ...p, rule: spellRule(p.rule, team), ...exceptions(p) } : { ...p, rule: spellRule(p.rule, team), ...exceptions(p) };
  return {
    ...desired,
    settings: { ...desired.settings, ignoreTeams: desired.settings.ignoreTeams.map(team) },
    targets: desired.targets.map((t) => ({ ...t, grants: grants(t.grants), ...(t.expired ? { expired: grants(t.expired) } : {}) })),
    ...(desired.sets ? { sets: desired.sets.map((s) => ({ ...s, grants: grants(s.grants), ...(s.expired ? { expired: grants(s.expired) } : {}) })) } : {}),
    ...(desired.policies ? { policies: desired.policies.map(policy) } : {}),
  };
}
