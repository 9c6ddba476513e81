// Live state -> desired-state documents. Pure: the pipeline reads, this decides what a file says.
//
// Decisions (docs/adopting.md, "What export writes"):
// - A target asked for by name is always written, even with no grants (`teams: {}`): with the
//   default prune, that file says "no team has direct access here".
// - With `--all`, only targets with at least one grant it can name are written: most workspaces
//   have no direct grants (they inherit from their project), and a file of empty entries is noise.
// - The owners team is written like any other team: the file shows what is there, and the plan
//   never removes an owners grant anyway.
// - A grant of a team the token can't name (a secret team it is not in) is left out and reported:
//   the plan never removes a grant of a team it can't name, so the file still plans clean.
// - `settings` is not written: prune stays at its default (true), no ignore-teams, no roles.
import { type LiveGrant, type LiveState, type LiveTarget, RESOURCE_OF, type TargetType } from '../core/model.js';
import { byKey, compareText } from '../core/order.js';
import { type GrantValue, grantValue, sortedRecord } from './grant.js';

export interface ExportedTarget {
  readonly type: TargetType;
  readonly name: string;
  readonly id: string;
  readonly projectId?: string;
  /** Team name -> grant value, sorted by team name. */
  readonly teams: Readonly<Record<string, GrantValue>>;
}

export type SkipReason = 'team-not-visible' | 'duplicate-grant';

export interface SkippedGrant {
  readonly reason: SkipReason;
  readonly target: { readonly type: TargetType; readonly name: string };
  readonly grantId: string;
  readonly teamId: string;
}

export interface ExportSelection {
  /** Ids of targets named on the command line: written even when they have no grants. */
  readonly named: ReadonlySet<string>;
}

export interface Exported {
  readonly organization: string;
  /** Sorted by type (projects first), then name. */
  readonly targets: readonly ExportedTarget[];
  readonly skipped: readonly SkippedGrant[];
}

function exportTarget(live: LiveState, target: LiveTarget, skipped: SkippedGrant[]): ExportedTarget {
  const resource = RESOURCE_OF[target.type];
  const where = { type: target.type, name: target.name };
  const teams = new Map<string, GrantValue>();
  // Grant-id order decides which of two grants of one team is kept, so the choice is stable.
  const grants = [...target.grants].sort(byKey((grant: LiveGrant) => grant.id));
  for (const grant of grants) {
    const team = live.teams.get(grant.teamId);
    if (!team) {
      skipped.push({ reason: 'team-not-visible', target: where, grantId: grant.id, teamId: grant.teamId });
    } else if (teams.has(team.name)) {
      skipped.push({ reason: 'duplicate-grant', target: where, grantId: grant.id, teamId: grant.teamId });
    } else {
      teams.set(team.name, grantValue(resource, grant.access));
    }
  }
  return {
    type: target.type,
    name: target.name,
    id: target.id,
    ...(target.projectId ? { projectId: target.projectId } : {}),
    teams: sortedRecord(teams),
  };
}

const TYPE_ORDER: { readonly [T in TargetType]: number } = { project: 0, workspace: 1 };

export function exportLive(live: LiveState, selection: ExportSelection): Exported {
  const skipped: SkippedGrant[] = [];
  const targets: ExportedTarget[] = [];
  for (const target of live.targets.values()) {
    const exported = exportTarget(live, target, skipped);
    if (selection.named.has(target.id) || Object.keys(exported.teams).length > 0) targets.push(exported);
  }
  targets.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || compareText(a.name, b.name));
  return { organization: live.organization, targets, skipped };
}
