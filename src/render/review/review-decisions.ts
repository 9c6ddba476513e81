// A closed review's decisions (docs/evidence.md, "Access reviews"), for the bundle: CSV (a row per
// decision, formula-defused as every CSV of the tool) and JSON (the same, with each revoke's edit
// as a unified diff). Pure.
import type { DecisionRecord, DerivedRevoke, RevokeChange } from '../../core/review.js';
import { csvLine } from './review-csv.js';

export const DECISION_COLUMNS = [
  'at',
  'review',
  'owner',
  'kind',
  'subject',
  'via',
  'target-type',
  'target',
  'access',
  'decision',
  'reviewer',
  'rationale',
  'decided-at',
  'file',
  'plan-change',
  'derived-by',
] as const;

/** How each kind of revoke's change is said. */
const CHANGE_TEXT: { readonly [K in RevokeChange['kind']]: (change: Extract<RevokeChange, { kind: K }>) => string } = {
  grant: (change) => `remove grant of team ${change.team} on ${change.target.type} ${change.target.name}`,
  member: (change) => `remove ${change.email} from team ${change.team}`,
  power: (change) => `turn off ${change.flag} of team ${change.team}`,
};

/** A derived row's revoke: carried out by the grant's revoke on its row, or a setting to change by hand (docs/evidence.md, "Derived rows"). */
export function derivedRevokeText(derived: DerivedRevoke): string {
  return derived.kind === 'grant' ? `the revoke of the grant on ${derived.at}` : `not edited: ${derived.change}`;
}

/** `remove grant of team dev on workspace w01`, `remove ana@example.com from team dev`, `turn off manage-workspaces of team sre`. */
function changeText(change: RevokeChange): string {
  return (CHANGE_TEXT[change.kind] as (c: RevokeChange) => string)(change);
}

export function renderDecisionsCsv(records: readonly DecisionRecord[]): string {
  const rows = records.map(({ at, row, edit, change, derived }) => [
    at,
    row.review,
    row.owner,
    row.kind,
    row.subject,
    row.via ?? '',
    row.target.type,
    row.target.name,
    row.access,
    row.decision,
    row.reviewer,
    row.rationale,
    row.decidedAt,
    edit?.file ?? '',
    change ? changeText(change) : '',
    derived ? derivedRevokeText(derived) : '',
  ]);
  return [csvLine(DECISION_COLUMNS), ...rows.map(csvLine)].join('\r\n') + '\r\n';
}

export function renderDecisionsJson(review: string, records: readonly DecisionRecord[]): string {
  const decisions = records.map(({ at, row, edit, change, derived }) => ({
    at,
    owner: row.owner,
    kind: row.kind,
    subject: row.subject,
    via: row.via ?? null,
    team_id: row.teamId,
    target: { type: row.target.type, name: row.target.name, id: row.target.id },
    access: row.access,
    sources: row.sources,
    decision: row.decision,
    reviewer: row.reviewer,
    rationale: row.rationale,
    decided_at: row.decidedAt,
    edit: edit ?? null,
    plan_change: change ? changeText(change) : null,
    // A derived row's revoke only: what carries it out (never a write of its own).
    ...(derived ? { derived_by: derived.kind === 'grant' ? { grant_at: derived.at } : { setting: derived.change } } : {}),
  }));
  return `${JSON.stringify({ review, decisions }, null, 2)}\n`;
}
