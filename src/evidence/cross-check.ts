// `report verify` (docs/evidence.md, "Verify a bundle"): the manifest's own facts against the
// document of the bundle they describe. The hashes prove the files are the ones the manifest lists;
// they prove nothing of what the manifest says about them, so an edited `complete` flag, reason,
// organization, count or time would verify. Each is compared with report.json (`report
// --evidence`), else plan.json (`review close`), which say the same facts in their own fields.
// Pure: the caller reads the file once its bytes have verified.
import type { EvidenceManifest } from '../core/evidence.js';
import { DERIVED_FILE, MANIFEST_FILE } from './manifest-format.js';

/** The bundle's documents that carry the facts, in the order looked for. */
export const FACTS_DOCUMENTS = ['report.json', 'plan.json'] as const;

type Obj = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const empty = (value: unknown): boolean => value === undefined || listOf(value).length === 0;

/** The report's count of what the manifest counts, when the report shows everything read (live, not narrowed). */
function shownCounts(document: Obj): Map<string, number> | undefined {
  const scope = isObject(document.scope) ? document.scope : {};
  const narrowed = !(empty(scope.teams) && empty(scope.projects) && empty(scope.workspaces) && empty(scope.people));
  if (document.state !== 'live' || narrowed) return undefined;
  return new Map(['teams', 'projects', 'workspaces'].map((what) => [what, listOf(document[what]).length]));
}

function countProblems(manifest: EvidenceManifest, document: Obj, name: string): string[] {
  const shown = shownCounts(document);
  if (!shown) return [];
  return manifest.counts.flatMap((count) => {
    const found = shown.get(count.what);
    return found === undefined || found === count.extracted
      ? []
      : [`${MANIFEST_FILE}: counts: ${count.extracted} ${count.what} extracted, ${name} shows ${found}`];
  });
}

function timeProblems(manifest: EvidenceManifest, document: Obj, name: string): string[] {
  if (typeof document.generated_at !== 'string') return [];
  const at = Date.parse(document.generated_at);
  const { startedAt, finishedAt } = manifest.extraction;
  if (at >= Date.parse(startedAt) && at <= Date.parse(finishedAt)) return [];
  return [`${MANIFEST_FILE}: ${name} was generated at ${document.generated_at}, outside the extraction (${startedAt} to ${finishedAt})`];
}

/**
 * docs/evidence.md, "Derived rows": the `derived` count is the rows of derived.csv (whose rows the
 * file check counted again), and one is not there without the other: a row taken out of the table
 * with its hash, size and rows rewritten still disagrees with the count.
 */
export function derivedProblems(manifest: EvidenceManifest): string[] {
  const count = manifest.counts.find((c) => c.what === 'derived');
  const file = manifest.files.find((f) => f.name === DERIVED_FILE);
  if (!count && !file) return [];
  if (!count) return [`${MANIFEST_FILE}: lists ${DERIVED_FILE} but counts no derived rows`];
  if (!file) return [`${MANIFEST_FILE}: counts ${count.extracted} derived rows but lists no ${DERIVED_FILE}`];
  return file.rows === count.extracted ? [] : [`${MANIFEST_FILE}: counts: ${count.extracted} derived extracted, ${DERIVED_FILE} has ${file.rows ?? 'no'} rows`];
}

/** Every fact of the manifest that `document` (the bytes of `name`, verified) contradicts; one line each. */
export function factProblems(manifest: EvidenceManifest, name: string, text: string): string[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return [`${name}: not JSON, so the manifest's facts cannot be checked against it`];
  }
  if (!isObject(document)) return [`${name}: not a JSON object, so the manifest's facts cannot be checked against it`];
  const problems: string[] = [];
  if (document.organization !== manifest.organization)
    problems.push(`${MANIFEST_FILE}: organization is ${JSON.stringify(manifest.organization)}, ${name} says ${JSON.stringify(document.organization)}`);
  if (document.complete !== manifest.complete)
    problems.push(`${MANIFEST_FILE}: complete is ${manifest.complete}, ${name} says ${JSON.stringify(document.complete)}`);
  const reasons = listOf(document.incomplete).map((r) => (isObject(r) ? r.message : undefined));
  if (reasons.length !== manifest.reasons.length || reasons.some((r, i) => r !== manifest.reasons[i]))
    problems.push(`${MANIFEST_FILE}: reasons differ from ${name}'s "incomplete"`);
  return [...problems, ...countProblems(manifest, document, name), ...timeProblems(manifest, document, name)];
}
