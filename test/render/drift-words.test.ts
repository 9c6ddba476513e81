// Issue 36, item 9: what drift says (docs/drift.md, "Read the drift"). Drift is titled "Drift in ORG",
// counts every item it found (grants, teams and members) in every format, and says each team and
// member item as a difference between live access and the files, never as a change to make. After
// `drift --adopt --target`, the ways out repeat every --target, quoted for a shell.
import { describe, expect, it } from 'vitest';
import type { Adoption } from '../../src/core/adoption.js';
import type { Plan } from '../../src/core/plan.js';
import { differsWords } from '../../src/render/drift/drift-words.js';
import { renderMarkdown } from '../../src/render/plan/markdown.js';
import { renderText } from '../../src/render/plan/text.js';
import { memberPlan } from '../people/world.js';
import { sreAdminOnApiProd } from '../support/plan-changes.js';

// A created team (missing), three people the files list that live lacks (an invitation, two adds:
// missing), three live has that the files do not list (a removal, two from the organization).
const plan: Plan = { ...memberPlan(), scope: { paths: ['access.yaml'], targets: [], teams: [], projects: [], workspaces: [] } };

describe('drift in words', () => {
  it('finding 9: the drift Markdown counts member and team drift, not 0/0/0', () => {
    const md = renderMarkdown(plan, { kind: 'drift' });
    const lines = md.split('\n');
    expect(lines[3]).toBe('Drift in acme: live access differs from the files (4 missing, 0 different, 3 not in the files; 1 team and 6 members differ).');
    expect(md).toContain(
      [
        '| | missing | different | not in the files |',
        '|---|---:|---:|---:|',
        '| grants | 0 | 0 | 0 |',
        '| teams | 1 | 0 | 0 |',
        '| members | 3 | 0 | 3 |',
      ].join('\n'),
    );
    expect(md).toContain('**teams** (1 missing, 0 different, 0 not in the files)');
    expect(md).toContain('**members** (3 missing, 0 different, 3 not in the files)');
    expect(md).not.toContain('| 0 | 0 | 0 |\n\n');
  });

  it('finding 9: the drift text counts member and team drift too, in its first line and a line per kind', () => {
    const lines = renderText(plan, { color: false, kind: 'drift' }).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Drift in acme: live access differs from the files (4 missing, 0 different, 3 not in the files; 1 team and 6 members differ).',
      'Teams: 1 missing, 0 different, 0 not in the files.',
      'Members: 3 missing, 0 different, 3 not in the files; 1 invitation pending.',
    ]);
  });

  it("finding 9: drift's line on stderr counts member and team drift in its numbers", () => {
    expect(differsWords(plan)).toBe('live access differs from the files (4 missing, 0 different, 3 not in the files; 1 team and 6 members differ)');
    // Grants alone read as before.
    const grants = { ...plan, teamChanges: undefined, memberChanges: undefined, changes: renderable().changes };
    expect(differsWords(grants)).toBe('live access differs from the files (1 missing, 0 different, 0 not in the files)');
  });

  it('finding 9: drift text starts "Drift in ORG", not "Plan for", and says team and member drift as differences found, not actions', () => {
    const text = renderText(plan, { color: false, kind: 'drift' });
    expect(text).not.toMatch(/^Plan for/);
    expect(text).toContain('  + platform  in the files; live has no such team\n');
    expect(text).toContain('  + new@example.com   the files list them in platform, sre; live has no such person in the organization\n');
    expect(text).toContain('  + ana@example.com   the files list them in platform; live does not\n');
    expect(text).toContain('  - ed@example.com    live has them in ops; the files do not list them\n');
    expect(text).toContain('  - bo@example.com    live has them in the organization (in sre); the files list them in no team\n');
    for (const action of ['to invite', 'to add', 'to remove', 'to create', 'invite into', 'add to', 'remove from', '  create'])
      expect(text).not.toContain(action);
    // A plan still says what apply would do.
    expect(renderText(plan, { color: false })).toMatch(/^Plan for acme: /);
    expect(renderText(plan, { color: false })).toContain('  - ed@example.com    remove from ops\n');
  });

  it('finding 9: the drift Markdown says team and member drift as differences found, not actions', () => {
    const md = renderMarkdown(plan, { kind: 'drift' });
    expect(md).toContain('+ platform: in the files; live has no such team\n');
    expect(md).toContain('- ed@example.com  live has them in ops; the files do not list them\n');
    for (const action of ['to invite', 'to add', 'to create', 'invite into', 'add to', 'remove from']) expect(md).not.toContain(action);
  });

  it('finding 9: after drift --adopt --target the revert keeps every --target, each quoted for a shell (text and Markdown)', () => {
    const adoption: Adoption = {
      edits: [{ path: 'access.yaml', before: 'a: 1\n', after: 'a: 2\n' }],
      adopted: 1,
      notAdopted: [],
      targets: ['workspace:api-prod', 'workspace:web dev', "project:it's"],
    };
    const targets = "--target workspace:api-prod --target 'workspace:web dev' --target 'project:it'\\''s'";
    const text = renderText(plan, { color: false, kind: 'drift', adoption });
    expect(text).toContain(`\n  git checkout -- access.yaml\n  tfe-access apply access.yaml ${targets}\n`);
    const md = renderMarkdown(plan, { kind: 'drift', adoption });
    expect(md).toContain(`then \`tfe-access apply access.yaml ${targets}\``);
    // Nothing adopted yet (no edits): both ways out keep the targets too.
    const none = renderText(plan, { color: false, kind: 'drift', adoption: { ...adoption, edits: [], adopted: 0 } });
    expect(none).toContain(`  tfe-access apply access.yaml ${targets}\n`);
    expect(none).toContain(`  tfe-access drift --adopt access.yaml ${targets}\n`);
  });
});

/** A plan of one grant the files want that live lacks. */
function renderable(): Pick<Plan, 'changes'> {
  return { changes: [sreAdminOnApiProd({ kind: 'entry', name: 'api-prod' })] };
}
