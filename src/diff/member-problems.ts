// What the files ask of members that no plan can do, said before the diff, each at its place
// (docs/files.md, "Members"): a team whose membership the identity provider owns (linked to a SCIM
// group, or with an SSO id the service has and the files keep: SAML team mapping sets its members
// at each sign-in, and the service refuses membership writes to a SCIM-linked team, docs/api.md,
// "Teams"), and, without settings.invite, a listed person who is not in the organization. Pure.

import { DEFAULT_INVITE } from '../core/defaults.js';
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState, SourceRef, Team } from '../core/model.js';
import { personKey } from '../core/people.js';
import { plannedTeams } from '../resolve/planned-teams.js';

const at = (source: SourceRef | undefined): string => (source ? `${source.file}:${source.line}:${source.col}: ` : '');

/** Who owns the live team's membership, when not the files; the files' `sso-team-id: null` takes the team from SAML mapping. */
function ownerOf(live: Team, ssoInFiles: string | null | undefined): string | undefined {
  if (live.scimLinked) return 'it is linked to a SCIM group, whose identity provider sets its members (the service refuses other membership writes)';
  const sso = ssoInFiles === undefined ? live.ssoTeamId : ssoInFiles;
  if (typeof sso === 'string' && sso !== '') return `it has sso-team-id "${sso}" on the service: SAML team mapping sets its members at each sign-in`;
  return undefined;
}

/** Teams with `members:` whose membership belongs to the identity provider, as the service reports them. */
function identityProviderProblems(desired: DesiredState, live: LiveState): string[] {
  const planned = plannedTeams(desired.teams, [...live.teams.values()]);
  return (desired.teams ?? []).flatMap((team) => {
    const fate = planned.fates.get(team.name);
    if (!team.members || !fate || fate.kind === 'created') return [];
    const owner = ownerOf(fate.kind === 'renamed' ? fate.from : fate.team, team.ssoTeamId);
    if (!owner) return [];
    return [
      `${at(team.members.source)}teams.${team.name}.members: team "${team.name}" belongs to the identity provider: ${owner}; the files stay out of its members: leave members out${team.ssoTeamId === undefined && !fate.team.scimLinked ? ', or clear sso-team-id (null)' : ''}`,
    ];
  });
}

/** Without settings.invite, every listed email the organization has no membership of. */
function uninvitedProblems(desired: DesiredState, live: LiveState): string[] {
  if (desired.settings.invite ?? DEFAULT_INVITE) return [];
  const known = new Set((live.people?.people ?? []).map((p) => personKey(p.email)));
  return (desired.teams ?? []).flatMap((team) =>
    (team.members?.emails ?? [])
      .filter((email) => !known.has(personKey(email)))
      .map(
        (email) =>
          `${at(team.members?.emailSources?.get(personKey(email)))}teams.${team.name}.members: ${email} is not in the organization ${desired.organization}: set settings.invite: true to invite them by email, or take them out`,
      ),
  );
}

/** Every problem, FILE:LINE:COL first; empty when the plan may go on. Needs the people read (live.people). */
export function memberProblems(desired: DesiredState, live: LiveState): string[] {
  return [...identityProviderProblems(desired, live), ...uninvitedProblems(desired, live)];
}
