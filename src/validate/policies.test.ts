// policies in validation (docs/effective-access.md, "Policies"): positioned problems with did-you-mean, the kind's
// levels, one match and one rule per policy, and the desired state they give.
import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../load/document.js';
import { validateDocuments } from './validate.js';

function resultOf(...texts: string[]) {
  return validateDocuments(texts.map((t, i) => parseYamlText(`f${i}.yaml`, t).loaded));
}

function problemsOf(...texts: string[]): string[] {
  const result = resultOf(...texts);
  return 'problems' in result ? result.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`) : [];
}

describe('policies in validation', () => {
  it('the examples of docs/effective-access.md are valid, and become one rule each', () => {
    const result = resultOf(`organization: acme
policies:
  - name: only sre administers production
    workspaces: { tags: [prod] }
    max-access: write
    except-teams: [sre]
  - name: auditors see everything
    workspaces: { names: ["*"] }
    min-access: { team: auditors, access: read }
  - name: few admins per project
    projects: { names: ["*"] }
    max-teams: { access: admin, count: 3 }
`);
    if (!('state' in result)) throw new Error(JSON.stringify(result.problems));
    const policies = result.state.policies ?? [];
    expect(policies.map((p) => [p.name, p.type, 'match' in p ? p.match : undefined, p.rule])).toEqual([
      ['only sre administers production', 'workspace', { tags: ['prod'] }, { kind: 'max-access', access: 'write', exceptTeams: ['sre'] }],
      ['auditors see everything', 'workspace', { names: ['*'] }, { kind: 'min-access', team: 'auditors', access: 'read' }],
      ['few admins per project', 'project', { names: ['*'] }, { kind: 'max-teams', access: 'admin', count: 3 }],
    ]);
    expect(policies[0]?.teamSources?.get('sre')).toEqual({ file: 'f0.yaml', line: 6, col: 20 });
    expect(policies[1]?.teamSources?.get('auditors')).toEqual({ file: 'f0.yaml', line: 9, col: 25 });
  });

  it('every problem has its position, with a near miss where one exists', () => {
    const text = `organization: acme
policies:
  - name: a
    workspaces: { tags: [prod] }
    max-acess: write
  - name: b
    projects: { names: ["*"] }
    max-access: plan
  - name: c
    workspaces: { names: ["*"] }
    min-access: { team: auditors, access: maintain }
  - name: d
    workspaces: { exclude: [x] }
    max-teams: { access: admin, count: -1 }
  - name: e
    max-access: admn
  - name: f
    workspaces: { names: ["*"] }
    projects: { names: ["*"] }
    max-access: write
    min-access: { team: auditors, access: read }
  - name: g
    workspaces: { names: ["*"] }
    except-teams: [sre]
    min-access: { team: auditors, access: read }
`;
    expect(problemsOf(text)).toEqual([
      'f0.yaml:3:5 policies[0]: policy "a" has no rule: give one of `max-access`, `min-access`, `max-teams`, `max-expiry`, `organization-access`, `max-members`, `max-token-age` or `max-reach`',
      'f0.yaml:5:5 policies[0]: unknown key "max-acess". Did you mean "max-access"?',
      'f0.yaml:8:17 policies[1].max-access: "plan" is a workspace level, not a project level; a project policy takes read, write, maintain or admin',
      'f0.yaml:11:43 policies[2].min-access.access: "maintain" is a project level, not a workspace level; a workspace policy takes read, plan, write or admin',
      'f0.yaml:13:17 policies[3].workspaces: policy "d" matches nothing in particular: give `projects`, `tags` or `names` (`names: ["*"]` for every workspace)',
      'f0.yaml:14:40 policies[3].max-teams.count: must be 0 or more, got -1',
      expect.stringMatching(/^f0\.yaml:15:5 policies\[4\]: policy "e" says what it covers: give `workspaces: \{\.\.\.\}` or `projects: \{\.\.\.\}`/),
      expect.stringMatching(/^f0\.yaml:16:17 policies\[4\]\.max-access: .*"admn".*Did you mean "admin"\?/),
      'f0.yaml:19:15 policies[5].projects: policy "f" covers workspaces or projects, not both: write two policies',
      'f0.yaml:21:17 policies[5].min-access: policy "f" has 2 rules (max-access, min-access): one rule per policy, so each violation names what it broke; write one policy per rule',
      'f0.yaml:24:19 policies[6].except-teams: policy "g": `except-teams` goes with `max-access` only',
    ]);
  });

  it('max-expiry: a level of the kind and at least one day; reads as its rule', () => {
    const valid = resultOf('organization: acme\npolicies:\n  - { name: p, workspaces: { tags: [prod] }, max-expiry: { access: admin, days: 7 } }\n');
    if (!('state' in valid)) throw new Error(JSON.stringify(valid.problems));
    expect(valid.state.policies?.map((p) => p.rule)).toEqual([{ kind: 'max-expiry', access: 'admin', days: 7 }]);
    const text = `organization: acme
policies:
  - name: a
    workspaces: { names: ["*"] }
    max-expiry: { access: maintain, days: 0 }
  - name: b
    projects: { names: ["*"] }
    except-teams: [sre]
    max-expiry: { acess: write, days: 1 }
`;
    expect(problemsOf(text)).toEqual([
      'f0.yaml:5:27 policies[0].max-expiry.access: "maintain" is a project level, not a workspace level; a workspace policy takes read, plan, write or admin',
      'f0.yaml:5:43 policies[0].max-expiry.days: must be 1 or more, got 0',
      'f0.yaml:8:19 policies[1].except-teams: policy "b": `except-teams` goes with `max-access` only',
      'f0.yaml:9:19 policies[1].max-expiry: unknown key "acess". Did you mean "access"?',
    ]);
  });

  it('a name used twice across files names the first place', () => {
    const a = 'organization: acme\npolicies:\n  - { name: p, workspaces: { names: ["*"] }, max-access: write }\n';
    const b = 'organization: acme\npolicies:\n  - { name: p, projects: { names: ["*"] }, max-access: write }\n';
    expect(problemsOf(a, b)).toEqual(['f1.yaml:3:13 policies[0].name: policy "p" is defined twice; first defined at f0.yaml:3:13']);
  });

  it('organization-access: a policy of the organization with no match, its flags checked against the table with a near miss', () => {
    const valid = resultOf(`organization: acme
policies:
  - name: only platform-admins hand out powers
    organization-access: { forbid: [manage-organization-access, manage-teams], except-teams: [platform-admins] }
`);
    if (!('state' in valid)) throw new Error(JSON.stringify(valid.problems));
    expect(valid.state.policies).toEqual([
      {
        name: 'only platform-admins hand out powers',
        type: 'organization',
        rule: { kind: 'organization-access', forbid: ['manage-organization-access', 'manage-teams'], exceptTeams: ['platform-admins'] },
        source: { file: 'f0.yaml', line: 3, col: 5 },
        teamSources: new Map([['platform-admins', { file: 'f0.yaml', line: 4, col: 95 }]]),
      },
    ]);
    const text = `organization: acme
policies:
  - name: a
    workspaces: { names: ["*"] }
    organization-access: { forbid: [manage-team] }
  - name: b
    organization-access: { forbid: [] }
    max-access: write
`;
    expect(problemsOf(text)).toEqual([
      'f0.yaml:4:17 policies[0].workspaces: policy "a": `organization-access` is a policy of the whole organization\'s teams: it takes no `workspaces`',
      expect.stringMatching(/^f0\.yaml:5:37 policies\[0\]\.organization-access\.forbid\[0\]: "manage-team" is not one of .*\. Did you mean "manage-teams"\?$/),
      'f0.yaml:7:26 policies[1].organization-access: policy "b" has 2 rules (max-access, organization-access): one rule per policy, so each violation names what it broke; write one policy per rule',
      'f0.yaml:7:36 policies[1].organization-access.forbid: must NOT have fewer than 1 items',
    ]);
  });
});
