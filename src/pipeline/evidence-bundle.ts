// An evidence bundle written (docs/evidence.md, "Evidence bundle"): each file into DIR, then
// `manifest.json` with the facts of the extraction and each file's size and SHA-256 over the bytes
// written (evidence/digest.ts). What `report --evidence` and `review close --bundle` share.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvidenceManifest } from '../core/evidence.js';
import { evidenceFile } from '../evidence/digest.js';

export async function writeEvidenceBundle(
  dir: string,
  files: { name: string; content: string; rows?: number }[],
  facts: Omit<EvidenceManifest, 'files'>,
): Promise<EvidenceManifest> {
  await mkdir(dir, { recursive: true });
  for (const file of files) await writeFile(join(dir, file.name), file.content);
  const manifest: EvidenceManifest = { ...facts, files: files.map((f) => evidenceFile(f.name, f.content, f.rows)) };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
