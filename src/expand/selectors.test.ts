import { describe, expect, it } from 'vitest';
import type { Project, Selecting, Workspace } from '../core/model.js';
import { NameIndex, nfc } from '../core/names.js';
import type { SetCatalog } from '../core/organization.js';
import { workspaceMatches } from './match.js';
import { checkSelectors } from './selectors.js';

const PROJECTS: Project[] = [
  { id: 'prj-1', name: 'platform' },
  { id: 'prj-2', name: 'Caf\u00e9' },
];
const WORKSPACES: Workspace[] = [
  { id: 'ws-1', name: 'api-prod', projectId: 'prj-1', tags: { names: ['prod'], bindings: [{ key: 'cost-center', value: '42' }] } },
  { id: 'ws-2', name: 'caf\u00e9-api', projectId: 'prj-2', tags: { names: [], bindings: [] } },
];
const SCOPE: SetCatalog = { projects: PROJECTS, workspaces: WORKSPACES, complete: true, keyValueTags: true };
const src = (line: number) => ({ file: 'f.yaml', line, col: 3 });
const set = (match: Selecting['match'], more: Partial<Selecting> = {}): Selecting => ({ type: 'workspace', name: 's', match, source: src(1), ...more });
const messages = (selectors: Selecting[], scope = SCOPE) => {
  const found = checkSelectors(selectors, (s) => `${s.type} set "${s.name}": `, scope);
  return { problems: found.problems.map((p) => `${p.source?.line ?? '-'} ${p.message}`), warnings: found.warnings.map((w) => w.message) };
};

describe('names after Unicode NFC', () => {
  it('finds a name as written, else after NFC (saying so), else not', () => {
    const index = new NameIndex(['Jos\u00e9', 'sre']);
    expect(index.find('sre')).toEqual({ name: 'sre', normalised: false });
    expect(index.find('Jose\u0301')).toEqual({ name: 'Jos\u00e9', normalised: true });
    expect(index.find('Jose')).toBeUndefined();
    expect(nfc('Jose\u0301')).toBe('Jos\u00e9');
  });
  it("a set written decomposed matches the organization's precomposed names, projects and globs", () => {
    const projectNames = new Map(PROJECTS.map((p) => [p.id, p.name]));
    const cafe = WORKSPACES[1] as Workspace;
    expect(workspaceMatches({ type: 'workspace', name: 's', match: { projects: ['Cafe\u0301'] }, prune: false, grants: [] }, cafe, projectNames)).toBe(true);
    expect(workspaceMatches({ type: 'workspace', name: 's', match: { names: ['cafe\u0301-*'] }, prune: false, grants: [] }, cafe, projectNames)).toBe(true);
    expect(workspaceMatches({ type: 'workspace', name: 's', match: { names: ['cafe-*'] }, prune: false, grants: [] }, cafe, projectNames)).toBe(false);
  });
});

describe("the selectors' names", () => {
  it("knows a tag as a flat name, a key, or key:value; a glob is never unknown; positions are the values'", () => {
    expect(messages([set({ tags: ['prod', 'cost-center', 'cost-center:42'], names: ['zz-*', 'a?'] })])).toEqual({ problems: [], warnings: [] });
    const sources = { tags: [src(4), src(5)] };
    expect(messages([set({ tags: ['prod', 'cost-center:41'] }, { matchSources: sources })]).problems).toEqual([
      '5 workspace set "s": tag "cost-center:41" is on no workspace the token can see (write `allow-empty: true` in the match if that is meant). Did you mean "cost-center:42"?',
    ]);
  });
  it('finding 9: a policy tag typo with letters left out (bling for billing) gets the tag that exists', () => {
    const billing: Workspace = { id: 'ws-3', name: 'invoices', projectId: 'prj-1', tags: { names: ['billing'], bindings: [] } };
    const found = checkSelectors([set({ tags: ['bling'] }, { name: 'p' })], (s) => `policy "${s.name}": `, { ...SCOPE, workspaces: [...WORKSPACES, billing] });
    expect(found.problems.map((p) => p.message)).toEqual([
      'policy "p": tag "bling" is on no workspace the token can see (write `allow-empty: true` in the match if that is meant). Did you mean "billing"?',
    ]);
  });
  it('does not claim a tag is absent when the key-value tags were not read', () => {
    expect(messages([set({ tags: ['cost-centre:42'] })], { ...SCOPE, keyValueTags: false })).toEqual({ problems: [], warnings: [] });
  });
  it("says when only the named projects' workspaces were read", () => {
    expect(messages([set({ projects: ['platform'], names: ['etl-prod'] })], { ...SCOPE, complete: false }).problems).toEqual([
      '1 workspace set "s": workspace "etl-prod" is in none of the projects the matches name (only their workspaces were read), or the token may not see it.',
    ]);
  });
  it("checks a project set's names against the projects, and a decomposed one is found with a warning", () => {
    const found = messages([{ type: 'project', name: 'p', match: { names: ['Cafe\u0301', 'platfrom'] }, source: src(2) }]);
    expect(found.problems).toEqual(['2 project set "p": project "platfrom" not found, or the token may not see it. Did you mean "platform"?']);
    expect(found.warnings).toEqual([
      `f.yaml:2:3: project set "p": project "Cafe\u0301" differs from the organization's "Caf\u00e9" only by Unicode normalisation (the files' is not NFC): taken as that project; write it as the organization does to silence this.`,
    ]);
  });
  it('allow-empty accepts an absent tag, not an absent project', () => {
    expect(messages([set({ tags: ['canary'] }, { allowEmpty: true })]).problems).toEqual([]);
    expect(messages([set({ projects: ['platfrom'], tags: ['canary'] }, { allowEmpty: true })]).problems).toHaveLength(1);
  });
});
