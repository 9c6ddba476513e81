// Issue 36, finding 7: files are read and written as they are. A UTF-8 byte-order mark is kept and
// does not make drift --adopt or review close refuse forever ("changed since drift read it"); a
// CRLF file stays CRLF only, the lines adopt inserts included.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { Flow } from '../../src/adopt/render-yaml.js';
import { applyOp, type Op } from '../../src/adopt/yaml-edit.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { parseYamlText } from '../../src/load/document.js';
import { runCli } from '../support/cli.js';
import { perTest } from '../support/per-test.js';
import { oneOrganization } from '../support/seeds.js';

const TOKEN = 'acme-org-token';
const RATE = ['--rate-limit', '10000'];
const BOM = '\uFEFF';

const LIVE: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [
    { name: 'owners', id: 'team-owners' },
    { name: 'dev', id: 'team-dev' },
    { name: 'ops', id: 'team-ops' },
  ],
  people: [
    { email: 'ana@acme.test', username: 'ana', 'user-id': 'user-ana', teams: ['owners'], tokens: ['ana-token'] },
    { email: 'bo@acme.test', username: 'bo', 'user-id': 'user-bo', teams: ['owners'], tokens: ['bo-token'] },
  ],
  projects: [{ name: 'billing' }],
  workspaces: [
    { name: 'web', id: 'ws-web', project: 'billing' },
    { name: 'api', id: 'ws-api', project: 'billing' },
  ],
  'team-workspaces': [
    { team: 'dev', workspace: 'web', access: 'write' }, // the files say read: changed by hand
    { team: 'ops', workspace: 'web', access: 'plan' }, // added by hand
    { team: 'dev', workspace: 'api', access: 'read' },
  ],
};

const FILE = `# acme's access
organization: acme
review-owners:
  billing-leads:
    reviewers: [ana@acme.test]
    projects: [billing]
workspaces:
  web:
    teams:
      dev: read   # developers read the web
  api:
    teams:
      dev: read
`;

const held = perTest();

async function start(text: string): Promise<{ env: Record<string, string>; dir: string; file: string }> {
  held.emulator = await startEmulator({ seed: oneOrganization(LIVE, 'current'), rateLimit: 0 });
  held.dir = await mkdtemp(join(tmpdir(), 'tfe-access-bytes-'));
  const file = join(held.dir, 'access.yaml');
  await writeFile(file, text);
  return { env: { TFE_TOKEN: TOKEN, TFE_ADDRESS: held.emulator.url }, dir: held.dir, file };
}

/** The sheet written back with every row decided by `decision`, by a reviewer of the owner. */
async function decide(sheet: string, decision: (row: Record<string, string>) => string): Promise<void> {
  const [header, ...records] = parse(await readFile(sheet, 'utf8')) as string[][];
  const columns = header as string[];
  const rows = records.map((record) => {
    const row = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? '']));
    const decided: Record<string, string> = {
      ...row,
      decision: decision(row),
      reviewer: 'ana@acme.test',
      rationale: 'checked',
      // Within the round (issue 37: a decision before the round started or after the close is refused).
      'decided-at': new Date().toISOString(),
    };
    return decided;
  });
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  await writeFile(sheet, [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join('\r\n') + '\r\n');
}

const cli = (args: string[], env: Record<string, string>) => runCli([...args, ...RATE], { env });

describe('finding 7: files are read and written as they are', () => {
  it('finding 7: a BOM file adopted twice, then a clean plan; the BOM is kept', async () => {
    const { env, file } = await start(BOM + FILE);
    const first = await cli(['drift', file, '--adopt'], env);
    expect(first.code, first.err).toBe(2);
    expect(first.err).not.toContain('changed since');
    const adopted = await readFile(file, 'utf8');
    expect(adopted.startsWith(`${BOM}# acme's access\n`)).toBe(true);
    expect(adopted).toContain('      dev: write');
    expect(adopted).toContain('      ops: plan');
    const again = await cli(['drift', file, '--adopt'], env);
    expect(again.code, again.err).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(adopted);
    const plan = await cli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code, plan.out + plan.err).toBe(0);
  });

  it('finding 7: a CRLF file stays CRLF only after adopt, the inserted lines included', async () => {
    const { env, file } = await start(FILE.replace(/\n/g, '\r\n'));
    const adopted = await cli(['drift', file, '--adopt'], env);
    expect(adopted.code, adopted.err).toBe(2);
    const text = await readFile(file, 'utf8');
    expect(text).toContain('ops: plan');
    expect(text.match(/\r\n/g)?.length).toBe(text.match(/\n/g)?.length);
    expect(text.replace(/\r\n/g, '\n')).not.toContain('\r');
    const plan = await cli(['plan', file, '--detailed-exitcode'], env);
    expect(plan.code, plan.out + plan.err).toBe(0);
  });

  it('finding 7: a CRLF file with a BOM keeps both after adopt', async () => {
    const { env, file } = await start(BOM + FILE.replace(/\n/g, '\r\n'));
    expect((await cli(['drift', file, '--adopt'], env)).code).toBe(2);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.match(/\r\n/g)?.length).toBe(text.match(/\n/g)?.length);
  });

  it('finding 7: review close on a BOM file edits it (the BOM kept), never "changed since"', async () => {
    const { env, dir, file } = await start(BOM + FILE.replace('      dev: read   # developers read the web\n', '      dev: write\n      ops: plan\n'));
    const out = join(dir, 'round');
    const started = await cli(['review', 'start', file, '--out', out], env);
    expect(started.code, started.err).toBe(0);
    const sheets = ['review-billing-leads.csv', 'review-unowned.csv'].map((name) => join(out, name));
    for (const sheet of sheets) await decide(sheet, (row) => (row.subject === 'ops' && row.target === 'web' ? 'revoke' : 'keep'));
    const closed = await cli(['review', 'close', ...sheets, '--files', file], env);
    expect(closed.err).not.toContain('changed since');
    expect(closed.code, closed.err).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).not.toContain('ops: plan');
  });
});

const TEXT = `organization: acme # the org
workspaces:
  api-prod: # main
    teams:
      sre: admin   # on call

      dev: { access: custom, runs: apply }
  "web": { teams: { x: read, y: plan } }
  a:
    teams: &t { sre: admin }
  b:
    teams: *t
  empty:
teams:
  sre:
    members: [ana@example.com, bo@example.com]
  ops:
    members:
      - cy@example.com
      - di@example.com
  solo:
    members:
      - ed@example.com
  last: {}`;

const same = (e: string) => (s: string) => s.toLowerCase() === e;
const OPS: Op[] = [
  { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'sre'], value: 'write' },
  { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'dev'], value: new Flow({ access: 'custom', runs: 'plan' }) },
  { kind: 'set', path: ['workspaces', 'api-prod', 'teams'], value: { sre: 'read', ops: 'plan' } },
  { kind: 'set', path: ['workspaces', 'api-prod', 'teams', 'ops'], value: 'read' },
  { kind: 'set', path: ['workspaces', 'new one', 'teams', 'sre'], value: 'write' },
  { kind: 'set', path: ['workspaces', 'empty', 'teams', 'sre'], value: 'write' },
  { kind: 'set', path: ['workspaces', 'b', 'teams', 'dev'], value: 'read' },
  { kind: 'set', path: ['settings', 'prune'], value: true },
  { kind: 'set', path: ['organization'], value: 'other' },
  { kind: 'delete', path: ['workspaces', 'api-prod', 'teams', 'sre'] },
  { kind: 'delete', path: ['workspaces', 'web', 'teams', 'x'] },
  { kind: 'delete', path: ['teams', 'last'] },
  { kind: 'add-item', path: ['teams', 'ops', 'members'], item: 'fa@example.com', same: same('fa@example.com') },
  { kind: 'add-item', path: ['teams', 'sre', 'members'], item: 'fa@example.com', same: same('fa@example.com') },
  { kind: 'add-item', path: ['teams', 'last', 'members'], item: 'fa@example.com', same: same('fa@example.com') },
  { kind: 'remove-item', path: ['teams', 'ops', 'members'], same: same('cy@example.com') },
  { kind: 'remove-item', path: ['teams', 'solo', 'members'], same: same('ed@example.com') },
];

const crlf = (text: string): string => text.replace(/\r?\n/g, '\r\n');
const edited = (text: string, op: Op): string => {
  const result = applyOp(text, op);
  if ('refused' in result) throw new Error(result.refused);
  return result.text;
};

describe("finding 7: every edit keeps the file's line endings and byte-order mark", () => {
  for (const ending of ['', '\n']) {
    it(`finding 7: each op on a CRLF text${ending ? '' : ' without a last newline'} is the LF result in CRLF; with a BOM, after it`, () => {
      const lf = TEXT + ending;
      for (const op of OPS) {
        const expected = edited(lf, op);
        expect(edited(crlf(lf), op), `${op.kind} ${op.path.join('.')}`).toBe(crlf(expected));
        expect(edited(BOM + lf, op), `BOM ${op.kind} ${op.path.join('.')}`).toBe(BOM + expected);
        expect(edited(BOM + crlf(lf), op), `BOM CRLF ${op.kind} ${op.path.join('.')}`).toBe(BOM + crlf(expected));
      }
    });
  }
  it("finding 7: a key added after a first line behind a BOM takes the first line's column", () => {
    expect(edited(`${BOM}organization: acme\r\n`, { kind: 'set', path: ['teams', 'hand-made'], value: {} })).toBe(
      `${BOM}organization: acme\r\nteams:\r\n  hand-made: {}\r\n`,
    );
  });
});

describe('finding 7: a byte-order mark is no column', () => {
  it('finding 7: a problem on the first line of a BOM file is at the column it has without the mark', () => {
    const text = 'organization: acme\nteams: {a: [x]\n';
    const plain = parseYamlText('a.yaml', text).problems;
    expect(plain.length).toBeGreaterThan(0);
    expect(parseYamlText('a.yaml', BOM + text).problems).toEqual(plain);
    const first = 'organization: [acme, &x 1, *y]\n';
    const without = parseYamlText('a.yaml', first).problems;
    expect(without[0]?.line).toBe(1);
    expect(parseYamlText('a.yaml', BOM + first).problems).toEqual(without);
  });
});
