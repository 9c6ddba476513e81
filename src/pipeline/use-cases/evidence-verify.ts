// `report verify DIR` (docs/evidence.md, "Verify a bundle"): manifest.json read back, each file it
// lists read from DIR and compared (evidence/check.ts), each table's data rows counted again by a
// full CSV parser, and every file of DIR the manifest does not list named. With the manifest's own
// SHA-256 (recorded elsewhere when the bundle was written), the manifest is checked first. Only
// plain files are read, never through a link: a symbolic link (or a device, a FIFO) in DIR is
// refused, since its bytes are not the bundle's and could change with what it points to.
import { constants, type Dirent } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { EvidenceManifest } from '../../core/evidence.js';
import { sha256Hex } from '../../core/sha256.js';
import { CLIError } from '../../errors.js';
import { bundleProblems, type FoundFile } from '../../evidence/check.js';
import { derivedProblems, FACTS_DOCUMENTS, factProblems } from '../../evidence/cross-check.js';
import { MANIFEST_FILE } from '../../evidence/manifest-format.js';
import { parseManifest } from '../../evidence/manifest-parse.js';

export interface VerifyRequest {
  readonly dir: string;
  /** `--manifest-sha256`: the manifest's hash as recorded when the bundle was written (lowercase hex). */
  readonly manifestSha256?: string;
}

export interface VerifyResult {
  /** Absent when manifest.json could not be read as a manifest (a problem says why). */
  readonly manifest?: EvidenceManifest;
  /** One line each, naming its file; empty: the bundle verifies. */
  readonly problems: readonly string[];
  /** Whether manifest.json itself was checked against the SHA-256 recorded when it was written. */
  readonly authenticated: boolean;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

/** The data rows as csv-parse reads them (RFC 4180, every record the header's width), or why it could not. */
function rowsOf(bytes: Uint8Array): FoundFile['rows'] {
  try {
    const records = parse(Buffer.from(bytes), { bom: true, relax_column_count: false }) as unknown[];
    return Math.max(0, records.length - 1);
  } catch (error: unknown) {
    return { problem: error instanceof Error ? (error.message.split('\n')[0] ?? 'unreadable') : 'unreadable' };
  }
}

/** What an entry of DIR is when it is not a plain file: why it is refused. */
function notPlain(entry: Dirent): string | undefined {
  if (entry.isFile()) return undefined;
  const what = entry.isSymbolicLink() ? 'a symbolic link' : entry.isDirectory() ? 'a directory' : 'a special file';
  return `${entry.name}: ${what}, not a plain file: a bundle holds only plain files`;
}

/** A plain file's bytes, opened without following a link (the entry may have been swapped since it was listed). */
async function readPlain(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: unknown) => {
    throw new CLIError(`can't read ${path}: ${codeOf(error)}`);
  });
  try {
    if (!(await handle.stat()).isFile()) throw new CLIError(`can't read ${path}: not a plain file`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function readFound(dir: string, manifest: EvidenceManifest, plain: ReadonlySet<string>): Promise<Map<string, FoundFile>> {
  const found = new Map<string, FoundFile>();
  for (const file of manifest.files) {
    if (!plain.has(file.name)) continue;
    const bytes = await readPlain(join(dir, file.name));
    found.set(file.name, { bytes, ...(file.rows === undefined ? {} : { rows: rowsOf(bytes) }) });
  }
  return found;
}

/** The manifest's facts against the first facts document of the bundle whose bytes verified (none: nothing to compare). */
function crossChecked(manifest: EvidenceManifest, found: ReadonlyMap<string, FoundFile>, problems: readonly string[]): string[] {
  const name = FACTS_DOCUMENTS.find((n) => found.has(n));
  if (name === undefined || problems.some((p) => p.startsWith(`${name}: `))) return [];
  const bytes = (found.get(name) as FoundFile).bytes;
  return factProblems(manifest, name, new TextDecoder('utf-8', { fatal: false }).decode(bytes));
}

export async function verifyBundle(request: VerifyRequest): Promise<VerifyResult> {
  const { dir } = request;
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    throw new CLIError(`can't read the directory ${dir}: ${codeOf(error)}`);
  });
  const authenticated = request.manifestSha256 !== undefined;
  const manifestEntry = entries.find((e) => e.name === MANIFEST_FILE);
  if (!manifestEntry)
    throw new CLIError(
      `${dir} has no ${MANIFEST_FILE}: it is not an evidence bundle, or its writing was stopped before the end (the manifest is written last).`,
    );
  const refused = entries.flatMap((e) => notPlain(e) ?? []).sort();
  const refusedNames = entries.filter((e) => !e.isFile()).map((e) => e.name);
  if (notPlain(manifestEntry)) return { problems: refused, authenticated };
  const text = await readPlain(join(dir, MANIFEST_FILE));
  const problems: string[] = [];
  if (request.manifestSha256 !== undefined) {
    const sha256 = sha256Hex(text);
    if (sha256 !== request.manifestSha256) problems.push(`${MANIFEST_FILE}: SHA-256 differs (expected ${request.manifestSha256}, found ${sha256})`);
  }
  const parsed = parseManifest(new TextDecoder('utf-8', { fatal: false }).decode(text));
  if ('problem' in parsed) return { problems: [...problems, `${MANIFEST_FILE}: not a manifest of tfe-access (${parsed.problem})`], authenticated };
  const plain = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  const found = await readFound(dir, parsed.manifest, plain);
  // A refused entry is said once, as what it is, not again as missing or unlisted.
  const others = bundleProblems(parsed.manifest, found, [...plain]).filter((p) => !refusedNames.some((name) => p.startsWith(`${name}: `)));
  const files = [...problems, ...refused, ...others, ...derivedProblems(parsed.manifest)];
  return { manifest: parsed.manifest, problems: [...files, ...crossChecked(parsed.manifest, found, files)], authenticated };
}
