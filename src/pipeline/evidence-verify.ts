// `report verify DIR` (docs/evidence.md, "Verify a bundle"): manifest.json read back, each file it
// lists read from DIR and compared (evidence/check.ts), each table's data rows counted again by a
// full CSV parser, and every file of DIR the manifest does not list named. With the manifest's own
// SHA-256 (recorded elsewhere when the bundle was written), the manifest is checked first.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { EvidenceManifest } from '../core/evidence.js';
import { CLIError } from '../errors.js';
import { bundleProblems, type FoundFile } from '../evidence/check.js';
import { sha256Hex } from '../evidence/digest.js';
import { MANIFEST_FILE } from '../evidence/manifest-format.js';
import { parseManifest } from '../evidence/manifest-parse.js';

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

async function readFound(dir: string, manifest: EvidenceManifest, present: ReadonlySet<string>): Promise<Map<string, FoundFile>> {
  const found = new Map<string, FoundFile>();
  for (const file of manifest.files) {
    if (!present.has(file.name)) continue;
    const bytes = await readFile(join(dir, file.name)).catch((error: unknown) => {
      throw new CLIError(`can't read ${join(dir, file.name)}: ${codeOf(error)}`);
    });
    found.set(file.name, { bytes, ...(file.rows === undefined ? {} : { rows: rowsOf(bytes) }) });
  }
  return found;
}

export async function verifyBundle(request: VerifyRequest): Promise<VerifyResult> {
  const { dir } = request;
  const present = await readdir(dir).catch((error: unknown) => {
    throw new CLIError(`can't read the directory ${dir}: ${codeOf(error)}`);
  });
  if (!present.includes(MANIFEST_FILE))
    throw new CLIError(
      `${dir} has no ${MANIFEST_FILE}: it is not an evidence bundle, or its writing was stopped before the end (the manifest is written last).`,
    );
  const text = await readFile(join(dir, MANIFEST_FILE));
  const problems: string[] = [];
  if (request.manifestSha256 !== undefined) {
    const sha256 = sha256Hex(text);
    if (sha256 !== request.manifestSha256) problems.push(`${MANIFEST_FILE}: SHA-256 differs (expected ${request.manifestSha256}, found ${sha256})`);
  }
  const parsed = parseManifest(new TextDecoder('utf-8', { fatal: false }).decode(text));
  if ('problem' in parsed) return { problems: [...problems, `${MANIFEST_FILE}: not a manifest of tfe-access (${parsed.problem})`] };
  const found = await readFound(dir, parsed.manifest, new Set(present));
  return { manifest: parsed.manifest, problems: [...problems, ...bundleProblems(parsed.manifest, found, present)] };
}
