// Selectors that name nothing fail, everywhere (docs/sets.md, "Sets"; docs/effective-access.md, "Policies"; issue 24 finding 3 and
// the Unicode part of 8): every place the files name a project, tag, team or workspace is checked
// against the organization, an unknown name at its FILE:LINE:COL with a did-you-mean, a match that
// selects nothing a warning; names compare after Unicode NFC normalisation.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { JOSE_NFC, JOSE_NFD, POLICY, PROJECT_SET, place, planOf, SET, useWorld } from './selectors-world.js';

const w = useWorld();
const file = (text: string): string => w.file(text);

/** A policy that, were its match right, is broken by dev's admin on old-prod. */
const policy = (match: string): string => `organization: acme
policies:
  - name: legacy read-only
    workspaces: ${match}
    max-access: write
`;

describe('regressions of issue 24', () => {
  it('regression: a policy whose projects selector is a typo covers nothing silently', async () => {
    const path = file(policy('{ projects: [lgacy] }'));
    for (const command of ['drift', 'plan']) {
      const run = await runCli([command, path], { env: w.env });
      expect(run.code, run.err).toBe(1);
      expect(run.err).toContain(`${path}:4:30: policy "legacy read-only": project "lgacy" not found, or the token may not see it. Did you mean "legacy"?`);
    }
    // Spelt right, the same policy is broken.
    expect((await runCli(['drift', file(policy('{ projects: [legacy] }'))], { env: w.env })).code).toBe(2);
  });

  it('regression: a policy whose tags selector is a typo covers nothing silently', async () => {
    const run = await runCli(['drift', file(policy('{ tags: [prd] }'))], { env: w.env });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toContain(
      `access.yaml:4:26: policy "legacy read-only": tag "prd" is on no workspace the token can see (write \`allow-empty: true\` in the match if that is meant). Did you mean "prod"?`,
    );
  });

  it('regression: a tag typo in a set under an authoritative all set becomes removals with only a warning', async () => {
    const path = file(`organization: acme
workspace-sets:
  all:
    match: { names: ["*"] }
    prune: true
    teams: {}
  prod:
    match: { tags: [prd] }
    teams: { sre: admin, dev: write }
`);
    const run = await runCli(['plan', path, '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toContain(
      `${path}:8:21: workspace set "prod": tag "prd" is on no workspace the token can see (write \`allow-empty: true\` in the match if that is meant). Did you mean "prod"?`,
    );
    expect((await runCli(['apply', path, '--auto-approve'], { env: w.env })).code).toBe(1);
    expect(w.writes()).toEqual([]);
  });

  it('regression: a team name typed in decomposed Unicode (NFD) is not found with no hint', async () => {
    const path = file(`organization: acme
workspaces:
  api-dev:
    prune: false
    teams:
      ${JOSE_NFD}: read
`);
    const run = await runCli(['plan', path, '--format', 'json'], { env: w.env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const plan = planOf(run.out);
    expect(plan.changes.map((c) => `${c.action} ${c.team.name} ${c.team.id} ${c.target.name}`)).toEqual([`add ${JOSE_NFC} team-t4 api-dev`]);
    expect(plan.warnings.map((w) => w.code)).toEqual(['name-normalisation']);
    expect(plan.warnings[0]?.message).toContain(`${path}:6:7: team "${JOSE_NFD}" differs from the organization's "${JOSE_NFC}" only by Unicode normalisation`);
    // Applied, it grants the organization's team, and the next plan is clean.
    expect((await runCli(['apply', path, '--auto-approve'], { env: w.env })).code).toBe(0);
    const again = await runCli(['plan', path, '--format', 'json', '--detailed-exitcode'], { env: w.env });
    expect(again.code, again.err).toBe(0);
    expect(planOf(again.out).changes).toEqual([]);
  });
});

describe('every place a name is given: an unknown one fails at FILE:LINE:COL with a did-you-mean', () => {
  const cases: { where: string; text: string; needle: string; message: string }[] = [
    {
      where: "a workspace set's projects",
      text: SET('{ projects: [platfrom] }'),
      needle: 'platfrom',
      message: 'workspace set "s": project "platfrom" not found, or the token may not see it. Did you mean "platform"?',
    },
    {
      where: "a workspace set's tags",
      text: SET('{ tags: [deev] }'),
      needle: 'deev',
      message:
        'workspace set "s": tag "deev" is on no workspace the token can see (write `allow-empty: true` in the match if that is meant). Did you mean "dev"?',
    },
    {
      where: "a workspace set's names",
      text: SET('{ names: [api-prd] }'),
      needle: 'api-prd',
      message: 'workspace set "s": workspace "api-prd" not found, or the token may not see it. Did you mean "api-prod"?',
    },
    {
      where: "a workspace set's exclude",
      text: SET('{ names: ["*"], exclude: [api-de] }'),
      needle: 'api-de]',
      message: 'workspace set "s": workspace "api-de" not found, or the token may not see it. Did you mean "api-dev"?',
    },
    {
      where: "a project set's names",
      text: PROJECT_SET('{ names: [legcy] }'),
      needle: 'legcy',
      message: 'project set "p": project "legcy" not found, or the token may not see it. Did you mean "legacy"?',
    },
    {
      where: "a policy's projects",
      text: POLICY('    workspaces: { projects: [platfrom] }\n    max-access: write\n'),
      needle: 'platfrom',
      message: 'policy "x": project "platfrom" not found, or the token may not see it. Did you mean "platform"?',
    },
    {
      where: "a policy's tags",
      text: POLICY('    workspaces: { tags: [deev] }\n    max-access: write\n'),
      needle: 'deev',
      message: 'policy "x": tag "deev" is on no workspace the token can see (write `allow-empty: true` in the match if that is meant). Did you mean "dev"?',
    },
    {
      where: "a policy's names",
      text: POLICY('    workspaces: { names: [old-prd] }\n    max-access: write\n'),
      needle: 'old-prd',
      message: 'policy "x": workspace "old-prd" not found, or the token may not see it. Did you mean "old-prod"?',
    },
    {
      where: "a project policy's names",
      text: POLICY('    projects: { names: [legcy] }\n    max-access: write\n'),
      needle: 'legcy',
      message: 'policy "x": project "legcy" not found, or the token may not see it. Did you mean "legacy"?',
    },
    {
      where: 'except-teams',
      text: POLICY('    workspaces: { names: ["*"] }\n    max-access: write\n    except-teams: [sr]\n'),
      needle: 'sr]',
      message:
        'policy "x": team "sr" in organization "acme": not found, or the token may not see it (secret teams are visible to their members and owners only). Did you mean "sre"?',
    },
    {
      where: 'min-access.team',
      text: POLICY('    workspaces: { names: ["*"] }\n    min-access: { team: auditor, access: read }\n'),
      needle: 'auditor,',
      message:
        'policy "x": team "auditor" in organization "acme": not found, or the token may not see it (secret teams are visible to their members and owners only). Did you mean "auditors"?',
    },
    {
      where: 'settings.ignore-teams',
      text: 'organization: acme\nsettings:\n  ignore-teams: [devs]\nworkspaces:\n  api-dev:\n    teams: { sre: read }\n',
      needle: 'devs',
      message:
        'settings.ignore-teams: team "devs" in organization "acme": not found, or the token may not see it (secret teams are visible to their members and owners only). Did you mean "dev"?',
    },
  ];
  for (const { where, text, needle, message } of cases) {
    it(`${where}: plan, drift and apply fail with one line at its place, and nothing is written`, async () => {
      const path = file(text);
      for (const command of [['plan'], ['drift'], ['apply', '--auto-approve']]) {
        const run = await runCli([...command, path], { env: w.env });
        expect(run.code, run.err).toBe(1);
        expect(run.err).toContain(`\n  ${place(path, text, needle)}: ${message}\n`);
        expect(run.err).not.toMatch(/\n\s+at /);
      }
      expect(w.writes()).toEqual([]);
    });
  }

  it("report PATHS checks the policies' names the same way, from the lists it read", async () => {
    const text = POLICY('    workspaces: { tags: [deev] }\n    max-access: write\n');
    const path = file(text);
    const run = await runCli(['report', path], { env: w.env });
    expect(run.code, run.err).toBe(1);
    expect(run.err).toContain(`${place(path, text, 'deev')}: policy "x": tag "deev" is on no workspace`);
  });
});
