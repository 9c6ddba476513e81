// The `max-members` policy (docs/effective-access.md, "People"): validated as a policy of the
// whole organization, checked on the human members of its team (service accounts, hidden and
// inactive members not counted, an invitee counted), after a plan's member changes, phrased as
// every violation is, kept in canonical form for saved plans.
import { describe, expect, it } from 'vitest';
import type { LivePeople } from '../../src/core/person.js';
import type { DesiredPolicy } from '../../src/core/policy.js';
import { policyDocument } from '../../src/core/policy-document.js';
import { peopleAfter } from '../../src/effective/people-after.js';
import { parseYamlText } from '../../src/load/document.js';
import { checkPolicies } from '../../src/policy/check.js';
import { violationText } from '../../src/render/violations/violation-lines.js';
import { violationDocument } from '../../src/render/violations/violation-message.js';
import { savedPoliciesOf } from '../../src/saved-plan/parse-policies.js';
import { Reader } from '../../src/saved-plan/reader.js';
import { validateDocuments } from '../../src/validate/validate.js';
import { person, team, teamId } from '../support/states.js';

function resultOf(text: string) {
  return validateDocuments([parseYamlText('f0.yaml', text).loaded]);
}

const POLICY: DesiredPolicy = { name: 'few owners', type: 'organization', rule: { kind: 'max-members', team: 'owners', count: 2 } };
const TEAMS = [team('owners'), team('dev')];
const PEOPLE: LivePeople = {
  people: [
    person('root@example.com', ['owners']),
    person('ana@example.com', ['owners', 'dev']),
    person('api-team_x', ['owners'], { serviceAccount: true }),
    person('gone@example.com', ['owners'], { status: 'inactive' }),
  ],
  hidden: new Map([[teamId('owners'), ['user-staff-1', 'user-staff-2']]]),
};
const check = (people: LivePeople) => checkPolicies([POLICY], { teams: TEAMS, projects: [], workspaces: [], grants: [], ends: [], now: 0, people });

describe('max-members', () => {
  it('is a policy of the whole organization: valid with {team, count}, refused with a match, its count an integer of 0 or more', () => {
    const valid = resultOf('organization: acme\npolicies:\n  - name: few owners\n    max-members: { team: owners, count: 5 }\n');
    if (!('state' in valid)) throw new Error(JSON.stringify(valid.problems));
    expect(valid.state.policies).toMatchObject([{ name: 'few owners', type: 'organization', rule: { kind: 'max-members', team: 'owners', count: 5 } }]);
    const invalid = resultOf(
      'organization: acme\npolicies:\n  - name: a\n    workspaces: { names: ["*"] }\n    max-members: { team: owners, count: 5 }\n  - name: b\n    max-members: { team: owners, count: -1 }\n  - name: c\n    max-members: { count: 1 }\n',
    );
    const problems = 'problems' in invalid ? invalid.problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.message}`) : [];
    expect(problems).toEqual([
      'f0.yaml:4:17 policies[0].workspaces: policy "a": `max-members` is a policy of the whole organization\'s people: it takes no `workspaces`',
      'f0.yaml:7:41 policies[1].max-members.count: must be 0 or more, got -1',
      'f0.yaml:9:5 policies[2].max-members: missing required key "team"',
    ]);
  });

  it('counts human members: not service accounts, hidden members or inactive memberships; an invitee counts', () => {
    expect(check(PEOPLE)).toEqual([]);
    const invited = { ...PEOPLE, people: [...PEOPLE.people, person('cy@vendor.example', ['owners'], { status: 'invited' })] };
    const [violation, ...rest] = check(invited);
    expect(rest).toEqual([]);
    expect(violation).toMatchObject({ policy: 'few owners', target: null, team: { name: 'owners', id: teamId('owners') } });
    expect(violationText(violation!)).toBe('[few owners] team "owners" has 3 members, more than 2: ana@example.com, cy@vendor.example, root@example.com');
    expect(violationDocument(violation!)).toEqual({
      policy: 'few owners',
      target: null,
      team: { name: 'owners', id: teamId('owners') },
      message: 'team "owners" has 3 members, more than 2: ana@example.com, cy@vendor.example, root@example.com',
    });
  });

  it('after a plan: its member changes counted (an add breaks it, a removal fixes it)', () => {
    const owners = { name: 'owners', id: teamId('owners') };
    const added = peopleAfter(PEOPLE, [{ action: 'add', team: owners, person: { email: 'bo@example.com' } }]);
    // bo is not in the organization: an add of nobody changes nothing; an invitation into owners does.
    expect(check(added)).toEqual([]);
    const invited = peopleAfter(PEOPLE, [{ action: 'invite', person: { email: 'bo@example.com' }, teams: [owners] }]);
    expect(check(invited)).toHaveLength(1);
    const fixed = peopleAfter(invited, [{ action: 'remove', team: owners, person: { email: 'ROOT@example.com' } }]);
    expect(check(fixed)).toEqual([]);
  });

  it('a run that did not read people cannot check it: an error, never a silent pass', () => {
    expect(() => checkPolicies([POLICY], { teams: TEAMS, projects: [], workspaces: [], grants: [], ends: [], now: 0 })).toThrow(/did not read/);
  });

  it('a saved plan keeps it in canonical form and reads it back', () => {
    const document = policyDocument(POLICY);
    expect(document).toEqual({ name: 'few owners', type: 'organization', rule: { kind: 'max-members', team: 'owners', count: 2 } });
    expect(savedPoliciesOf(Reader.of('plan.json', { policies: [document] }, 'basis'))).toEqual([POLICY]);
  });
});
