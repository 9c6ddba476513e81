// Which managed targets may have been read only in part, and what every output says of it. Here,
// below the guards, because two stages decide from it: the incomplete-read guard (no removal there)
// and the plan's checksum (diff/checksum.ts), which a reviewer approves; the outputs carry
// coverageOf (docs/plan.md, "Plan and drift": `complete`).
import type { Coverage, IncompleteReason, TokensUnlisted } from '../core/coverage.js';
import type { LiveGrant, LiveState } from '../core/model.js';
import { byTypeThenName } from '../core/order.js';
import { provesEveryTarget, provesEveryTeam } from '../core/viewer.js';
import { unseenTargetsOf } from './unseen.js';

/**
 * Targets whose read may be partial: the reader said so, or a grant names a team the token can't
 * see (docs/api.md, "Effective access": a partial read must never remove what it could not see).
 */
export function incompleteTargetsOf(live: LiveState): Set<string> {
  const out = new Set<string>();
  live.targets.forEach((target) => {
    if (target.complete === false || namesAnUnseenTeam(live, target.grants)) out.add(target.id);
  });
  return out;
}

// A loop rather than grants.some(): it runs on every live grant of the plan, and a callback per
// grant was most of its time at 100,000 grants.
function namesAnUnseenTeam(live: LiveState, grants: readonly LiveGrant[]): boolean {
  for (let i = 0; i < grants.length; i++) if (!live.teams.has((grants[i] as LiveGrant).teamId)) return true;
  return false;
}

/**
 * Whether the read is known to be whole, and if not, why: the server did not say who the token is;
 * the token does not see every team and manages no team access on some targets read (unseen.ts);
 * grants name teams it cannot see (projects first, then workspaces, each by name); the caller found
 * workspaces whose project the token cannot see where their project's grants count (`projectsUnseen`,
 * display names: the report's, the policies'). So a report or plan made with a token that cannot
 * see every team never reads as the whole organization. `incomplete`: incompleteTargetsOf(live),
 * when the caller has it already.
 */
export function coverageOf(live: LiveState, projectsUnseen: readonly string[] = [], incomplete: ReadonlySet<string> = incompleteTargetsOf(live)): Coverage {
  const reasons: IncompleteReason[] = [];
  if (live.viewer && !live.viewer.identity) reasons.push({ code: 'identity-unknown' });
  const unseen = unseenTargetsOf(live);
  if (unseen > 0) reasons.push({ code: 'secret-teams-unseen', targets: unseen });
  if (incomplete.size > 0) {
    const targets = [...live.targets.values()]
      .filter((t) => incomplete.has(t.id))
      .sort(byTypeThenName)
      .map((t) => `${t.type} ${JSON.stringify(t.name)}`);
    reasons.push({ code: 'grants-of-unseen-teams', targets });
  }
  if (projectsUnseen.length > 0) reasons.push({ code: 'projects-unseen', workspaces: [...projectsUnseen].sort() });
  // docs/effective-access.md, "People": a person's teams are those the token sees.
  if (live.people && live.viewer?.identity && !live.viewer.seesEveryTeam) reasons.push({ code: 'people-teams-unseen' });
  return { complete: reasons.length === 0, reasons };
}

/**
 * Whether the populations a report claims are proven whole (docs/evidence.md, "What complete
 * means"): every team only with an owner's or the organization's token, or a team's that sees secret
 * teams; every project and workspace only with an organization-wide read. `targetsRead`: how many
 * projects and workspaces the read listed, none of them seen being no proof there are none. Empty
 * when the server did not name the token (identity-unknown says so already).
 */
export function populationReasons(viewer: LiveState['viewer'], targetsRead: number): IncompleteReason[] {
  if (!viewer?.identity) return [];
  const reasons: IncompleteReason[] = [];
  if (!provesEveryTeam(viewer)) reasons.push({ code: 'teams-not-proven' });
  const whole = provesEveryTarget(viewer);
  const lists = (['projects', 'workspaces'] as const).filter((list) => !whole[list]);
  if (lists.length > 0) reasons.push({ code: 'targets-not-proven', lists });
  if (lists.length > 0 && targetsRead === 0) reasons.push({ code: 'no-targets-seen' });
  return reasons;
}

/** A coverage with `more` reasons beside its own. */
export function withReasons(coverage: Coverage, more: readonly IncompleteReason[]): Coverage {
  if (more.length === 0) return coverage;
  return { complete: false, reasons: [...coverage.reasons, ...more] };
}

/** docs/effective-access.md, "Token lifetimes: `max-token-age`": the reason of the policies that did not see every team token (none: no reason). */
export function unevaluatedReasons(unseen: TokensUnseen | undefined): IncompleteReason[] {
  return unseen ? [{ code: 'team-tokens-unlisted', policies: [...unseen.policies], cause: unseen.cause }] : [];
}

/** The policies that read the team tokens and did not see every one, and why. */
export interface TokensUnseen {
  readonly policies: readonly string[];
  readonly cause: TokensUnlisted;
}
