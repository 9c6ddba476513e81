// The evidence suites' snapshots (docs/evidence.md, "Comparing snapshots"): a live report of
// organization acme as a file holds it, its header filled in and its lists given by the test, and
// that text read back as `report diff` reads it.
import { parseSnapshot, type Snapshot } from '../../src/evidence/snapshot.js';

/** The text of a live report of acme: no project, the rest (teams, workspaces, people) from `document`. */
export const snapshotText = (document: Record<string, unknown>): string =>
  JSON.stringify({ format_version: 1, organization: 'acme', state: 'live', generated_at: 'T', projects: [], ...document });

/** snapshotText read back; a problem fails the test that made it. */
export function snapshotOf(document: Record<string, unknown>): Snapshot {
  const parsed = parseSnapshot(snapshotText(document));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.snapshot;
}
