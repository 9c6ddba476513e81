// `apply --format json`: one JSON document on stdout, the plan (format 1) and every outcome.
import type { ApplyResult } from './outcome.js';
import { changeDocument, planDocument } from '../core/plan-document.js';

export function applyJson(result: ApplyResult): string {
  const base = { result: result.kind, plan: planDocument(result.plan) };
  if (result.kind !== 'applied') return `${JSON.stringify(base, null, 2)}\n`;
  const { report } = result;
  const outcomes = report.outcomes.map((o) => ({
    status: o.status,
    change: changeDocument(o.change),
    ...(o.status === 'failed' ? { reason: o.reason } : o.note ? { note: o.note } : {}),
  }));
  const counts = { applied: report.counts.applied, already_so: report.counts.alreadySo, failed: report.counts.failed };
  return `${JSON.stringify({ ...base, converged: report.converged, counts, outcomes }, null, 2)}\n`;
}
