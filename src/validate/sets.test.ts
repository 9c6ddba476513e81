// workspace-sets and project-sets in validation: positioned problems with did-you-mean, and the
// desired state they give (docs/sets.md, "Sets").
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../load/document.js';
import { validateDocuments } from './validate.js';

function problemsOf(...texts: string[]): string[] {
  const result = validateDocuments(texts.map((t, i) => parseYamlText(`f${i}.yaml`, t).loaded));
  return 'problems' in result ? result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`) : [];
}

describe('sets in validation', () => {
  it('every problem has its position, with a near miss where one exists', () => {
    const text = `organization: acme
workspace-sets:
  prod:
    mach: { names: ["*"] }
    teams: { sre: admni }
  other:
    match: { exclude: ["x"], projcts: [a] }
    prune: yes
    teams: { sre: read }
project-sets:
  p:
    match: { tags: [prod] }
    teams: { sre: write }
workspace-set: {}
`;
    expect(problemsOf(text)).toEqual([
      'f0.yaml:4:5 workspace-sets.prod: unknown key "mach". Did you mean "match"?',
      'f0.yaml:5:19 workspace-sets.prod.teams.sre: "admni" is not an access level or a workspace role. Did you mean "admin"?',
      'f0.yaml:7:12 workspace-sets.other.match: workspace set "other" matches nothing in particular: give `projects`, `tags` or `names` (`names: ["*"]` for every workspace)',
      'f0.yaml:7:30 workspace-sets.other.match: unknown key "projcts". Did you mean "projects"?',
      'f0.yaml:8:12 workspace-sets.other.prune: expected true or false, got "yes"',
      'f0.yaml:12:12 project-sets.p.match: project set "p" matches nothing in particular: give `names` (`names: ["*"]` for every project)',
      'f0.yaml:12:14 project-sets.p.match: unknown key "tags"; expected names, exclude or allow-empty',
      expect.stringMatching(/^f0\.yaml:14:1 .*unknown key "workspace-set". Did you mean "workspace-sets"\?/),
    ]);
  });

  it('a set defined in two files is a problem naming the first', () => {
    const set = 'organization: acme\nworkspace-sets:\n  prod:\n    match: { names: ["*"] }\n    teams: {}\n';
    expect(problemsOf(set, set)).toEqual([expect.stringMatching(/^f1\.yaml:3:3 .*workspace set "prod" is defined twice; first defined at f0\.yaml:3:3/)]);
  });

  it('a set may grant a role and a custom grant; a team of ignore-teams is refused in a set as in an entry', () => {
    const text = `organization: acme
settings: { ignore-teams: [bots] }
roles:
  workspace:
    planner: { runs: plan }
workspace-sets:
  all:
    match: { names: ["*"] }
    teams:
      ci: planner
      ops: { access: custom, variables: write }
      bots: read
`;
    expect(problemsOf(text)).toEqual([expect.stringMatching(/^f0\.yaml:12:7 .*team "bots" is also in settings\.ignore-teams/)]);
  });

  it('gives the sets, sorted by type and name, prune as written (settings.prune decides where they merge: test/expand/expand.test.ts)', () => {
    const text = `organization: acme
settings: { prune: false }
workspace-sets:
  zeta: { match: { tags: [prod, "cost-center:42"] }, prune: true, teams: { sre: admin } }
  alpha: { match: { projects: [platform], names: ["*-prod"], exclude: ["legacy-*"] }, teams: { ci: plan } }
project-sets:
  every: { match: { names: ["*"] }, teams: { auditors: read } }
`;
    const result = validateDocuments([parseYamlText('f.yaml', text).loaded]);
    if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
    expect(
      result.state.sets?.map((s) => ({
        type: s.type,
        name: s.name,
        match: s.match,
        prune: s.prune,
        teams: s.grants.map((g) => `${g.team}=${g.access.access}`),
      })),
    ).toEqual([
      { type: 'project', name: 'every', match: { names: ['*'] }, prune: undefined, teams: ['auditors=read'] },
      { type: 'workspace', name: 'alpha', match: { projects: ['platform'], names: ['*-prod'], exclude: ['legacy-*'] }, prune: undefined, teams: ['ci=plan'] },
      { type: 'workspace', name: 'zeta', match: { tags: ['prod', 'cost-center:42'] }, prune: true, teams: ['sre=admin'] },
    ]);
  });
});
