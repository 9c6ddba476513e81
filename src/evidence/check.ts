// What `report verify` finds wrong with a bundle (docs/evidence.md, "Verify a bundle"): each file of
// the manifest against the file found in DIR (present, size, SHA-256, a table's data rows), and each
// file of DIR the manifest does not list. Pure: the caller reads DIR and counts the rows; every
// problem is one line naming its file.
import type { EvidenceFile, EvidenceManifest } from '../core/evidence.js';
import { sha256Hex } from '../core/sha256.js';
import { MANIFEST_FILE } from './manifest-format.js';

/** A file of DIR as read: its bytes, and for a table its data rows as a full parser counts them (or why it could not). */
export interface FoundFile {
  readonly bytes: Uint8Array;
  readonly rows?: number | { readonly problem: string };
}

/** The first characters of a hash in a message: enough to tell two apart at a glance. */
const short = (hex: string): string => `${hex.slice(0, 12)}…`;

function fileProblems(expected: EvidenceFile, found: FoundFile | undefined): string[] {
  const name = expected.name;
  if (!found) return [`${name}: missing, the manifest lists it`];
  const problems: string[] = [];
  if (found.bytes.byteLength !== expected.bytes) problems.push(`${name}: ${found.bytes.byteLength} bytes, the manifest says ${expected.bytes}`);
  const sha256 = sha256Hex(found.bytes);
  if (sha256 !== expected.sha256) problems.push(`${name}: SHA-256 differs (expected ${short(expected.sha256)}, found ${short(sha256)})`);
  if (expected.rows !== undefined) {
    const rows = found.rows;
    if (rows === undefined || typeof rows !== 'number')
      problems.push(`${name}: not a CSV table (${rows?.problem ?? 'not read'}), the manifest says ${expected.rows} rows`);
    else if (rows !== expected.rows) problems.push(`${name}: ${rows} rows, the manifest says ${expected.rows}`);
  }
  return problems;
}

/** Every problem of the bundle: the manifest's files in its order, then the files it does not list (sorted). */
export function bundleProblems(manifest: EvidenceManifest, found: ReadonlyMap<string, FoundFile>, present: readonly string[]): string[] {
  const listed = new Set(manifest.files.map((f) => f.name));
  const unlisted = present.filter((name) => name !== MANIFEST_FILE && !listed.has(name)).sort();
  return [
    ...manifest.files.flatMap((file) => fileProblems(file, found.get(file.name))),
    ...unlisted.map((name) => `${name}: in the directory but not listed in the manifest`),
  ];
}
