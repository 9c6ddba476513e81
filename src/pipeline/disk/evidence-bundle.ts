// Writing an evidence bundle (docs/evidence.md, "Evidence bundle"): the files, each atomically, then
// manifest.json last, so a bundle whose writing was stopped has no manifest and never verifies.
// `report --evidence` (pipeline/use-cases/evidence.ts) and `review close` write theirs through it.
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { API_ROOT, addressFrom } from '../../api/address.js';
import type { EvidenceManifest } from '../../core/evidence.js';
import type { ServerInfo } from '../../core/server.js';
import { sha256Hex } from '../../core/sha256.js';
import { CLIError } from '../../errors.js';
import { csvDataRows } from '../../evidence/csv-rows.js';
import { evidenceFile } from '../../evidence/digest.js';
import { BUNDLE_FILE_NAME, MANIFEST_FILE } from '../../evidence/manifest-format.js';
import { writeAtomic } from '../../export/write.js';
import { renderManifest } from '../../render/evidence/manifest.js';
import type { RunConnection } from '../run/request.js';

export interface BundleFile {
  readonly name: string;
  readonly content: string;
  /** A table's data rows; absent for a `.csv` file, counted from its text (evidence/csv-rows.ts). */
  readonly rows?: number;
}

/**
 * DIR made if missing; refused when it holds anything: a bundle is all the files of one run, and a
 * file left by another (or by someone) would be taken for part of it.
 */
export async function prepareBundleDirectory(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory()) throw new CLIError(`${dir} is not a directory: an evidence bundle is written to a new or empty directory.`);
  if (found && (await readdir(dir)).length > 0)
    throw new CLIError(`${dir} is not empty: an evidence bundle is written to a new or empty directory, so no other file is taken for part of it.`);
  await mkdir(dir, { recursive: true }).catch((error: unknown) => {
    throw new CLIError(`can't make the directory ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  });
}

function checkNames(files: readonly BundleFile[]): void {
  const seen = new Set<string>();
  for (const { name } of files) {
    if (!BUNDLE_FILE_NAME.test(name) || name === MANIFEST_FILE)
      throw new CLIError(`"${name}" cannot be a file of an evidence bundle: a plain file name, not ${MANIFEST_FILE}.`);
    if (seen.has(name)) throw new CLIError(`the evidence bundle would hold ${name} twice.`);
    seen.add(name);
  }
}

const rowsOf = (file: BundleFile): number | undefined => file.rows ?? (file.name.endsWith('.csv') ? csvDataRows(file.content) : undefined);

/** The bundle written to `dir` (new or empty), manifest.json last; the manifest it wrote. */
export async function writeEvidenceBundle(
  dir: string,
  files: { name: string; content: string; rows?: number }[],
  facts: Omit<EvidenceManifest, 'files'>,
): Promise<EvidenceManifest> {
  checkNames(files);
  await prepareBundleDirectory(dir);
  const entries = [];
  for (const file of files) {
    await writeAtomic(join(dir, file.name), file.content);
    entries.push(evidenceFile(file.name, file.content, rowsOf(file)));
  }
  const manifest: EvidenceManifest = { ...facts, files: entries };
  await writeAtomic(join(dir, MANIFEST_FILE), renderManifest(manifest));
  return manifest;
}

/** The SHA-256 of the manifest.json `manifest` is written as: what to record elsewhere, and `report verify --manifest-sha256` checks. */
export function manifestSha256(manifest: EvidenceManifest): string {
  return sha256Hex(renderManifest(manifest));
}

/**
 * The server as a manifest records it: the address the run used (without the API root), its API
 * version, and its release as it names it (`v202404-1`, else its numeric version; null when it
 * does not say, as HCP Terraform does not). One way for `report --evidence` and `review close`.
 */
export function bundleServer(connection: Pick<RunConnection, 'address' | 'env'>, server: ServerInfo): EvidenceManifest['server'] {
  const { baseUrl } = addressFrom({ address: connection.address }, connection.env);
  return { address: baseUrl.slice(0, -API_ROOT.length), apiVersion: server.apiVersion ?? null, release: server.version ?? server.numericVersion ?? null };
}
