// The fingerprint of one file of an evidence bundle (core/evidence.ts): its size and SHA-256, over
// the exact bytes written. Pure (hashing is a function of its input); the one place the bundle's
// files are fingerprinted (the hash is core/sha256.ts's), for `report --evidence`, `review close` and `report verify` alike.
import type { EvidenceFile } from '../core/evidence.js';
import { sha256Hex } from '../core/sha256.js';

/** The manifest's entry for a file written with `content`; `rows` for a CSV file (its data rows). */
export function evidenceFile(name: string, content: string | Uint8Array, rows?: number): EvidenceFile {
  const bytes = (typeof content === 'string' ? new TextEncoder().encode(content) : content).byteLength;
  return { name, bytes, sha256: sha256Hex(content), ...(rows === undefined ? {} : { rows }) };
}
