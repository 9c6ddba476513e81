// Issue 37, Build 3 (docs/evidence.md, "Who can"): organization powers in who-can by person. A
// person who can through a team's organization power (manage-workspaces: admin on every workspace;
// manage-policy-overrides: policy-overrides everywhere; the owners team: everything) is listed as
// able, with the power as the source, and the text, the JSON, the CSV and the HTML say the same
// answers, by person and with --person, as the report by team does for those teams.
import { describe, expect, it } from 'vitest';
import { CAN_QUESTIONS } from '../../src/core/can.js';
import type { LivePeople, Person } from '../../src/core/person.js';
import type { Report } from '../../src/core/report.js';
import type { GrantInput } from '../../src/effective/compute.js';
import { EffectiveIndex } from '../../src/effective/compute.js';
import { reportPeople } from '../../src/effective/people.js';
import { renderAccessReport } from '../../src/render/report.js';
import { person } from '../people/world.js';
import { type Answer, canReport, htmlAnswers, PROJECTS, team, WORKSPACES } from './can-report.js';

const TEAMS = [
  team('owners'),
  team('ops', { 'manage-workspaces': true }),
  team('po', { 'manage-policy-overrides': true }),
  team('pol', { 'manage-policies': true }),
  team('dev'),
];
const GRANTS: GrantInput[] = [{ resource: 'team-workspaces', teamId: 'team-dev', targetId: 'ws-in', access: { access: 'write' } }];
const member = (name: string, teams: string[]): Person => person(name, teams);
const LIVE: LivePeople = {
  people: [member('olga', ['owners']), member('ann', ['ops']), member('pete', ['po']), member('pat', ['pol']), member('dan', ['dev'])],
  hidden: new Map(),
};
const PEOPLE = (() => {
  const index = new EffectiveIndex({ teams: TEAMS, projects: PROJECTS, workspaces: WORKSPACES, grants: GRANTS });
  return reportPeople(LIVE, TEAMS, index.all());
})();

/** `report --can Q --by person`, or with `--person` each email asked (the people narrowed as selectReport narrows them). */
function byPerson(question: string, persons?: string[]): Report {
  const people = persons ? { ...PEOPLE, people: PEOPLE.people.filter((p) => persons.includes(p.email)) } : PEOPLE;
  return canReport({ teams: TEAMS, grants: GRANTS, people, ...(persons ? { persons } : {}) }, question);
}

const ID_OF = new Map<string, string>([
  ...PROJECTS.map((p): [string, string] => [`project ${p.name}`, p.id]),
  ...WORKSPACES.map((w): [string, string] => [`workspace ${w.name}`, w.id]),
]);

/** Every output's answers as `team/target id` -> yes or unknown (text, JSON, CSV and the HTML's masks). */
function answersOf(report: Report, question: string): Record<'text' | 'json' | 'csv' | 'html', Map<string, Answer>> {
  const render = (format: 'text' | 'json' | 'csv' | 'html') => renderAccessReport(report, format, { byTeam: false });
  const text = new Map<string, Answer>();
  let section: Answer | undefined;
  for (const line of render('text').split('\n')) {
    if (line.startsWith('Who can ')) section = 'yes';
    else if (line.startsWith('Not known on ')) section = 'unknown';
    else if (!line.startsWith('  ')) section = undefined;
    const m = section && /^ {2}(\S+) +(project|workspace) (\S+)/.exec(line);
    if (m && section) text.set(`${m[1]}/${ID_OF.get(`${m[2]} ${m[3]}`)}`, section);
  }
  type Holder = { team: { name: string }; target: { id: string } };
  const can = (JSON.parse(render('json')) as { can: { holders: Holder[]; unknown: Holder[] } }).can;
  const json = new Map<string, Answer>([
    ...can.holders.map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'yes']),
    ...can.unknown.map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'unknown']),
  ]);
  const [head = '', ...rows] = render('csv').split('\r\n').filter(Boolean);
  const column = (name: string): number => head.split(',').indexOf(name);
  const csv = new Map(
    rows.map((row): [string, Answer] => {
      const f = row.split(',');
      return [`${f[column('team')]}/${f[column('target_id')]}`, f[column('answer')] as Answer];
    }),
  );
  const html = htmlAnswers(
    render('html'),
    CAN_QUESTIONS.findIndex((q) => q.name === question),
  );
  return { text, json, csv, html };
}

const holder = (report: Report, teamName: string, targetId: string) => report.can?.holders.find((h) => h.team.name === teamName && h.target.id === targetId);

describe('who-can by person: organization powers (issue 37, Build 3)', () => {
  it('manage-workspaces: its member can manage team access on every workspace, the power as the source', () => {
    const report = byPerson('manage-team-access');
    for (const ws of WORKSPACES) {
      expect(holder(report, 'ops', ws.id)).toMatchObject({ people: ['ann@example.com'], sources: [{ kind: 'organization', permission: 'manage-workspaces' }] });
      expect(holder(report, 'owners', ws.id)).toMatchObject({ people: ['olga@example.com'], sources: [{ kind: 'owners' }] });
    }
    expect(renderAccessReport(report, 'text', { byTeam: false })).toMatch(
      /^ {2}ops +workspace loose +organization manage-workspaces \[organization-wide\]; people: ann@example\.com$/m,
    );
  });

  it('manage-policy-overrides: its member holds policy-overrides on every target with no grant at all', () => {
    const report = byPerson('policy-overrides', ['pete@example.com']);
    expect(report.can?.holders.map((h) => `${h.team.name}/${h.target.id}`)).toEqual(['po/prj-a', 'po/ws-in', 'po/ws-out']);
    expect(holder(report, 'po', 'ws-out')).toMatchObject({
      people: ['pete@example.com'],
      sources: [{ kind: 'organization', permission: 'manage-policy-overrides' }],
    });
  });

  it.each(CAN_QUESTIONS.map((q) => q.name))("%s: by person, every output gives the report by team's answers", (question) => {
    const byTeam = canReport({ teams: TEAMS, grants: GRANTS }, question);
    const expected = new Map<string, Answer>([
      ...(byTeam.can?.holders ?? []).map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'yes']),
      ...(byTeam.can?.unknown ?? []).map((h): [string, Answer] => [`${h.team.name}/${h.target.id}`, 'unknown']),
    ]);
    const outputs = answersOf(byPerson(question), question);
    for (const [format, answers] of Object.entries(outputs)) expect(answers, format).toEqual(expected);
  });

  it.each([
    ['ann@example.com', 'manage-team-access', 'ops'],
    ['pete@example.com', 'policy-overrides', 'po'],
    ['olga@example.com', 'runs:apply', 'owners'],
    ['dan@example.com', 'runs:apply', 'dev'],
  ])("--person %s --can %s: only their team %s, in every output (the HTML marks no other team's cell)", (email, question, teamName) => {
    const outputs = answersOf(byPerson(question, [email]), question);
    expect(outputs.text.size).toBeGreaterThan(0);
    expect([...outputs.text.keys()].every((k) => k.startsWith(`${teamName}/`))).toBe(true);
    for (const [format, answers] of Object.entries(outputs)) expect(answers, format).toEqual(outputs.text);
  });

  it('--person: a member of manage-policies only answers no question on a target (its docs give it no access there), in every output', () => {
    for (const question of ['runs:read', 'policy-overrides', 'manage-team-access']) {
      const outputs = answersOf(byPerson(question, ['pat@example.com']), question);
      for (const [format, answers] of Object.entries(outputs)) expect(answers.size, `${question} ${format}`).toBe(0);
    }
  });
});
