// Team and member drift adopted under `teams:` (docs/drift.md, "Adopt"): settings as live has them,
// organization-access flags in a map or a role written out, members added and taken out, and what
// has no place in the files said so.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adopt } from '../../src/adopt/adopt.js';
import { stateOfTexts } from '../../src/adopt/files-state.js';
import type { FilesState } from '../../src/core/desired-state.js';
import type { DriftItem } from '../../src/core/drift-item.js';

const TEXT = `organization: acme
roles:
  organization:
    admins: { manage-workspaces: true, manage-projects: true }
teams:
  sre:
    visibility: organization   # everyone sees it
    organization-access: { manage-workspaces: true }
    members:
      - ana@acme.test
  platform:
    organization-access: admins
  ci:
    members: [bo@acme.test, Cy@Acme.test]
    previously: [robots]
`;

function stateOf(text: string): FilesState {
  const loaded = stateOfTexts([{ path: 'access.yaml', text }]);
  if ('problems' in loaded) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
  return loaded.state;
}

function adopted(items: DriftItem[], text = TEXT) {
  const result = adopt({ files: [{ path: 'access.yaml', text }], items, state: stateOf(text), pruned: new Set(), selectors: [] });
  const after = result.adoption.edits[0]?.after ?? text;
  stateOf(after); // still valid files
  return { after, notAdopted: result.adoption.notAdopted, adopted: result.adoption.adopted };
}

const ref = (name: string) => ({ name, id: `team-${name}` });

describe('team drift', () => {
  it('writes a setting as live has it, keeping the line comment', () => {
    const { after } = adopted([
      { kind: 'team', change: { action: 'update', id: 'team-sre', name: 'sre', fields: [{ field: 'visibility', before: 'secret', after: 'organization' }] } },
    ]);
    expect(after).toBe(TEXT.replace('visibility: organization   #', 'visibility: secret   #'));
  });

  it('sets a flag in the files map, and takes out one live does not have', () => {
    const { after } = adopted([
      {
        kind: 'team',
        change: {
          action: 'update',
          id: 'team-sre',
          name: 'sre',
          fields: [
            { flag: 'manage-projects', before: true, after: false },
            { flag: 'manage-workspaces', before: false, after: true },
          ],
        },
      },
    ]);
    expect(parse(after).teams.sre['organization-access']).toEqual({ 'manage-projects': true });
  });

  it('writes a role of roles.organization out as the map of the flags live has', () => {
    const { after } = adopted([
      {
        kind: 'team',
        change: {
          action: 'update',
          id: 'team-platform',
          name: 'platform',
          fields: [{ flag: 'manage-projects', before: false, after: true }],
        },
      },
    ]);
    const flags = parse(after).teams.platform['organization-access'] as Record<string, boolean>;
    expect(flags['manage-workspaces']).toBe(true);
    expect(flags['manage-projects']).toBeUndefined();
  });

  it('names a team made by hand', () => {
    const { after } = adopted([{ kind: 'team', change: { action: 'delete', id: 'team-x', name: 'hand-made', grants: [] } }]);
    expect(after).toBe(`${TEXT}  hand-made: {}\n`);
  });

  it('takes out a team the service no longer has, unless the files still name it', () => {
    const create = { kind: 'team', change: { action: 'create', name: 'platform', fields: [] } } as const;
    expect(parse(adopted([create]).after).teams.platform).toBeUndefined();
    const named = `${TEXT}workspace-sets:\n  all:\n    match: { names: ["*"] }\n    teams: { platform: read }\n`;
    const kept = adopted([create], named);
    expect(kept.after).toBe(named);
    expect(kept.notAdopted.map((n) => n.reason)).toEqual(['no-place']);
  });

  it('leaves a rename to a person', () => {
    const { notAdopted } = adopted([{ kind: 'team', change: { action: 'rename', id: 'team-ci', name: 'ci', from: 'robots', fields: [] } }]);
    expect(notAdopted.map((n) => n.reason)).toEqual(['no-place']);
  });
});

describe('member drift', () => {
  it('adds a member added by hand to a block list, and takes out one removed by hand, whatever the case', () => {
    const { after } = adopted([
      { kind: 'member', change: { action: 'remove', team: ref('sre'), person: { email: 'dee@acme.test' } } },
      { kind: 'member', change: { action: 'add', team: ref('ci'), person: { email: 'cy@acme.test' } } },
    ]);
    expect(after).toBe(
      TEXT.replace('      - ana@acme.test\n', '      - ana@acme.test\n      - dee@acme.test\n').replace('[bo@acme.test, Cy@Acme.test]', '[bo@acme.test]'),
    );
  });

  it('takes an invitation out of every team that lists the person, and says a person in no team has no place', () => {
    const { after, notAdopted } = adopted([
      { kind: 'member', change: { action: 'invite', person: { email: 'bo@acme.test' }, teams: [ref('ci')] } },
      { kind: 'member', change: { action: 'remove-from-organization', person: { email: 'zed@acme.test' }, teams: [] } },
    ]);
    expect(parse(after).teams.ci.members).toEqual(['Cy@Acme.test']);
    expect(notAdopted.map((n) => n.reason)).toEqual(['no-place']);
  });
});
