// `report --can PERMISSION` (docs/evidence.md, "Who can"): the questions a reader may ask, one row
// per permission value of the access tables (core/access.ts), so a row added there is a question
// here with no change; and the one answer of whether a team's effective access on a target allows
// it. Every output (text, JSON, CSV, the HTML control) asks `allows`, never a copy of it.
import { PERMISSIONS, type PermissionSpec, type PermissionValue, type Resource } from './access.js';
import type { AccessSource, EffectiveCell } from './effective.js';
import type { ReachVia } from './indirect.js';
import { RESOURCE_OF, type TargetRef, type TargetType, type TeamRef } from './model.js';

/** What a question takes on one kind of target: a permission at least this value, or admin itself. */
export type Requirement = { readonly key: string; readonly atLeast: PermissionValue } | { readonly admin: true };

export interface CanQuestion {
  /** As asked: `runs:apply`, `variables:write`, `workspace-locking`, `manage-team-access`. */
  readonly name: string;
  readonly description: string;
  /** Absent: the question says nothing about that kind of target (no cell of it allows it). */
  readonly project?: Requirement;
  readonly workspace?: Requirement;
  /** A permission the organization's powers decide beside the grants (`organizationGate`). */
  readonly organization?: OrganizationGate;
}

/**
 * Organization powers that decide a question beside the grants (docs/evidence.md, "Who can"):
 * `holds` gives it on every target; a grant's value counts only for a team that also holds `gate`
 * (not reported: the grant's yes is not known).
 */
export interface OrganizationGate {
  readonly holds: string;
  readonly gate: string;
}

/** By the question's base name: `policy-overrides` (docs/api.md, "Newer permissions"; the teams API docs). */
const ORGANIZATION_GATES: Readonly<Record<string, OrganizationGate>> = {
  'policy-overrides': { holds: 'manage-policy-overrides', gate: 'delegate-policy-overrides' },
};

const PROJECT_GROUP = 'project-access.';
const WORKSPACE_GROUP = 'workspace-access.';

/**
 * A project's `workspace-access.K` is the team-workspaces `K` on each workspace of the project
 * (`locking` is `workspace-locking` there); the three with no workspace counterpart are named for
 * what they act on, so no name is ambiguous.
 */
const WORKSPACE_NAME_OF_PROJECT_KEY: Readonly<Record<string, string>> = {
  locking: 'workspace-locking',
  create: 'create-workspaces',
  move: 'move-workspaces',
  delete: 'delete-workspaces',
};

/** The question's base name of a permission key: `runs`, `settings`, `workspace-locking`, `create-workspaces` (also the report CSV's column of it). */
export function baseName(resource: Resource, key: string): string {
  if (resource === 'team-workspaces') return key;
  if (key.startsWith(PROJECT_GROUP)) return key.slice(PROJECT_GROUP.length);
  const name = key.slice(WORKSPACE_GROUP.length);
  return WORKSPACE_NAME_OF_PROJECT_KEY[name] ?? name;
}

/** The values worth asking about: every string value but `none`; a boolean, only `true`. */
function askable(spec: PermissionSpec): readonly PermissionValue[] {
  return spec.values === 'boolean' ? [true] : spec.values.filter((v) => v !== 'none');
}

const questionName = (base: string, value: PermissionValue): string => (value === true ? base : `${base}:${String(value)}`);

function permissionQuestions(): CanQuestion[] {
  const byName = new Map<string, { description: string; project?: Requirement; workspace?: Requirement; organization?: OrganizationGate }>();
  for (const [type, resource] of Object.entries(RESOURCE_OF) as [TargetType, Resource][]) {
    for (const spec of PERMISSIONS[resource]) {
      for (const value of askable(spec)) {
        const name = questionName(baseName(resource, spec.key), value);
        // A question both kinds answer is described as the workspace's permission (a project grant gives it on each of its workspaces).
        const gate = ORGANIZATION_GATES[name];
        const row = byName.get(name) ?? { description: spec.description, ...(gate ? { organization: gate } : {}) };
        byName.set(name, { ...row, ...(type === 'workspace' ? { description: spec.description } : {}), [type]: { key: spec.key, atLeast: value } });
      }
    }
  }
  return [...byName].map(([name, row]) => ({ name, ...row }));
}

/** Admin-only powers: in no permission vector, held by an admin grant (docs/api.md, "Seed: access levels"). */
const ADMIN_QUESTIONS: readonly CanQuestion[] = [
  {
    name: 'manage-team-access',
    description: 'Manage the team access of the target: an admin grant on a workspace, teams=manage on a project.',
    project: { key: 'project-access.teams', atLeast: 'manage' },
    workspace: { admin: true },
  },
];

/** Every question, in table order. */
export const CAN_QUESTIONS: readonly CanQuestion[] = [...permissionQuestions(), ...ADMIN_QUESTIONS];

export function findQuestion(name: string): CanQuestion | undefined {
  return CAN_QUESTIONS.find((q) => q.name === name);
}

/** Rank of a value among the spec's values (false < true). */
function rank(spec: PermissionSpec, value: PermissionValue): number {
  if (spec.values === 'boolean') return value === true ? 1 : 0;
  return spec.values.indexOf(value as string);
}

/**
 * Whether the cell allows it: true, false, or `unknown` when the cell's permission is not known
 * (a fixed level no public source describes on it: docs/api.md, "Newer permissions").
 */
export function allows(question: CanQuestion, cell: Pick<EffectiveCell, 'target' | 'access' | 'permissions'>): boolean | 'unknown' {
  const requirement = question[cell.target.type];
  if (!requirement) return false;
  if ('admin' in requirement) return cell.access === 'admin';
  const resource = RESOURCE_OF[cell.target.type];
  const spec = PERMISSIONS[resource].find((s) => s.key === requirement.key);
  const value = cell.permissions[requirement.key];
  if (!spec || value === undefined) return 'unknown';
  return rank(spec, value) >= rank(spec, requirement.atLeast);
}

/** One (team, target) that can, or may: with the sources that give it on their own. */
export interface CanHolder {
  readonly team: TeamRef;
  readonly target: TargetRef;
  readonly sources: readonly AccessSource[];
  /** A report by person: the active members of the team who hold it through it. */
  readonly people?: readonly string[];
  /** A report by person: the team's service accounts (by name) and hidden members (by user id), never among `people`. */
  readonly serviceAccounts?: readonly string[];
  readonly hidden?: readonly string[];
  /** A question of indirect access: how the target leads to what was asked (core/indirect.ts). */
  readonly via?: ReachVia;
}

/** What an indirect answer could not see (its words: render/report/report-can.ts). */
export type ReachGap =
  /** The list of these was not given to the token (404 or 403), or this server has none. */
  | { readonly reason: 'not-listed'; readonly list: 'varsets' | 'agent-pools' | 'stacks' | 'workspaces' }
  /** The explicit consumers of the workspace were not read. */
  | { readonly reason: 'consumers-not-read'; readonly workspace: string }
  /** A set's workspaces or projects in the list are fewer than its count says. */
  | { readonly reason: 'relationship-short'; readonly varset: string }
  /** Workspaces on agents whose pool the answer does not name (inherited, not reported). */
  | { readonly reason: 'pool-not-named'; readonly workspaces: readonly string[] }
  /** The token does not see every workspace: the consumers lists leave out those it cannot read. */
  | { readonly reason: 'partial-token' }
  /** The team access the answer starts from was read in part (the report's coverage is partial): a team whose access the token cannot see is not counted. */
  | { readonly reason: 'access-partial' };

/** The answers of one (team, target): the indexes in CAN_QUESTIONS it allows, and those not known. What the HTML's masks say. */
export interface CanCellAnswers {
  readonly team: TeamRef;
  readonly target: TargetRef;
  readonly yes: readonly number[];
  readonly unknown: readonly number[];
}

/** `report --can`: the question, who can, and where the access is not known well enough to say. */
export interface CanAnswer {
  readonly question: string;
  readonly holders: readonly CanHolder[];
  /** Cells where the permission is not known (listed, never counted as yes or no). */
  readonly unknown: readonly CanHolder[];
  /** A question of indirect access: what its answer could not see (empty: every edge was read). */
  readonly gaps?: readonly ReachGap[];
}
