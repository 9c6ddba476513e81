import { describe, expect, it } from 'vitest';
import { desiredOf, liveOf, team, teamId } from '../../test/support/states.js';
import { IMPLIED } from '../core/access.js';
import type { LiveGrant, LiveState } from '../core/model.js';
import { customAccess } from '../core/permissions.js';
import { type ServerInfo, UNKNOWN_SERVER } from '../core/server.js';
import { supportFindings, supportOf } from './support.js';

const TFE: ServerInfo = { pinged: true, app: 'Terraform Enterprise', version: 'v202307-1', apiVersion: '2.6.0' };
const SOURCE = { file: 'access.yaml', line: 7, col: 7 };

function liveWith(grants: Array<Pick<LiveGrant, 'access'>>): LiveState {
  return liveOf(
    'acme',
    [team('dev'), team('ops')],
    [
      {
        type: 'project',
        id: 'prj-1',
        name: 'platform',
        grants: grants.map((g, i) => ({
          id: `tprj-${i}`,
          resource: 'team-projects',
          teamId: teamId(i === 0 ? 'dev' : 'ops'),
          targetId: 'prj-1',
          access: g.access,
          extra: {},
        })),
      },
    ],
  );
}

const OLD_ADMIN = { access: { access: 'admin', permissions: { ...IMPLIED['team-projects'].admin } } } as const;
const NEW_ADMIN = { access: { access: 'admin', permissions: { ...IMPLIED['team-projects'].admin, 'project-access.variable-sets': 'write' } } } as const;

function wanting(value: string) {
  return desiredOf([
    {
      type: 'project',
      name: 'platform',
      prune: true,
      grants: [{ team: 'dev', source: SOURCE, access: customAccess('team-projects', { 'project-access.variable-sets': value }) }],
    },
  ]);
}

describe('support of the newer permissions', () => {
  it('is known from the grants read: a grant reporting the key, grants all lacking it, or none read', () => {
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([OLD_ADMIN, NEW_ADMIN]), TFE)).toBe('supported');
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([OLD_ADMIN]), TFE)).toBe('unsupported');
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([]), TFE)).toBe('unknown');
  });

  it('is known from the server: HCP Terraform always runs the current API; a server without ping predates the attributes', () => {
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([OLD_ADMIN]), { pinged: true, app: 'HCP Terraform' })).toBe('supported');
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([]), UNKNOWN_SERVER)).toBe('unsupported');
    // What the server's answers say wins over what its age suggests.
    expect(supportOf('team-projects', 'project-access.variable-sets', liveWith([NEW_ADMIN]), UNKNOWN_SERVER)).toBe('supported');
  });

  it('a non-default value the server does not support is one problem naming the position, the attribute and the server', () => {
    const { problems, warnings } = supportFindings(wanting('write'), liveWith([OLD_ADMIN]), TFE);
    expect(warnings).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      'access.yaml:7:7: project "platform", team "dev": project-access.variable-sets: write is not supported by Terraform Enterprise v202307-1, API 2.6.0',
    );
    const old = supportFindings(wanting('read'), liveWith([]), UNKNOWN_SERVER).problems;
    expect(old).toHaveLength(1);
    expect(old[0]).toContain(
      'project-access.variable-sets: read is not supported by a server that does not answer GET /api/v2/ping (version unknown) (it predates them)',
    );
  });

  it('a value whose support nothing tells is a warning of the plan, not a failure', () => {
    const { problems, warnings } = supportFindings(wanting('read'), liveWith([]), TFE);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'permission-support-unknown', team: 'dev' })]);
    expect(warnings[0]?.message).toContain('project-access.variable-sets: read');
  });

  it('ignore-warnings silences the warning, in settings or on the target of the grant; never a problem', () => {
    const desired = wanting('read');
    const everywhere = { ...desired, settings: { ...desired.settings, ignoreWarnings: ['permission-support-unknown' as const] } };
    expect(supportFindings(everywhere, liveWith([]), TFE).warnings).toEqual([]);
    const here = { ...desired, targets: desired.targets.map((t) => ({ ...t, ignoreWarnings: ['permission-support-unknown' as const] })) };
    expect(supportFindings(here, liveWith([]), TFE).warnings).toEqual([]);
    const other = { ...desired, targets: desired.targets.map((t) => ({ ...t, ignoreWarnings: ['custom-equals-level' as const] })) };
    expect(supportFindings(other, liveWith([]), TFE).warnings).toHaveLength(1);
    expect(supportFindings({ ...wanting('write'), settings: everywhere.settings }, liveWith([OLD_ADMIN]), TFE).problems).toHaveLength(1);
  });

  it('a value left at its default is never a problem, whatever the server', () => {
    expect(supportFindings(wanting('none'), liveWith([OLD_ADMIN]), UNKNOWN_SERVER)).toEqual({ problems: [], warnings: [] });
    expect(supportFindings(wanting('write'), liveWith([NEW_ADMIN]), UNKNOWN_SERVER)).toEqual({ problems: [], warnings: [] });
  });
});
