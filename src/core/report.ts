// The report (docs/effective-access.md, "Effective access"): the whole organization's effective access as a run
// computed it, with the files' policies' violations. Plain data, shared by pipeline/use-cases/report.ts and
// the report's renderers.

import type { CanAnswer, CanCellAnswers } from './can.js';
import type { PowerAnswer } from './can-power.js';
import type { Coverage, Scope } from './coverage.js';
import type { DerivedAccess } from './derived.js';
import type { EffectiveCell } from './effective.js';
import type { Project, Team, Workspace } from './model.js';
import type { ReportPeople } from './person-access.js';
import type { PolicyViolation } from './policy.js';
import type { LiveToken } from './token-policy.js';

/** A workspace of the report, with its project when the token can see it. */
export interface ReportWorkspace extends Workspace {
  readonly project?: Project;
}

/** The whole organization's effective access, and what it was computed from. */
export interface Report {
  readonly organization: string;
  /** `live`: as it is; `after`: once the plan of the files is applied. */
  readonly state: 'live' | 'after';
  /** ISO 8601, when the live state was read. */
  readonly generatedAt: string;
  readonly teams: readonly Team[];
  readonly projects: readonly Project[];
  readonly workspaces: readonly ReportWorkspace[];
  /** Every (team, target) with any access, sorted by target type, target name, team name. */
  readonly cells: readonly EffectiveCell[];
  /** docs/effective-access.md, "Policies": what the access breaks of the files' policies (none without files or policies). */
  readonly violations: readonly PolicyViolation[];
  /** Whether the read of the targets shown is known to be whole (docs/effective-access.md, "Effective access": `complete`). */
  readonly coverage: Coverage;
  /** What the report was asked: the paths, --team, --project, --workspace, --person. */
  readonly scope: Scope;
  /** `--by person` only (docs/effective-access.md, "People"): each person with their teams and access; absent, people were not read. */
  readonly people?: ReportPeople;
  /** `--can PERMISSION` (docs/evidence.md, "Who can"): who can, with the sources that give it. */
  readonly can?: CanAnswer;
  /** `--can FLAG` of an organization power (docs/evidence.md, "Who holds an organization power"): the teams that hold it, with what gives it. */
  readonly canPower?: PowerAnswer;
  /**
   * Every who-can answer of every (team, target) shown with one (docs/evidence.md, "Who can"): the
   * same computation as `can` (effective/can.ts), asked of every question, for the HTML's control.
   */
  readonly answers?: readonly CanCellAnswers[];
  /** `--after` (docs/evidence.md, "Changes marked"): each (team, target) whose effective access the plan changes, before and after. */
  readonly changed?: readonly CellChange[];
  /**
   * `--tokens` and evidence bundles (docs/effective-access.md, "Tokens"): every team token the caller
   * can list, and the organization and audit-trail tokens, never a secret; absent, tokens were not read.
   */
  readonly tokens?: ReportTokens;
  /**
   * Evidence bundles (docs/evidence.md, "Derived rows"): every team that reaches a variable set, the
   * outputs of a workspace, an agent pool or a Stack through indirect access, and what the read of the
   * edges could not see (said in `coverage` too); absent, the edges were not read for it.
   */
  readonly derived?: DerivedAccess;
}

/** The tokens as read, each team token with its team's name; `teamTokensListed` false: the server (or the caller) has no team-token list. */
export interface ReportTokens {
  readonly tokens: readonly LiveToken[];
  readonly teamTokensListed: boolean;
}

/** A cell the plan of the files changes: null on a side where the team has no access there. */
export interface CellChange {
  readonly before: EffectiveCell | null;
  readonly after: EffectiveCell | null;
}
