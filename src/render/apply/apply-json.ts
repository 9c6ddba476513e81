// `apply --format json`: one JSON document on stdout, the plan (format 1), every outcome, and why
// the run stopped when it stopped early.
import type { ApplyResult, ChangeOutcome, Stop } from '../../core/apply-outcome.js';
import { memberChangeDocument } from '../../core/member-document.js';
import { changeDocument, teamChangeDocument } from '../../core/plan-document.js';
import { tokenPolicyChangeDocument } from '../../core/token-document.js';
import { planJsonDocument } from '../plan/json.js';
import { noteText } from './apply-text.js';

const stopDocument = (stop: Stop): { reason: string; exit_code: number } => ({ reason: stop.reason, exit_code: stop.exitCode });

function extraOf(outcome: ChangeOutcome): { reason?: string; note?: string; permanent?: true } {
  if (outcome.status === 'failed') return { reason: outcome.reason, ...(outcome.permanent ? { permanent: true as const } : {}) };
  return outcome.status !== 'not-started' && outcome.note ? { note: noteText(outcome.note) } : {};
}

/** The whole run, whatever its end (schemas/apply.schema.json, render/schemas/apply-schema.ts). */
export function renderApplyJson(result: ApplyResult): string {
  const base = { result: result.kind, plan: planJsonDocument(result.plan) };
  if (result.kind === 'cancelled' && result.stopped) return `${JSON.stringify({ ...base, stopped: stopDocument(result.stopped) }, null, 2)}\n`;
  if (result.kind !== 'applied') return `${JSON.stringify(base, null, 2)}\n`;
  const { report } = result;
  const outcomes = report.outcomes.map((o) => ({ status: o.status, change: changeDocument(o.change), ...extraOf(o) }));
  const { applied, alreadySo, failed, notStarted } = report.counts;
  const counts = { applied, already_so: alreadySo, failed, not_started: notStarted };
  const stopped = report.stopped ? { stopped: stopDocument(report.stopped) } : {};
  const teams = report.teamOutcomes
    ? {
        team_outcomes: report.teamOutcomes.map((o) => ({
          status: o.status,
          change: teamChangeDocument(o.change),
          ...(o.id ? { id: o.id } : {}),
          ...(o.reason ? { reason: o.reason } : {}),
          ...(o.permanent ? { permanent: true } : {}),
          ...(o.note ? { note: o.note } : {}),
        })),
      }
    : {};
  const members = report.memberOutcomes
    ? {
        member_outcomes: report.memberOutcomes.map((o) => ({
          status: o.status,
          change: memberChangeDocument(o.change),
          ...(o.reason ? { reason: o.reason } : {}),
          ...(o.permanent ? { permanent: true } : {}),
          ...(o.note ? { note: o.note } : {}),
        })),
      }
    : {};
  const tokens = report.tokenPolicyOutcomes
    ? {
        token_policy_outcomes: report.tokenPolicyOutcomes.map((o) => ({
          status: o.status,
          change: tokenPolicyChangeDocument(o.change),
          ...(o.reason ? { reason: o.reason } : {}),
          ...(o.permanent ? { permanent: true } : {}),
        })),
      }
    : {};
  return `${JSON.stringify({ ...base, converged: report.converged, ...stopped, counts, outcomes, ...teams, ...members, ...tokens }, null, 2)}\n`;
}
