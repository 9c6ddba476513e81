// Issue 37, findings 3 to 6 and the review items of 8, in the pure review/ code: who may decide a
// row (a reviewer of its owner), when (within the round), over what (live access at close), which
// revokes can take effect, and every problem of every kind in one run.
import { describe, expect, it } from 'vitest';
import type { Resolved } from '../../src/core/resolved.js';
import type { ReviewOwner, SheetRow } from '../../src/core/review.js';
import { renderReviewSheet } from '../../src/render/review/review-csv.js';
import { checkRows } from '../../src/review/decisions.js';
import { type ReadRow, readSheet } from '../../src/review/parse.js';
import { revokeItems } from '../../src/review/revokes.js';
import { staleProblems } from '../../src/review/stale.js';
import { sheetRow } from '../support/review-sheets.js';

const REVIEW = 'acme@2026-11-20T10:00:00Z';
const CLOSE = Date.parse('2026-11-22T10:00:00Z');
const OWNERS: ReviewOwner[] = [
  { owner: 'billing', reviewers: ['ana@acme.test'], projects: ['billing'] },
  { owner: 'platform', reviewers: ['bo@acme.test'], projects: ['platform'] },
];

const row = (over: Partial<SheetRow> = {}): SheetRow =>
  sheetRow(
    {
      review: REVIEW,
      owner: 'billing',
      kind: 'team',
      subject: 'dev',
      teamId: 'team-dev',
      target: { type: 'workspace', name: 'bill-api', id: 'ws-billapi' },
      access: 'write',
      sources: 'workspace grant: write',
    },
    over,
  );

function filled(rows: SheetRow[], fill: Record<string, string>[], name = 'review-billing.csv'): ReadRow[] {
  const read = readSheet(name, renderReviewSheet(rows));
  if (!('rows' in read)) throw new Error(read.problem);
  return read.rows.map((r, i) => ({ ...r, fields: { ...r.fields, ...fill[i] } }));
}

const KEEP = { decision: 'keep', reviewer: 'ana@acme.test', 'decided-at': '2026-11-21T09:00:00Z' };
const binding = { owners: OWNERS, closedAt: CLOSE };

describe('issue 37: a review binds who, what and when', () => {
  it("finding 4: a row decided by someone outside its owner's reviewers is refused, typed in any case the reviewer is not", () => {
    const rows = [row(), row({ subject: 'qa', teamId: 'team-qa' }), row({ subject: 'ops', teamId: 'team-ops' })];
    const { problems, decided } = checkRows(
      filled(rows, [
        { ...KEEP, reviewer: 'ANA@acme.test' },
        { ...KEEP, reviewer: 'mallory@acme.test' },
        { ...KEEP, reviewer: 'bo@acme.test' },
      ]),
      REVIEW,
      'acme',
      binding,
    );
    expect(decided.map((d) => d.row.subject)).toEqual(['dev']);
    expect(problems).toEqual([
      'review-billing.csv:3: reviewer "mallory@acme.test" is not a reviewer of owner "billing" (review-owners: ana@acme.test): only they decide its rows',
      'review-billing.csv:4: reviewer "bo@acme.test" is not a reviewer of owner "billing" (review-owners: ana@acme.test): only they decide its rows',
    ]);
  });

  it("finding 4: the unowned sheet is decided by any owner's reviewer, and by no one else", () => {
    const rows = [row({ owner: '' }), row({ owner: '', subject: 'qa', teamId: 'team-qa' })];
    const { problems } = checkRows(
      filled(
        rows,
        [
          { ...KEEP, reviewer: 'bo@acme.test' },
          { ...KEEP, reviewer: 'eve' },
        ],
        'review-unowned.csv',
      ),
      REVIEW,
      'acme',
      binding,
    );
    expect(problems).toEqual([
      'review-unowned.csv:3: reviewer "eve" is not a reviewer of any owner of review-owners (review-owners: ana@acme.test, bo@acme.test): only they decide its rows',
    ]);
  });

  it('finding 8: decision times before the round started or after the close (in the future) are refused', () => {
    const rows = [row(), row({ subject: 'qa', teamId: 'team-qa' }), row({ subject: 'ops', teamId: 'team-ops' })];
    const { problems } = checkRows(
      filled(rows, [KEEP, { ...KEEP, 'decided-at': '2026-11-19T23:59:59Z' }, { ...KEEP, 'decided-at': '2026-12-01T00:00:00Z' }]),
      REVIEW,
      'acme',
      binding,
    );
    expect(problems).toEqual([
      'review-billing.csv:3: decided-at 2026-11-19T23:59:59Z is before the round started (2026-11-20T10:00:00Z)',
      'review-billing.csv:4: decided-at 2026-12-01T00:00:00Z is after the close (2026-11-22T10:00:00.000Z): a decision cannot be in the future',
    ]);
  });

  it('finding 8: review errors come all in one run, not one class per run (a row problem and a contradiction together)', () => {
    const person = (target: string, subject = 'dee@acme.test') =>
      row({ kind: 'person', subject, via: 'qa', teamId: 'team-qa', target: { type: 'workspace', name: target, id: `ws-${target}` } });
    const { problems } = checkRows(
      filled([person('a'), person('b'), person('c', 'cy@acme.test')], [KEEP, { ...KEEP, decision: 'revoke' }, { ...KEEP, decision: 'maybe' }]),
      REVIEW,
      'acme',
      binding,
    );
    expect(problems).toEqual([
      'review-billing.csv:4: decision "maybe" is neither keep nor revoke',
      expect.stringMatching(/^review-billing\.csv:3: revokes dee@acme\.test from team qa, which review-billing\.csv:2 keeps/),
    ]);
  });

  it('finding 3: a revoke of access an organization power also holds is refused with what holds it', () => {
    const sre = row({ subject: 'sre', teamId: 'team-sre', access: 'admin' });
    const { decided } = checkRows(filled([sre], [{ ...KEEP, decision: 'revoke' }]), REVIEW, 'acme', binding);
    const resolved = {
      targets: [{ id: 'ws-billapi', type: 'workspace', name: 'bill-api', desired: { grants: [{ team: 'sre', access: 'admin' }] } }],
    } as unknown as Resolved;
    const found = revokeItems(decided, resolved, (team, target) => (team === 'team-sre' && target === 'ws-billapi' ? ['organization manage-workspaces'] : []));
    expect(found.revokes).toEqual([]);
    expect(found.problems).toEqual([
      'review-billing.csv:2: the revoke of team sre on workspace bill-api would not take effect: the access is held by organization manage-workspaces, which the files do not carry; take that away where it is given, then decide the row again',
    ]);
    expect(revokeItems(decided, resolved).revokes).toHaveLength(1);
  });

  it('finding 6: a row whose access changed since start is stale, live access with no row is refused at its sheet, a sheet not given is named', () => {
    const dev = row();
    const qa = row({ subject: 'qa', teamId: 'team-qa', access: 'read', sources: 'workspace grant: read' });
    const rows = filled([dev, qa], [KEEP, KEEP]);
    const live = {
      sheets: [
        { owner: 'billing', rows: [dev, row({ subject: 'qa', teamId: 'team-qa', access: 'admin', sources: 'workspace grant: admin' })] },
        {
          owner: 'platform',
          rows: [row({ owner: 'platform', subject: 'ops', teamId: 'team-ops', target: { type: 'workspace', name: 'plat', id: 'ws-plat' } })],
        },
      ],
      unowned: [row({ owner: '', subject: 'new', teamId: 'team-new', access: 'admin', sources: 'workspace grant: admin' })],
    };
    const problems = staleProblems(
      rows,
      live,
      ['review-billing.csv', 'review-unowned.csv'],
      ['review-billing.csv', 'review-platform.csv', 'review-unowned.csv'],
    );
    expect(problems).toEqual([
      'review-billing.csv:3: stale: live access changed since review start: now team qa has admin on workspace bill-api (workspace grant: admin), the sheet says read (workspace grant: read); start a new round',
      'review-unowned.csv: live access with no row: team new has admin on workspace bill-api (workspace grant: admin); granted since review start, or its row was deleted: start a new round',
      'review-platform.csv: a sheet of the round is not given (1 row of live access on it): close every sheet of the round together',
    ]);
    // A kept row whose access is unchanged is not stale; a row of access no longer live is.
    expect(staleProblems(rows.slice(0, 1), { sheets: [], unowned: [] }, ['review-billing.csv'])).toEqual([
      'review-billing.csv:2: stale: the access is no longer live (changed since review start); start a new round',
    ]);
  });
});
