// Readable plans (issue 19, item 6), through the built CLI against the demo organization: a change
// between fixed levels on one line (its attributes with --verbose), a removed custom grant with the
// permissions that go, --warnings, drift titled and marked as drift in Markdown, and apply's
// outcomes in Markdown.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { ROOT } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { emulatorAndFolder } from '../support/world.js';

// A fresh demo organization per test (apply changes it), and examples/acme without `ci: planner`
// on networking-prod, so the plan removes ci's custom grant there.
const world = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-readable-' });
beforeEach(() => {
  cpSync(join(ROOT, 'examples/acme'), join(world.dir, 'acme'), { recursive: true });
  const workspaces = join(world.dir, 'acme', '20-workspaces.yaml');
  writeFileSync(workspaces, readFileSync(workspaces, 'utf8').replace(/^ {6}ci: planner.*\n/m, ''));
});

const run = (args: string[]) => spawnCli(args, { env: world.env, cwd: world.dir });

/** The lines of the text plan under `  ~ developers  write -> read` on networking-prod, up to the next change. */
function networkingProd(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf('workspace networking-prod (ws-ySC4XzINlJIDomRE)');
  return lines.slice(start + 1, lines.indexOf('', start));
}

describe('readable plans', () => {
  it('a change between fixed levels is one line; --verbose adds the attributes it implies', async () => {
    const plain = await run(['plan', 'acme']);
    expect(plain.err).toBe('');
    expect(plain.code).toBe(0);
    expect(networkingProd(plain.out)).toContain('  ~ developers  write -> read');
    expect(plain.out).not.toContain('+ runs: read');
    const verbose = await run(['plan', 'acme', '--verbose']);
    expect(verbose.code).toBe(0);
    const lines = networkingProd(verbose.out);
    const at = lines.indexOf('  ~ developers  write -> read');
    expect(lines.slice(at + 1, at + 3)).toEqual(['      - runs: apply', '      + runs: read']);
    // The changes are the same: only the view differs.
    expect(verbose.out.split('\n').at(-2)).toBe(plain.out.split('\n').at(-2));
  });

  it('removing a custom grant lists the permissions that go', async () => {
    const plan = await run(['plan', 'acme']);
    const lines = networkingProd(plan.out);
    const at = lines.findIndex((l) => /^ {2}- ci +custom \(role planner\)$/.test(l));
    expect(at, plan.out).toBeGreaterThanOrEqual(0);
    expect(lines.slice(at + 1, at + 4)).toEqual(['      - runs: plan', '      - state-versions: read-outputs', '  ~ developers  write -> read']);
    const markdown = await run(['plan', 'acme', '--format', 'markdown']);
    expect(markdown.out).toContain('- ci: custom (role planner)\n-     runs: plan\n-     state-versions: read-outputs\n');
  });

  it('--warnings changed (the default), all and none; a bad value is a one-line error', async () => {
    // The one warning is about networking-prod, which the plan changes: shown unless none.
    const shown = await run(['plan', 'acme']);
    expect(shown.out).toContain('Warnings:\n  ! workspace networking-prod: team sre has the organization permission manage-workspaces');
    const none = await run(['plan', 'acme', '--warnings', 'none']);
    expect(none.out).not.toContain('Warnings:');
    expect(none.out).toContain('\n1 warning not shown (--warnings none).\n');
    // With networking-prod as it is live, the warning is about a target the plan does not change.
    const original = readFileSync(join(ROOT, 'examples/acme/20-workspaces.yaml'), 'utf8');
    writeFileSync(join(world.dir, 'acme', '20-workspaces.yaml'), original.replace(/^( {6}developers: )read$/m, '$1write'));
    const unchanged = await run(['plan', 'acme', '--format', 'markdown']);
    expect(unchanged.out).not.toContain('networking-prod</code>');
    expect(unchanged.out).not.toContain('Warnings (');
    expect(unchanged.out).toContain('\n1 warning about targets this plan does not change not shown (--warnings all shows them).\n');
    const all = await run(['plan', 'acme', '--format', 'markdown', '--warnings', 'all']);
    expect(all.out).toContain('<details><summary>Warnings (1)</summary>\n\n- workspace networking-prod: team sre');
    expect(all.out).not.toContain('not shown');
    // The JSON plan carries every warning, whatever --warnings says.
    const json = await run(['plan', 'acme', '--format', 'json', '--warnings', 'none']);
    expect((JSON.parse(json.out) as { warnings: unknown[] }).warnings).toHaveLength(1);
    const bad = await run(['plan', 'acme', '--warnings', 'some']);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toBe('tfe-access plan: --warnings must be one of changed, all, none, got "some".\n');
  });

  it('drift --format markdown is titled and marked as drift', async () => {
    const drift = await run(['drift', 'acme', '--format', 'markdown']);
    expect(drift.code).toBe(2);
    const [marker, title, , summary] = drift.out.split('\n');
    expect(marker).toBe('<!-- tfe-access-drift organization=acme -->');
    expect(title).toBe('### tfe-access drift in `acme`');
    expect(summary).toBe('Drift in acme: live access differs from the files (1 missing, 2 different, 2 not in the files).');
    expect(drift.out).toContain('| missing | different | not in the files |');
    expect(drift.out).not.toContain('tfe-access-plan');
    expect(drift.err).toContain('drift: live access differs from the files');
  });

  it('apply --format markdown renders its outcomes as Markdown', async () => {
    const apply = await run(['apply', 'acme', '--auto-approve', '--format', 'markdown']);
    expect(apply.err).toBe('');
    expect(apply.code).toBe(0);
    const report = apply.out.slice(apply.out.indexOf('\n### Apply\n'));
    expect(report).toContain('\nApply complete: 5 applied, 0 already so, 0 failed, of 5 changes in acme.\n');
    expect(report).toContain('| outcome | | team | target | change | reason or note |\n|---|---|---|---|---|---|\n');
    expect(report).toContain('| applied | `-` | ci | workspace <code>networking-prod</code> | custom (role planner) |  |');
    expect(report).not.toContain('```');
  });
});
