// The filled sheets read back and checked (src/review/): a formula-defused cell and a spreadsheet's
// saving survive the round trip; each kind of refusal names its sheet and row; the reviewer is
// matched against the provisioning event by username or email.
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src/core/audit.js';
import type { SheetRow } from '../../src/core/review.js';
import { renderReviewSheet } from '../../src/render/review/review-csv.js';
import { checkDecisions, isRfc3339 } from '../../src/review/decisions.js';
import type { ReadRow } from '../../src/review/parse.js';
import { provisionerProblems, usernames } from '../../src/review/provisioner.js';
import { filledRows, sheetRow } from '../support/review-sheets.js';

const REVIEW = 'acme@2026-11-20T10:00:00Z';

const row = (over: Partial<SheetRow> = {}): SheetRow =>
  sheetRow(
    {
      review: REVIEW,
      owner: 'billing',
      kind: 'team',
      subject: '=cmd|calc', // a hostile team name: defused in the sheet, read back as it is
      teamId: 'team-x',
      target: { type: 'workspace', name: 'bill-api', id: 'ws-billapi' },
      access: 'write',
      sources: 'workspace grant write',
    },
    over,
  );

const filled = (rows: SheetRow[], fill: Record<string, string>[]): ReadRow[] => filledRows('s.csv', rows, fill);

const KEEP = { decision: 'keep', reviewer: 'bo', 'decided-at': '2026-11-21T09:00:00Z' };

describe('review sheets read back and checked', () => {
  it('a defused cell reads back as written, and its row-check holds', () => {
    const text = renderReviewSheet([row()]);
    expect(text).toContain(",'=cmd|calc,");
    const result = checkDecisions(filled([row()], [KEEP]), REVIEW, 'acme');
    expect('decided' in result && result.decided[0]?.row.subject).toBe('=cmd|calc');
  });

  it('names each refusal with its sheet and row (the header is row 1)', () => {
    const rows = [row(), row({ subject: 'b' }), row({ subject: 'c' }), row({ subject: 'd' }), row({ subject: 'e' }), row({ subject: 'f' })];
    const result = checkDecisions(
      filled(rows, [
        KEEP,
        { ...KEEP, decision: 'maybe' },
        { ...KEEP, reviewer: ' ' },
        { ...KEEP, 'decided-at': '2026-11-21 09:00' },
        { ...KEEP, access: 'read' },
        { ...KEEP, review: 'globex@2026-11-20T10:00:00Z' },
      ]),
      REVIEW,
      'acme',
    );
    expect('problems' in result && result.problems).toEqual([
      's.csv:3: decision "maybe" is neither keep nor revoke',
      's.csv:4: no reviewer: say who decided',
      's.csv:5: decided-at "2026-11-21 09:00" is not an RFC 3339 time (2026-11-26T16:00:00Z)',
      expect.stringMatching(/^s\.csv:6: the row was changed after review start/),
      's.csv:7: the row is of organization "globex", not "acme" of the files',
    ]);
  });

  it('refuses a person kept on one row and revoked on another from the same team', () => {
    const person = (target: string) =>
      row({ kind: 'person', subject: 'dee@acme.test', via: 'qa', teamId: 'team-qa', target: { type: 'workspace', name: target, id: `ws-${target}` } });
    const result = checkDecisions(filled([person('a'), person('b')], [KEEP, { ...KEEP, decision: 'Revoke' }]), REVIEW, 'acme');
    expect('problems' in result && result.problems).toEqual([expect.stringMatching(/^s\.csv:3: revokes dee@acme\.test from team qa, which s\.csv:2 keeps/)]);
  });

  it('RFC 3339 with its offset only', () => {
    expect(['2026-11-21T09:00:00Z', '2026-11-21T09:00:00.5+01:00'].every(isRfc3339)).toBe(true);
    expect(['2026-11-21', '2026-11-21T09:00:00', '2026-13-01T00:00:00Z'].some(isRfc3339)).toBe(false);
  });

  it('a reviewer who made the latest grant event is refused, by username or by email; a later reviewer is not', () => {
    const event = (action: string, name: string, at: string): AuditEvent => ({
      id: at,
      at,
      actor: { id: `user-${name}`, name, type: 'Client', impersonator: null },
      resourceType: 'workspace',
      resourceId: 'ws-billapi',
      action,
      team: 'team-x',
    });
    const result = checkDecisions(
      filled(
        [row(), row({ subject: 'y', teamId: 'team-y' })],
        [
          { ...KEEP, reviewer: 'Ana@Acme.test' },
          { ...KEEP, reviewer: 'ana' },
        ],
      ),
      REVIEW,
      'acme',
    );
    if (!('decided' in result)) throw new Error('not decided');
    const who = usernames([{ email: 'ana@acme.test', username: 'ana' }]);
    const events = [event('add_team', 'bo', '2026-11-01T00:00:00Z'), event('update_team_permissions', 'ana', '2026-11-02T00:00:00Z')];
    expect(provisionerProblems(result.decided, events, who)).toEqual([
      's.csv:2: reviewer Ana@Acme.test provisioned this access (audit trail: workspace.update_team_permissions by ana at 2026-11-02T00:00:00Z); another reviewer must decide it',
    ]);
    expect(provisionerProblems(result.decided, [events[0] as AuditEvent], who)).toEqual([]);
  });
});
