// A team its identity provider re-created (docs/plan.md, "Warnings", `team-recreated`; docs/api.md,
// "Identity-provider lifecycles"): HCP Terraform's SCIM page says a group re-activated in the
// provider "creates a new team": a new id under the same name, with none of the old team's grants.
// The API links no old id to the new one and does not audit team creation, so the signature is
// the one the service leaves (core/recreated-team.ts, the one rule): a team linked to a SCIM group
// that holds none of the grants the files give it on the targets read. Its adds are those grants restored to the new id; the warning says
// so, naming each, rather than leaving them as unrelated adds. Over the managed targets only, so
// both read strategies find the same. Pure.
import type { LiveState, Team } from '../core/model.js';
import { compareText } from '../core/order.js';
import type { AddChange, Change, PlanWarning } from '../core/plan.js';
import { looksRecreated } from '../core/recreated-team.js';

const grantWords = (add: AddChange): string => `${add.target.type} ${add.target.name} (${add.afterRole ?? add.after.access})`;

/** Of `teamIds`, those that hold a grant on some target read. */
function holdingGrants(live: LiveState, teamIds: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const target of live.targets.values()) for (const grant of target.grants) if (teamIds.has(grant.teamId)) out.add(grant.teamId);
  return out;
}

function warningOf(team: Team, adds: readonly AddChange[]): PlanWarning {
  const updated = team.scimUpdatedAt === undefined ? '' : ` (updated by SCIM at ${team.scimUpdatedAt})`;
  const listed = [...adds].sort((a, b) => compareText(grantWords(a), grantWords(b))).map(grantWords);
  return {
    code: 'team-recreated',
    message:
      `team ${team.name} (${team.id}) is linked to a SCIM group${updated} and holds none of the ${adds.length === 1 ? 'grant' : `${adds.length} grants`} the files give it on the targets read: ` +
      `it looks re-created by its identity provider (a group re-activated makes a new team under a new id, without the old one's grants). ` +
      `To restore: ${listed.join(', ')}; this plan restores ${adds.length === 1 ? 'it' : 'them'} to ${team.id}.`,
    team: team.name,
  };
}

/** One `team-recreated` warning per SCIM-linked team whose every grant of the files is an add and that holds none on the targets read. */
export function recreatedTeamWarnings(changes: readonly Change[], live: LiveState): PlanWarning[] {
  // Only the SCIM-linked teams the changes name: most plans have none, and pay one pass over the changes.
  const byTeam = new Map<string, Change[]>();
  for (const change of changes) {
    if (live.teams.get(change.team.id)?.scimLinked !== true) continue;
    const ofTeam = byTeam.get(change.team.id);
    if (ofTeam) ofTeam.push(change);
    else byTeam.set(change.team.id, [change]);
  }
  if (byTeam.size === 0) return [];
  const holding = holdingGrants(live, new Set(byTeam.keys()));
  const out: PlanWarning[] = [];
  for (const [teamId, ofTeam] of byTeam) {
    const team = live.teams.get(teamId);
    if (team === undefined || !looksRecreated(team, holding.has(teamId) ? 1 : 0)) continue;
    const adds = ofTeam.filter((c): c is AddChange => c.action === 'add');
    if (adds.length === ofTeam.length && adds.length > 0) out.push(warningOf(team, adds));
  }
  return out.sort((a, b) => compareText(a.team ?? '', b.team ?? ''));
}
