// `report diff OLD NEW` (docs/evidence.md, "Comparing snapshots"): two reports of the report tests'
// organization, taken from two emulators seeded before and after a known set of changes, compared
// in every format. The expectation is written by hand from the two seeds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { reportDiffSchema } from '../../src/render/schemas/report-diff-schema.js';
import { ORG_TOKEN, SEED } from '../report/seed.js';
import { ROOT, runCli } from '../support/cli.js';

const SCHEMA_FILE = join(ROOT, 'schemas', 'report-diff.schema.json');
const [acme] = SEED.organizations;

/** The organization after: developers' platform grant raised to admin, sre's platform grant removed, team auditors deleted, team newbies added with read on sandbox. */
const projectGrants = acme!['team-projects']!;
const AFTER: SeedDocument = {
  organizations: [
    {
      ...acme!,
      teams: [...acme!.teams!.filter((t) => t.name !== 'auditors'), { name: 'newbies', id: 'team-newbies' }],
      'team-projects': projectGrants
        .filter((g) => g.team !== 'auditors' && g.team !== 'sre')
        .map((g) => (g.team === 'developers' ? { ...g, access: 'admin' } : g)),
      'team-workspaces': [...acme!['team-workspaces']!, { team: 'newbies', workspace: 'sandbox', access: 'read' }],
    },
  ],
};

let dir: string;
let oldFile: string;
let newFile: string;

async function reportOf(seed: SeedDocument, file: string): Promise<void> {
  const emulator = await startEmulator({ seed, rateLimit: 0 });
  try {
    const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
    const run = await runCli(['report', '--organization', 'acme', '--format', 'json', '--rate-limit', '0'], { env, cwd: dir });
    expect(run.code, run.err).toBe(0);
    writeFileSync(file, run.out);
  } finally {
    await emulator.stop();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-diff-'));
  oldFile = join(dir, 'old.json');
  newFile = join(dir, 'new.json');
  await reportOf(SEED, oldFile);
  await reportOf(AFTER, newFile);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diff = (...args: string[]) => runCli(['report', 'diff', ...args], { cwd: dir });

describe('report diff OLD NEW', () => {
  it('says who gained and lost what, in text, and exits 2', async () => {
    const run = await diff('old.json', 'new.json');
    expect(run.err).toBe('');
    expect(run.code).toBe(2);
    const lines = run.out.split('\n');
    expect(lines[0]).toMatch(/^Compared acme \(live, .+\) with acme \(live, .+\)\.$/);
    expect(run.out).toContain('Teams added:\n  + newbies\n');
    expect(run.out).toContain('Teams removed:\n  - auditors\n');
    expect(run.out).toContain(
      '  ~ developers on project "platform": write -> admin\n    permissions: project-access.settings: read -> delete; project-access.teams: none -> manage; workspace-access.create: false -> true;',
    );
    expect(run.out).toContain('    sources added: project grant: admin\n    sources removed: project grant: write\n');
    expect(run.out).toContain('  + newbies gained read on workspace "sandbox"\n    sources: workspace grant: read\n');
    expect(run.out).toContain('  - auditors lost custom on project "data"\n');
    // sre keeps admin on platform through manage-projects: only the project grant's source goes.
    // Issue 38, Build 5: sources in the report's own words (render/shared/source-text.ts), no longer a second wording of report diff's.
    expect(run.out).toContain('  ~ sre on project "platform": admin (level unchanged)\n    sources removed: project grant: read\n');
    // Issue 37, finding 2: the removed auditors team takes its organization power with it.
    expect(run.out).toContain('Organization powers:\n  - auditors lost read-workspaces (organization-wide)\n');
    // 2 teams, 1 power, and 12 (team, target) cells: auditors' 5, developers' 3, newbies' 1, sre's 3.
    expect(lines.at(-2)).toBe('15 differences.');
  });

  it('exits 0 with "No difference." for the same report, and reads a bundle directory', async () => {
    expect(await diff('old.json', 'old.json')).toEqual({ code: 0, out: expect.stringMatching(/\n\nNo difference\.\n$/) as unknown as string, err: '' });
    const emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    try {
      const env = { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url };
      const bundle = await runCli(['report', '--organization', 'acme', '--evidence', 'bundle', '--rate-limit', '0'], { env, cwd: dir });
      expect(bundle.code, bundle.err).toBe(0);
    } finally {
      await emulator.stop();
    }
    // The bundle was read after old.json: it is NEW (issue 37 refuses an OLD newer than NEW).
    const run = await diff('old.json', 'bundle');
    expect(run.code, run.err).toBe(0);
  });

  it('finding 2: refuses an OLD read after NEW, one line, unless --allow-reversed', async () => {
    const refused = await diff('new.json', 'old.json');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      /^tfe-access report diff: new\.json was read at \S+, after old\.json \(\S+\): name the older report first \(report diff OLD NEW\), or pass --allow-reversed to compare them in this order\.\n$/,
    );
    const allowed = await diff('new.json', 'old.json', '--allow-reversed');
    expect(allowed.code, allowed.err).toBe(2);
    expect(allowed.out).toContain('  + auditors gained read-workspaces (organization-wide)\n');
  });

  it('writes json that the schema in schemas/ describes', async () => {
    const generated = `${JSON.stringify(reportDiffSchema(), null, 2)}\n`;
    // Regenerate with: WRITE_SCHEMA=1 npx vitest run test/evidence/diff.test.ts
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
    const run = await diff('old.json', 'new.json', '--format', 'json');
    expect(run.code).toBe(2);
    const document = JSON.parse(run.out);
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(reportDiffSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.teams_added).toEqual(['newbies']);
    expect(document.teams_removed).toEqual(['auditors']);
    expect(document.people).toBeNull();
    const developers = document.access.find((c: { team: { name: string } }) => c.team.name === 'developers');
    expect(developers).toMatchObject({
      change: 'changed',
      target: { type: 'project', name: 'platform', id: 'prj-platform' },
      before: { access: 'write' },
      after: { access: 'admin' },
    });
    expect(developers.permissions_changed).toContainEqual({ permission: 'project-access.teams', before: 'none', after: 'manage' });
  });

  it('writes csv, markdown and a self-contained html page', async () => {
    const csv = await diff('old.json', 'new.json', '--format', 'csv');
    expect(csv.code).toBe(2);
    const rows = csv.out.split('\r\n');
    expect(rows[0]).toBe(
      'change,subject_kind,subject,target_type,target,target_id,access_before,access_after,permissions_changed,sources_added,sources_removed',
    );
    expect(rows).toContain('team-added,team,newbies,,,,,,,,');
    expect(rows).toContain('added,team,newbies,workspace,sandbox,ws-sandbox,,read,,workspace grant: read,');
    const markdown = await diff('old.json', 'new.json', '--format', 'markdown');
    expect(markdown.out).toMatch(/^## Compared acme/);
    expect(markdown.out).toContain('- ~ developers on project "platform": write -&gt; admin\n  - permissions: ');
    expect(markdown.out).toContain('### Teams added\n\n- \\+ newbies\n');
    expect(markdown.out).toMatch(/\*\*15 differences\.\*\*\n$/);
    const html = await diff('old.json', 'new.json', '--format', 'html', '--out', 'diff.html');
    expect(html).toEqual({ code: 2, out: '', err: '' });
    const page = readFileSync(join(dir, 'diff.html'), 'utf8');
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(page).not.toMatch(/<script|https?:\/\//);
    expect(page).toContain('<tr class="added"><td>added</td><td>newbies gained read on workspace &quot;sandbox&quot;</td>');
  });

  it('refuses two organizations unless asked, and what is not a report', async () => {
    const other = JSON.parse(readFileSync(newFile, 'utf8'));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...other, organization: '<b>globex</b>' }));
    const refused = await diff('old.json', 'other.json');
    expect(refused).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access report diff: old.json is a report of "acme" and other.json of "<b>globex</b>": pass --allow-organization-change to compare two organizations.\n',
    });
    const allowed = await diff('old.json', 'other.json', '--allow-organization-change', '--format', 'html');
    expect(allowed.code).toBe(2);
    expect(allowed.out).toContain('&lt;b&gt;globex&lt;/b&gt;');
    writeFileSync(join(dir, 'plan.json'), '{"format_version": 2}');
    expect(await diff('old.json', 'plan.json')).toMatchObject({
      code: 1,
      err: 'tfe-access report diff: plan.json is not a report of tfe-access (report --format json): format_version is 2, not a report of this tfe-access.\n',
    });
    expect(await diff('old.json')).toMatchObject({ code: 1, err: 'tfe-access report diff: name two reports: report diff OLD NEW.\n' });
  });
});
