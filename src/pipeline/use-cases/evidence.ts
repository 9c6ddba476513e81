// `report --evidence DIR` (docs/evidence.md, "Evidence bundle"): the report read once, written in
// JSON, CSV and HTML beside manifest.json, which records what was extracted, when, from where, by
// whom, whether it is proven whole, the counts and whose view they are, and each file's hash.
import type { EvidenceManifest, ReconciledCount } from '../../core/evidence.js';
import type { Report } from '../../core/report.js';
import { TOOL } from '../../core/tool.js';
import { DERIVED_FILE } from '../../evidence/manifest-format.js';
import { tokenOwner } from '../../evidence/token-owner.js';
import { type ReportFormat, renderAccessReport } from '../../render/report.js';
import { renderDerivedCsv } from '../../render/review/review-derived.js';
import { reasonText } from '../../render/shared/coverage.js';
import { bundleServer, manifestSha256, prepareBundleDirectory, writeEvidenceBundle } from '../disk/evidence-bundle.js';
import { provenanceOf } from '../disk/provenance.js';
import type { ExtractionFacts } from '../report-steps/report-extraction.js';
import { type ReportRequest, reportOrganization } from './report.js';

export interface EvidenceRequest extends ReportRequest {
  /** The bundle's directory: made if missing, refused when not empty. */
  readonly dir: string;
  /** The run's clock (epoch milliseconds), read when the extraction starts and when it ends. */
  readonly clock: () => number;
}

export interface EvidenceResult {
  readonly report: Report;
  readonly manifest: EvidenceManifest;
  /** Of manifest.json as written: the manifest cannot hash itself, so this is recorded elsewhere. */
  readonly manifestSha256: string;
}

/** The formats of the bundle, each one file `report.FORMAT`. */
const BUNDLE_FORMATS: readonly ReportFormat[] = ['json', 'csv', 'html'];

const rfc3339 = (ms: number): string => new Date(ms).toISOString();

/** What the report was asked: its scope's lists, `--by`, `--after`, and whether the edges were read (`--no-indirect`: not). */
function scopeOf(report: Report, request: ReportRequest): Record<string, unknown> {
  const { paths, teams, projects, workspaces, people } = report.scope;
  return {
    paths,
    teams,
    projects,
    workspaces,
    ...(people ? { people } : {}),
    by: request.by ?? 'team',
    after: request.after,
    indirect: request.derived === true,
  };
}

/**
 * The derived rows, counted apart from the grants (direct): the service's view only when the report
 * is whole and every edge was read, else the token's; no service total (the service counts none).
 */
function derivedCount(report: Report): ReconciledCount[] {
  if (!report.derived) return [];
  const seenBy = report.coverage.complete && report.derived.gaps.length === 0 ? 'service' : 'token';
  return [{ what: 'derived', extracted: report.derived.rows.length, service: null, seenBy }];
}

export async function reportEvidence(request: EvidenceRequest): Promise<EvidenceResult> {
  // Before the read: a directory that cannot take the bundle is said before minutes of reading.
  await prepareBundleDirectory(request.dir);
  // The run's own clock when it has one: report.json's generated_at is that time, so the two agree.
  const startedAt = request.run?.now ?? request.clock();
  let facts: ExtractionFacts | undefined;
  // docs/evidence.md, "Evidence bundle": a bundle lists the tokens too (never a secret), and reads the
  // edges of indirect access unless `--no-indirect`, once, for its derived rows ("Derived rows") and
  // each cell's "reaches through" entries, as `report` gives them.
  const derived = request.derived ?? true;
  const asked = { ...request, tokens: true, derived, indirect: derived, run: { ...request.run, now: startedAt } };
  const report = await reportOrganization({ ...asked, onExtraction: (found) => (facts = found) });
  const finishedAt = request.clock();
  if (!facts) throw new Error('the report told nothing of its extraction');
  const files = BUNDLE_FORMATS.map((format) => ({ name: `report.${format}`, content: renderAccessReport(report, format, { byTeam: false }) }));
  if (report.derived) files.push({ name: DERIVED_FILE, content: renderDerivedCsv(report.derived.rows) });
  const provenance = await provenanceOf({ paths: request.paths, cwd: request.cwd, env: request.connection.env, now: startedAt });
  const manifest = await writeEvidenceBundle(request.dir, files, {
    tool: { name: TOOL.name, version: TOOL.version },
    provenance,
    server: bundleServer(request.connection, facts.server),
    organization: report.organization,
    token: tokenOwner(facts.identity, facts.teams),
    extraction: { startedAt: rfc3339(startedAt), finishedAt: rfc3339(finishedAt) },
    scope: scopeOf(report, asked),
    complete: report.coverage.complete,
    reasons: report.coverage.reasons.map(reasonText),
    // A complete report has read every grant: then its count of grants is the service's, not only the token's.
    counts: [...facts.counts.map((c) => (c.what === 'grants' && report.coverage.complete ? { ...c, seenBy: 'service' as const } : c)), ...derivedCount(report)],
  });
  return { report, manifest, manifestSha256: manifestSha256(manifest) };
}
