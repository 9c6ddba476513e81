// Which organization-access flags the server has (docs/api.md, "Server capabilities"), as
// support.ts decides it for the grants' newer permissions: HCP Terraform has every one; a team read
// from the server that reports the flag shows it has it; teams read that report organization access
// without it show it has not, and so does a server without ping. A team of the files that sets such
// a flag on a server without it fails the run before any write (the service would drop it, and the
// plan would show it again every time); with nothing to tell, the plan warns. Pure.
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import type { PlanWarning } from '../core/plan.js';
import { describeServer, HCP_TERRAFORM, type ServerInfo } from '../core/server.js';
import { TEAM_FLAGS } from '../core/team-flags.js';
import { plannedTeams } from '../resolve/planned-teams.js';
import type { Support, SupportFindings } from './support.js';

export function flagSupport(key: string, live: LiveState, server: ServerInfo): Support {
  if (server.app === HCP_TERRAFORM) return 'supported';
  let sawAccess = false;
  for (const team of live.teams.values()) {
    if (team.organizationAccess[key] !== undefined) return 'supported';
    if (Object.keys(team.organizationAccess).length > 0) sawAccess = true;
  }
  return sawAccess || !server.pinged ? 'unsupported' : 'unknown';
}

/**
 * A rename the service refuses: a team linked to a SCIM group has its name from the identity
 * provider (docs/api.md, "Teams": a rename is 422). Said before any write, at the team's place.
 */
function scimRenames(desired: DesiredState, live: LiveState): string[] {
  const planned = plannedTeams(desired.teams, [...live.teams.values()]);
  return (desired.teams ?? []).flatMap((team) => {
    const fate = planned.fates.get(team.name);
    if (fate?.kind !== 'renamed' || !fate.from.scimLinked) return [];
    const at = team.source ? `${team.source.file}:${team.source.line}:${team.source.col}: ` : '';
    return [
      `${at}team "${team.name}": previously "${fate.from.name}" is linked to a SCIM group, whose identity provider owns its name (the service refuses to rename it); rename the group there, or drop previously`,
    ];
  });
}

/** The newer flags the files set true, and whether the server keeps them; and the renames it refuses. */
export function teamSupportFindings(desired: DesiredState, live: LiveState, server: ServerInfo): SupportFindings {
  const problems: string[] = scimRenames(desired, live);
  const warnings: PlanWarning[] = [];
  const described = describeServer(server);
  for (const flag of TEAM_FLAGS.filter((f) => f.newer !== undefined)) {
    const teams = (desired.teams ?? []).filter((t) => t.organizationAccess?.[flag.key] === true);
    if (teams.length === 0) continue;
    const support = flagSupport(flag.key, live, server);
    for (const team of teams) {
      const at = team.source ? `${team.source.file}:${team.source.line}:${team.source.col}: ` : '';
      if (support === 'unsupported')
        problems.push(
          `${at}team "${team.name}": organization-access ${flag.key}: true is not supported by ${described} (${server.pinged ? 'its teams do not report it' : 'it predates it'}); leave it out or use a server that has it`,
        );
      if (support === 'unknown')
        warnings.push({
          code: 'permission-support-unknown',
          message: `team ${team.name} gets organization-access ${flag.key}: true, and no team read from ${described} tells whether it has ${flag.key}; a server without it would drop it, which the next plan shows.`,
          team: team.name,
        });
    }
  }
  return { problems, warnings };
}
