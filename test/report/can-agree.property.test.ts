// Acceptance of issue 37, Build 4 (docs/evidence.md, "Who can"): over random organizations (teams
// with organization powers, manage-policy-overrides and delegate-policy-overrides on, off or not
// reported, the owners team, fixed and custom project and workspace grants), `--can` as the text,
// the JSON, the CSV and the HTML say it agree cell for cell, policy-overrides included. The HTML is
// read as its script reads it: the bit masks of each matrix cell (render/report-html/report-html-can-script.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAN_QUESTIONS } from '../../src/core/can.js';
import type { Team } from '../../src/core/model.js';
import type { GrantInput } from '../../src/effective/compute.js';
import { renderAccessReport } from '../../src/render/report.js';
import { type Answer, canReport, htmlAnswers, PROJECTS, WORKSPACES } from './can-report.js';

const NAMES = ['owners', 'dev', 'ops', 'qa', 'audit'];
const POWERS = ['manage-policy-overrides', 'manage-workspaces', 'manage-projects', 'read-workspaces', 'read-projects'];
const TARGET_ID = new Map<string, string>([
  ...PROJECTS.map((p) => [`project ${p.name}`, p.id] as const),
  ...WORKSPACES.map((w) => [`workspace ${w.name}`, w.id] as const),
]);

const arbTeam = (name: string): fc.Arbitrary<Team> =>
  fc.tuple(fc.subarray(POWERS), fc.constantFrom<boolean | undefined>(true, false, undefined)).map(([powers, delegate]) => ({
    id: `team-${name}`,
    name,
    visibility: 'organization',
    organizationAccess: { ...Object.fromEntries(powers.map((p) => [p, true])), ...(delegate === undefined ? {} : { 'delegate-policy-overrides': delegate }) },
  }));

const arbWorkspaceAccess: fc.Arbitrary<GrantInput['access']> = fc.oneof(
  fc.constantFrom('read', 'plan', 'write', 'admin').map((level) => ({ access: level as 'read' })),
  fc
    .record({ runs: fc.constantFrom('read', 'plan', 'apply'), 'policy-overrides': fc.boolean(), 'workspace-locking': fc.boolean() }, { requiredKeys: ['runs'] })
    .map((permissions) => ({ access: 'custom' as const, permissions })),
);
const arbProjectAccess: fc.Arbitrary<GrantInput['access']> = fc.oneof(
  fc.constantFrom('read', 'write', 'maintain', 'admin').map((level) => ({ access: level as 'read' })),
  fc
    .record(
      {
        'project-access.settings': fc.constantFrom('read', 'update', 'delete'),
        'workspace-access.runs': fc.constantFrom('read', 'plan', 'apply'),
        'workspace-access.policy-overrides': fc.boolean(),
      },
      { requiredKeys: ['project-access.settings'] },
    )
    .map((permissions) => ({ access: 'custom' as const, permissions })),
);

const arbOrg = fc
  .tuple(
    fc.tuple(...NAMES.map(arbTeam)),
    fc.dictionary(fc.constantFrom(...NAMES), arbProjectAccess),
    fc.dictionary(fc.constantFrom(...NAMES.flatMap((n) => [`${n}/ws-in`, `${n}/ws-out`])), arbWorkspaceAccess),
  )
  .map(([teams, projectGrants, workspaceGrants]) => ({
    teams,
    grants: [
      ...Object.entries(projectGrants).map(([name, access]): GrantInput => ({ resource: 'team-projects', teamId: `team-${name}`, targetId: 'prj-a', access })),
      ...Object.entries(workspaceGrants).map(([key, access]): GrantInput => {
        const [name, ws] = key.split('/');
        return { resource: 'team-workspaces', teamId: `team-${name}`, targetId: ws ?? '', access };
      }),
    ],
  }));

/** The text: a row `  TEAM  TYPE NAME  SOURCES` per holder, then per cell not known under "Not known on". */
function textAnswers(text: string): Map<string, Answer> {
  const out = new Map<string, Answer>();
  let section: Answer | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('Who can ')) section = 'yes';
    else if (line.startsWith('Not known on ')) section = 'unknown';
    else if (line === '' || !line.startsWith('  ')) section = line === '' ? undefined : section;
    else if (section) {
      const m = /^ {2}(\S+) +(project|workspace) (\S+)/.exec(line);
      if (m) out.set(`${m[1]}/${TARGET_ID.get(`${m[2]} ${m[3]}`)}`, section);
    }
  }
  return out;
}

type Holder = { team: { name: string }; target: { id: string } };
function jsonAnswers(json: string): Map<string, Answer> {
  const can = (JSON.parse(json) as { can: { holders: Holder[]; unknown: Holder[] } }).can;
  return new Map<string, Answer>([
    ...can.holders.map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'yes']),
    ...can.unknown.map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'unknown']),
  ]);
}

/** The CSV (no field here needs quoting): answer, team and target_id of each row. */
function csvAnswers(csv: string): Map<string, Answer> {
  const [head = '', ...rows] = csv.split('\r\n').filter(Boolean);
  const column = (name: string): number => head.split(',').indexOf(name);
  return new Map(
    rows.map((row): [string, Answer] => {
      const fields = row.split(',');
      return [`${fields[column('team')]}/${fields[column('target_id')]}`, fields[column('answer')] as Answer];
    }),
  );
}

// policy-overrides is asked one time in three: the question the issue found the outputs to disagree on.
const arbQuestion = fc.oneof(
  { weight: 1, arbitrary: fc.constant('policy-overrides') },
  { weight: 2, arbitrary: fc.constantFrom(...CAN_QUESTIONS.map((q) => q.name)) },
);

describe('report --can: the text, the JSON, the CSV and the HTML agree cell for cell', () => {
  it('over random organizations, every question, policy-overrides included', () => {
    let overridesAsked = 0;
    fc.assert(
      fc.property(arbOrg, arbQuestion, (org, question) => {
        const report = canReport(org, question);
        const render = (format: 'text' | 'json' | 'csv' | 'html') => renderAccessReport(report, format, { byTeam: false });
        const text = textAnswers(render('text'));
        if (question === 'policy-overrides') overridesAsked++;
        expect(text.size).toBe((report.can?.holders.length ?? 0) + (report.can?.unknown.length ?? 0));
        expect(jsonAnswers(render('json'))).toEqual(text);
        expect(csvAnswers(render('csv'))).toEqual(text);
        expect(
          htmlAnswers(
            render('html'),
            CAN_QUESTIONS.findIndex((q) => q.name === question),
          ),
        ).toEqual(text);
        // The owners team can do everything: yes on every target a question asks of, never "not known".
        for (const [key, answer] of text) if (key.startsWith('owners/')) expect(answer).toBe('yes');
      }),
      { numRuns: 300, seed: 3737 },
    );
    expect(overridesAsked).toBeGreaterThan(50);
  });
});
