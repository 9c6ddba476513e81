// The edits adopt makes to a file's text: the node changed, everything else byte for byte.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EditTrack } from '../../src/adopt/regions.js';
import { Flow } from '../../src/adopt/render-yaml.js';
import { applyOp, type Edited, type Op } from '../../src/adopt/yaml-edit.js';

const text = `organization: acme # the org
workspaces:
  api-prod: # main
    teams:
      sre: admin   # on call

      dev: { access: custom, runs: apply }
  "web": { teams: { x: read, y: plan } }
teams:
  sre:
    members: [ana@example.com, bo@example.com]
  ops:
    members:
      - cy@example.com
      - di@example.com
`;

function run(source: string, op: Op): string {
  const result: Edited = applyOp(source, op);
  if ('refused' in result) throw new Error(result.refused);
  return result.text;
}

describe('applyOp', () => {
  it('replaces a scalar grant, keeping its comment', () => {
    const out = run(text, { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'sre'], value: 'write' });
    expect(out).toBe(text.replace('sre: admin   # on call', 'sre: write   # on call'));
  });
  it('replaces a flow grant by a custom one inline', () => {
    const out = run(text, { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'dev'], value: new Flow({ access: 'custom', runs: 'plan' }) });
    expect(out).toBe(text.replace('dev: { access: custom, runs: apply }', 'dev: { access: custom, runs: plan }'));
  });
  it('adds a team to a block map after its last pair, at its indentation', () => {
    const out = run(text, { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'ops'], value: 'read' });
    expect(out).toBe(text.replace('runs: apply }\n', 'runs: apply }\n      ops: read\n'));
  });
  it('adds a team to a flow map', () => {
    const out = run(text, { kind: 'set', path: ['workspaces', 'web', 'teams', 'z'], value: 'admin' });
    expect(out).toBe(text.replace('y: plan }', 'y: plan, z: admin }'));
  });
  it('adds a team whose name holds a flow indicator to a flow map, quoted (issue 39: team names as the service takes them)', () => {
    for (const name of ['a,b', 'x]', 'y}', 'Ops, "night"', 'foo bar']) {
      const out = run(text, { kind: 'set', path: ['workspaces', 'web', 'teams', name], value: 'read' });
      expect(parse(out).workspaces.web.teams).toEqual({ x: 'read', y: 'plan', [name]: 'read' });
    }
    expect(run(text, { kind: 'set', path: ['workspaces', 'web', 'teams', 'a,b'], value: 'read' })).toContain('y: plan, "a,b": read }');
  });
  it('writes a name yaml alone would write over two lines (`---`, `...`) on one line, in flow and block maps and lists', () => {
    for (const name of ['---', '...']) {
      const flow = run(text, { kind: 'set', path: ['workspaces', 'web', 'teams', name], value: name });
      expect(parse(flow).workspaces.web.teams).toEqual({ x: 'read', y: 'plan', [name]: name });
      const block = run(text, { kind: 'set', path: ['workspaces', 'api-prod', 'teams', name], value: 'read' });
      expect(parse(block).workspaces['api-prod'].teams[name]).toBe('read');
      const listed = run(text, { kind: 'add-item', path: ['teams', 'sre', 'members'], item: name, same: (v) => v === name });
      expect(parse(listed).teams.sre.members).toEqual(['ana@example.com', 'bo@example.com', name]);
      expect(listed.split('\n')).toHaveLength(text.split('\n').length);
    }
  });
  it('adds a new entry as block lines', () => {
    const out = run(text, { kind: 'set', path: ['workspaces', 'new one', 'teams', 'sre'], value: 'write' });
    expect(out).toBe(text.replace('  "web"', '  "web"').replace('y: plan } }\n', 'y: plan } }\n  new one:\n    teams:\n      sre: write\n'));
    expect(parse(out).workspaces['new one']).toEqual({ teams: { sre: 'write' } });
  });
  it('removes a pair from a block map and from a flow map', () => {
    const a = run(text, { kind: 'delete', path: ['workspaces', 'api-prod', 'teams', 'sre'] });
    expect(a).toBe(text.replace('      sre: admin   # on call\n', ''));
    const b = run(text, { kind: 'delete', path: ['workspaces', 'web', 'teams', 'x'] });
    expect(b).toBe(text.replace('x: read, ', ''));
    const c = run(b, { kind: 'delete', path: ['workspaces', 'web', 'teams', 'y'] });
    expect(parse(c).workspaces.web.teams).toEqual({});
  });
  it('empties a block map to {}', () => {
    const a = run(text, { kind: 'delete', path: ['workspaces', 'api-prod', 'teams', 'sre'] });
    const b = run(a, { kind: 'delete', path: ['workspaces', 'api-prod', 'teams', 'dev'] });
    expect(parse(b).workspaces['api-prod'].teams).toEqual({});
    expect(b.startsWith('organization: acme # the org\nworkspaces:\n  api-prod: # main\n')).toBe(true);
  });
  it('adds and removes members in flow and block lists', () => {
    const same = (e: string) => (s: string) => s.toLowerCase() === e;
    const a = run(text, { kind: 'add-item', path: ['teams', 'sre', 'members'], item: 'ed@example.com', same: same('ed@example.com') });
    expect(a).toBe(text.replace('bo@example.com]', 'bo@example.com, ed@example.com]'));
    const b = run(text, { kind: 'add-item', path: ['teams', 'ops', 'members'], item: 'ed@example.com', same: same('ed@example.com') });
    expect(b).toBe(`${text}      - ed@example.com\n`);
    const c = run(text, { kind: 'remove-item', path: ['teams', 'ops', 'members'], same: same('cy@example.com') });
    expect(c).toBe(text.replace('      - cy@example.com\n', ''));
    const d = run(text, { kind: 'remove-item', path: ['teams', 'sre', 'members'], same: same('ana@example.com') });
    expect(d).toBe(text.replace('ana@example.com, ', ''));
    const e = run(c, { kind: 'remove-item', path: ['teams', 'ops', 'members'], same: same('di@example.com') });
    expect(parse(e).teams.ops.members).toEqual([]);
  });
  it('adds a key under teams: that has none yet', () => {
    const out = run('organization: acme\n', { kind: 'set', path: ['teams', 'hand-made'], value: {} });
    expect(out).toBe('organization: acme\nteams:\n  hand-made: {}\n');
  });
  it('copies an alias before editing through it, and leaves the anchor alone', () => {
    const source = 'organization: acme\nworkspaces:\n  a:\n    teams: &t { sre: admin }\n  b:\n    teams: *t\n';
    const out = run(source, { kind: 'set', path: ['workspaces', 'b', 'teams', 'dev'], value: 'read' });
    expect(out).toBe('organization: acme\nworkspaces:\n  a:\n    teams: &t { sre: admin }\n  b:\n    teams: { sre: admin, dev: read }\n');
  });
  it('refuses to edit an anchor other places use', () => {
    const source = 'organization: acme\nworkspaces:\n  a:\n    teams: &t { sre: admin }\n  b:\n    teams: *t\n';
    expect(applyOp(source, { kind: 'set', path: ['workspaces', 'a', 'teams', 'sre'], value: 'read' })).toEqual({
      refused: 'the anchor &t is used elsewhere in the file',
    });
  });
  it('fills an empty value', () => {
    const out = run('organization: acme\nworkspaces:\n', { kind: 'set', path: ['workspaces', 'w', 'teams', 'sre'], value: 'read' });
    expect(parse(out)).toEqual({ organization: 'acme', workspaces: { w: { teams: { sre: 'read' } } } });
  });
});

describe('EditTrack', () => {
  it('finds the regions of successive splices', () => {
    const track = new EditTrack('abcdefgh');
    track.apply({ start: 2, end: 4, text: 'XYZ' }); // abXYZefgh
    track.apply({ start: 7, end: 8, text: '' }); // abXYZefh
    track.apply({ start: 3, end: 3, text: '--' }); // abX--YZefh
    expect(track.regions()).toEqual([
      { before: [2, 4], after: [2, 7] },
      { before: [6, 7], after: [9, 9] },
    ]);
  });
});
