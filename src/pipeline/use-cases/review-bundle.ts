// `review close --bundle DIR` (docs/evidence.md, "Evidence bundle"): the closed review's evidence
// bundle, written as report --evidence writes its own: the sheets as given, the decisions
// (render/review/review-decisions.ts), the plan of the edited files, the round's review.json as start
// wrote it, and the manifest over them.
import type { EvidenceManifest } from '../../core/evidence.js';
import { TOOL } from '../../core/tool.js';
import { renderPlan } from '../../render/render.js';
import { renderDecisionsCsv, renderDecisionsJson } from '../../render/review/review-decisions.js';
import { writeEvidenceBundle } from '../disk/evidence-bundle.js';
import { provenanceOf } from '../disk/provenance.js';
import { ROUND_FILE } from '../disk/review-round.js';
import type { ClosedReview } from './review-close.js';

export interface ReviewBundle {
  readonly dir: string;
  /** The sheets as given to close. */
  readonly sheets: readonly { readonly name: string; readonly text: string }[];
  readonly closed: ClosedReview;
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly scope: Record<string, unknown>;
  /** review.json's text as start wrote it, when it lay beside the sheets. */
  readonly round?: string;
}

/** The bundle's files: what the manifest lists, in its order. */
function bundleFiles(bundle: ReviewBundle) {
  const { closed } = bundle;
  const rowsOf = (name: string): number => closed.decisions.filter((d) => d.at.startsWith(`${name}:`)).length;
  return [
    ...bundle.sheets.map((s) => ({ name: s.name, content: s.text, rows: rowsOf(s.name) })),
    { name: 'decisions.csv', content: renderDecisionsCsv(closed.decisions), rows: closed.decisions.length },
    { name: 'decisions.json', content: renderDecisionsJson(closed.review, closed.decisions) },
    { name: 'plan.json', content: renderPlan(closed.plan, 'json', { color: false }) },
    // The round as start wrote it: its id, its sheets, their owners, reviewers and rows.
    ...(bundle.round === undefined ? [] : [{ name: ROUND_FILE, content: bundle.round }]),
  ];
}

/** Writes the bundle into its directory; the manifest written. */
export async function writeReviewBundle(bundle: ReviewBundle): Promise<EvidenceManifest> {
  const { closed } = bundle;
  const provenance = await provenanceOf({ paths: bundle.paths, cwd: bundle.cwd, env: bundle.env, now: Date.parse(closed.facts.extraction.startedAt) });
  return writeEvidenceBundle(bundle.dir, bundleFiles(bundle), { tool: TOOL, provenance, ...closed.facts, scope: bundle.scope });
}
