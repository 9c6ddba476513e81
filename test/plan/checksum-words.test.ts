// The plan's checksum hashes findings, not words (docs/apply.md, "`--checksum`: the reviewed plan without moving a file"): what breaks a
// policy (the rule, the policy, the team, the target, the levels and counts found) is in it, how a
// renderer phrases it is not. So a rewording of a violation's message changes no checksum, and a
// change of what was found does.
import { describe, expect, it } from 'vitest';
import { findingDocument } from '../../src/core/finding-document.js';
import type { FoundViolation, PolicyViolation, SavedViolation, TargetPolicy } from '../../src/core/policy.js';
import type { Finding } from '../../src/core/policy-rules.js';
import { type ChecksumInput, checksumOf, policiesDigestOf } from '../../src/diff/checksum.js';
import { buildPlan, withViolations } from '../../src/diff/plan.js';
import { guardInputsOf, guardPlan } from '../../src/guard/plan-refusals.js';
import { savedPlanDocument } from '../../src/pipeline/disk/saved-plan-file.js';
import { renderJson } from '../../src/render/plan/json.js';
import { violationMessage } from '../../src/render/violations/violation-message.js';
import { INTEGRITY_KEY, integrityOf } from '../../src/saved-plan/fingerprint.js';
import { parseSavedPlan } from '../../src/saved-plan/parse.js';
import { savedPlanOf } from '../../src/saved-plan/saved-plan.js';
import { desiredOf, liveOf, team } from '../support/states.js';

const target = { type: 'workspace', name: 'net', id: 'ws-net' } as const;
const dev = { name: 'dev', id: 'team-dev' };

const FINDINGS: readonly Finding[] = [
  { kind: 'max-access', rule: { kind: 'max-access', access: 'write', exceptTeams: [] }, access: 'admin', sources: [{ kind: 'workspace', access: 'admin' }] },
  { kind: 'min-access', rule: { kind: 'min-access', team: 'dev', access: 'write' } },
  { kind: 'max-teams', rule: { kind: 'max-teams', access: 'write', count: 1 }, teams: ['dev', 'ops'] },
  { kind: 'max-expiry', rule: { kind: 'max-expiry', access: 'write', days: 7 }, access: 'admin', expires: '2026-12-01T00:00:00Z' },
  {
    kind: 'organization-access',
    rule: { kind: 'organization-access', forbid: ['manage-workspaces'], exceptTeams: [] },
    flags: [{ flag: 'manage-workspaces' }],
  },
  { kind: 'max-members', rule: { kind: 'max-members', team: 'dev', count: 1 }, members: ['a@example.com', 'b@example.com'] },
  { kind: 'max-token-age', rule: { kind: 'max-token-age', days: 30 }, tokens: [{ id: 'at-1', description: 'ci', expires: null }] },
];

const found = (finding: Finding): FoundViolation => ({
  policy: `p-${finding.kind}`,
  target: finding.kind === 'organization-access' || finding.kind === 'max-members' || finding.kind === 'max-token-age' ? null : target,
  team: dev,
  status: 'new',
  found: finding,
});

/** The same violation as a saved plan reads it back: its finding as data, and words of its own. */
const saved = (violation: FoundViolation, message: string): SavedViolation => {
  const { found: finding, ...rest } = violation;
  return { ...rest, message, finding: findingDocument(finding) };
};

const input = (violations: readonly PolicyViolation[]): ChecksumInput => ({
  organization: 'acme',
  changes: [],
  maxRemovals: 10,
  incompleteTargets: [],
  policies: policiesDigestOf([]),
  violations,
});

describe("the checksum hashes a violation's findings, not its words", () => {
  it('a violation whose message is reworded keeps its checksum, for every kind of rule', () => {
    for (const finding of FINDINGS) {
      const violation = found(finding);
      const phrased = checksumOf(input([violation]));
      // The renderer's words, and any others, as a saved plan carries them.
      expect(checksumOf(input([saved(violation, violationMessage(violation))]))).toBe(phrased);
      expect(checksumOf(input([saved(violation, 'reworded: the same finding in other words')]))).toBe(phrased);
    }
  });

  it('what was found still counts: another level, count or member changes the checksum', () => {
    const base = checksumOf(input([found(FINDINGS[0]!)]));
    const higher = { ...FINDINGS[0]!, access: 'write' } as Finding;
    expect(checksumOf(input([found(higher)]))).not.toBe(base);
    const teams = FINDINGS[2]!;
    expect(checksumOf(input([found({ ...teams, teams: ['dev', 'ops', 'qa'] } as Finding)]))).not.toBe(checksumOf(input([found(teams)])));
    // max-token-age: a token's expiry is part of the finding.
    const tokens = FINDINGS[6]!;
    const dated = { ...tokens, tokens: [{ id: 'at-1', description: 'ci', expires: '2027-01-01T00:00:00Z' }] } as Finding;
    expect(checksumOf(input([found(dated)]))).not.toBe(checksumOf(input([found(tokens)])));
    expect(checksumOf(input([{ ...found(FINDINGS[0]!), status: 'live' }]))).not.toBe(base);
  });

  it('a plan without violations keeps the checksum it always had', () => {
    // Recorded before the checksum stopped hashing words: no violation, nothing moved.
    expect(checksumOf(input([]))).toBe('d320ffa3a00bee4cbd473f98a5f77fd2ea10067bbf0ce7bbc8930a45840da5fa');
  });
});

describe("a saved plan keeps each violation's finding beside its words", () => {
  const POLICY: TargetPolicy = {
    name: 'p-max-access',
    type: 'workspace',
    match: { names: ['*'] },
    rule: { kind: 'max-access', access: 'write', exceptTeams: [] },
  };
  const desired = { ...desiredOf([]), policies: [POLICY] };
  const live = liveOf('acme', [team('dev')], []);
  const violation = found(FINDINGS[0]!);
  const plan = withViolations(guardPlan(buildPlan(desired, live), guardInputsOf(desired, live)), desired, live, [violation]);
  type Doc = Record<string, any>;
  const documentOf = (): Doc => JSON.parse(JSON.stringify(savedPlanDocument(savedPlanOf(plan, desired, live)))) as Doc;
  const resealed = (document: Doc): Doc => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });

  it('written as the JSON plan writes the violation, its finding last; read back, the checksum sums again', () => {
    const document = documentOf();
    const printed = JSON.parse(renderJson(plan)) as Doc;
    expect(document.plan.violations).toEqual([{ ...printed.violations[0], finding: findingDocument(FINDINGS[0]!) }]);
    expect(Object.keys(document.plan.violations[0]).at(-1)).toBe('finding');
    const read = parseSavedPlan('p.json', document).plan;
    expect(read.checksum).toBe(plan.checksum);
    expect(read.violations).toEqual([saved(violation, violationMessage(violation))]);
    // What `show` prints is what `plan` printed.
    expect(renderJson(read)).toBe(renderJson(plan));
  });

  it('a finding edited and sealed again is refused by the checksum; one saved without it (an earlier tfe-access) is named', () => {
    const edited = documentOf();
    edited.plan.violations[0].finding.access = 'write';
    expect(() => parseSavedPlan('p.json', resealed(edited))).toThrow(/plan\.checksum does not match/);
    const older = documentOf();
    delete older.plan.violations[0].finding;
    expect(() => parseSavedPlan('p.json', resealed(older))).toThrow(
      /p\.json is not a usable saved plan: plan\.violations\[0\] has no finding \(saved by an earlier tfe-access, whose checksum hashed the violations' words\)/,
    );
  });
});
