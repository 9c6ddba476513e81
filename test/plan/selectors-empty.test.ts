// Selectors that select nothing (a warning; `allow-empty: true`), and names written in another
// Unicode normalisation than the organization's (found, with a warning): docs/sets.md, "Names the files give".
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { CAFE_NFD, JOSE_NFC, JOSE_NFD, type JsonPlan, place, planOf, SET, useWorld, ZOE_NFD } from './selectors-world.js';

const w = useWorld();
const file = (text: string): string => w.file(text);

describe('a match that selects nothing: a warning, and allow-empty', () => {
  const warnings = async (text: string): Promise<JsonPlan['warnings']> => {
    const run = await runCli(['plan', file(text), '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(0);
    return planOf(run.out).warnings;
  };

  it('a glob that matches nothing is no error: the set or policy that selects nothing warns, and settings.ignore-warnings silences it', async () => {
    const text = `${SET('{ names: ["zz-*"] }')}policies:\n  - name: x\n    workspaces: { names: ["zz-*"] }\n    max-access: write\n`;
    const found = await warnings(text);
    expect(found.map((w) => w.code)).toEqual(['set-matches-nothing', 'policy-matches-nothing']);
    expect(found[1]?.message).toBe(`${place(w.path, text, '- name: x', 2)}: policy "x" covers no workspace of "acme" the token can see: it checks nothing.`);
    const quiet = text.replace('organization: acme\n', 'organization: acme\nsettings: { ignore-warnings: [set-matches-nothing, policy-matches-nothing] }\n');
    expect(await warnings(quiet)).toEqual([]);
  });

  it('allow-empty: true on a set and on a policy accepts a tag no workspace carries, with no warning', async () => {
    const text = `${SET('{ tags: [canary], allow-empty: true }')}policies:\n  - name: x\n    workspaces: { tags: [canary], allow-empty: true }\n    max-access: write\n`;
    expect(await warnings(text)).toEqual([]);
    const validate = await runCli(['validate', file(text)], { env: w.env });
    expect(validate.code, validate.err).toBe(0);
  });

  it('allow-empty does not excuse a project or a literal name the organization does not have', async () => {
    for (const match of ['{ projects: [platfrom], allow-empty: true }', '{ names: [api-prd], allow-empty: true }']) {
      const run = await runCli(['plan', file(SET(match))], { env: w.env });
      expect(run.code, match).toBe(1);
      expect(run.err).toContain('Did you mean');
    }
  });

  it('a set whose tag is carried matches as before (a typo-free file plans as it did)', async () => {
    const run = await runCli(['plan', file(SET('{ tags: [dev] }')), '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(0);
    expect(planOf(run.out).changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual(['remove dev api-dev', 'add sre api-dev']);
  });
});

describe('names after Unicode NFC', () => {
  it('a set, a policy and ignore-teams naming a team or a project decomposed find it, each with a warning', async () => {
    const text = `organization: acme
settings:
  ignore-teams: [${ZOE_NFD}]
workspace-sets:
  s:
    match: { projects: [${CAFE_NFD}] }
    teams: { ${JOSE_NFD}: read }
policies:
  - name: x
    workspaces: { projects: [${CAFE_NFD}] }
    max-access: read
    except-teams: [${JOSE_NFD}]
`;
    const run = await runCli(['plan', file(text), '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(0);
    const plan = planOf(run.out);
    // The set matches the project's workspace, and the policy's exception is the team: no violation.
    expect(plan.changes.map((c) => `${c.action} ${c.team.name} ${c.target.name}`)).toEqual([`add ${JOSE_NFC} cafe-api`]);
    expect(plan.violations).toEqual([]);
    // One warning per decomposed team name, at its first place (the grant: except-teams names it again); one per selector's project.
    const at = (line: number, col: number): string => `${w.path}:${line}:${col}`;
    expect(plan.warnings.map((w) => `${w.code} ${w.message.split(': ')[0]}`)).toEqual([
      `name-normalisation ${at(7, 14)}`,
      `name-normalisation ${at(3, 18)}`,
      `name-normalisation ${at(6, 25)}`,
      `name-normalisation ${at(10, 30)}`,
    ]);
  });
});
