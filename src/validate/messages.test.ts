import { describe, expect, it } from 'vitest';
import { parseYamlText } from '../load/document.js';
import { schemaErrors } from './ajv.js';
import { schemaProblems } from './messages.js';

function problems(text: string): string[] {
  return schemaProblems(parseYamlText('f.yaml', text).loaded).map((p) => `${p.line}:${p.col}: ${p.message}`);
}

const ORG = 'organization: acme\n';

describe('schemaProblems', () => {
  it('collapses the if/else cascade of one wrong grant into one problem', () => {
    const text = ORG + 'workspaces:\n  w:\n    teams:\n      sre: { access: plan, runs: apply }\n      ci: [x]\n';
    const data = parseYamlText('f.yaml', text).loaded.data;
    expect(schemaErrors(data).length).toBeGreaterThanOrEqual(5);
    expect(problems(text)).toEqual([
      '5:28: workspaces.w.teams.sre: "runs" may be set only with access: custom (this grant has access: plan)',
      '6:11: workspaces.w.teams.ci: expected an access level, a workspace role name or a mapping with `access`, got a list',
    ]);
  });

  it('reports a typo of a required key once, as the typo', () => {
    expect(problems('organisation: acme\n')).toEqual(['1:1: (top level): unknown key "organisation". Did you mean "organization"?']);
  });

  it('still reports a missing required key when no unknown key resembles it', () => {
    expect(problems('projects: {}\n')).toEqual(['1:1: (top level): missing required key "organization"']);
  });

  it("names the expected type in the file's words", () => {
    expect(problems(ORG + 'settings:\n  ignore-teams: break-glass\n  prune: 1\n')).toEqual([
      '3:17: settings.ignore-teams: expected a list, got "break-glass"',
      '4:10: settings.prune: expected true or false, got 1',
    ]);
    expect(problems(ORG + 'projects:\n  p:\n    teams: [dev]\n')).toEqual(['4:12: projects.p.teams: expected a mapping, got a list']);
  });

  it('suggests the nearest allowed value for an attribute', () => {
    expect(problems(ORG + 'roles:\n  workspace:\n    r: { state-versions: read-output }\n')).toEqual([
      '4:26: roles.workspace.r.state-versions: "read-output" is not one of none, read-outputs, read or write. Did you mean "read-outputs"?',
    ]);
  });
});
