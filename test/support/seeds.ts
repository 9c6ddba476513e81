// Builders of the emulator's seeds that several tests need: numbered teams, projects and
// workspaces, workspaces spread over projects, one organization's document, and many teams on one
// project with the file that grants each of them there.
import type { ProfileName } from '../../src/emulator/profile.js';
import type { SeedDocument, SeedOrganization } from '../../src/emulator/types.js';

/** `count` things numbered from 0, each `{ name: name(i), id: id(i) }`. */
export function numbered(count: number, name: (i: number) => string, id: (i: number) => string): { name: string; id: string }[] {
  return Array.from({ length: count }, (_, i) => ({ name: name(i), id: id(i) }));
}

/** Workspaces spread over projects in turn: workspace i in project i mod the number of projects. */
export function spreadOver<W extends object>(workspaces: readonly W[], projects: readonly { readonly name: string }[]): (W & { project: string })[] {
  return workspaces.map((w, i) => ({ ...w, project: projects[i % projects.length]!.name }));
}

/** The seed of one organization, answered with `profile` when one is given. */
export function oneOrganization(organization: SeedOrganization, profile?: ProfileName): SeedDocument {
  return { ...(profile ? { profile } : {}), organizations: [organization] };
}

export interface ManyTeams {
  readonly organization: string;
  readonly token: string;
  readonly count: number;
  /** The name of team i (its id is `team-i`). */
  readonly team: (i: number) => string;
}

/**
 * `count` teams and one project, `platform` (prj-platform), with no grant yet; and the file that
 * grants each team `read` there: a plan or an apply of `count` changes on one target.
 */
export function manyTeamsOnOneProject(many: ManyTeams): { seed: SeedDocument; file: string } {
  const teams = numbered(many.count, many.team, (i) => `team-${i}`);
  const seed = oneOrganization({ name: many.organization, token: many.token, teams, projects: [{ name: 'platform', id: 'prj-platform' }] });
  const grants = teams.map((t) => `      ${t.name}: read`);
  return { seed, file: [`organization: ${many.organization}`, 'projects:', '  platform:', '    teams:', ...grants, ''].join('\n') };
}

/**
 * A read-only team's token (`readers`: read-workspaces, admin of workspace `a`), `dev` reading every
 * workspace, and a secret team `vault` writing on `vaultOn`: the reader sees vault's grants there,
 * never vault. What issue 24's tests of who reads cross with the earlier promises.
 */
export function readerAndSecretTeam(
  organization: string,
  tokens: { readonly org: string; readonly reader: string },
  workspaces: readonly string[],
  vaultOn: readonly string[],
): SeedDocument {
  return {
    organizations: [
      {
        name: organization,
        token: tokens.org,
        teams: [
          { name: 'readers', tokens: [tokens.reader], 'organization-access': { 'read-workspaces': true } },
          { name: 'dev' },
          { name: 'vault', visibility: 'secret' },
        ],
        workspaces: workspaces.map((name) => ({ name })),
        'team-workspaces': [
          ...workspaces.map((workspace) => ({ team: 'dev', workspace, access: 'read' as const })),
          { team: 'readers', workspace: 'a', access: 'admin' as const },
          ...vaultOn.map((workspace) => ({ team: 'vault', workspace, access: 'write' as const })),
        ],
      },
    ],
  } as SeedDocument;
}

export interface SecretTeamTokens {
  /** The organization's token. */
  readonly owner: string;
  /** A read-only CI team's token: read-projects and read-workspaces. */
  readonly ci: string;
  /** A manager team's token, with `managerAccess`. */
  readonly manager: string;
}

/**
 * A secret team `security` (admin of project `platform`) beside `dev` (read there), and the tokens
 * that cannot see it: a read-only CI team's and a manager team's with `managerAccess`. What the
 * blindness suites plan against: a file naming `security` that a token does not see.
 */
export function secretTeamOrganization(name: string, tokens: SecretTeamTokens, managerAccess: Record<string, boolean>): SeedOrganization {
  return {
    name,
    token: tokens.owner,
    teams: [
      { name: 'owners', id: 'team-owners' },
      { name: 'security', id: 'team-security', visibility: 'secret' },
      { name: 'dev', id: 'team-dev' },
      { name: 'ci', id: 'team-ci', tokens: [tokens.ci], 'organization-access': { 'read-projects': true, 'read-workspaces': true } },
      { name: 'manager', id: 'team-manager', tokens: [tokens.manager], 'organization-access': managerAccess },
    ],
    projects: [{ name: 'platform', id: 'prj-platform' }],
    'team-projects': [
      { team: 'security', project: 'platform', access: 'admin', id: 'tprj-security' },
      { team: 'dev', project: 'platform', access: 'read', id: 'tprj-dev' },
    ],
  };
}

/**
 * The files of a secretTeamOrganization that name `security` (secret) and `dev` in `teams:`: on
 * `platform`, security keeps its admin and dev goes from read to write.
 */
export const secretTeamFile = (organization: string): string => `organization: ${organization}
teams:
  security:
    visibility: secret
  dev: {}
projects:
  platform:
    teams:
      security: admin
      dev: write
`;
