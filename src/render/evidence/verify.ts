// What `report verify DIR` says it proved (docs/evidence.md, "Verify a bundle"): the files checked
// against the manifest, whether the manifest itself was (only with --manifest-sha256), and, for a
// bundle whose manifest says the read was not whole, that it is incomplete and why.
import type { EvidenceManifest } from '../../core/evidence.js';
import { printable } from '../../core/printable.js';

/** The lines to stdout for a bundle with no problem. */
export function verifiedLines(manifest: EvidenceManifest, authenticated: boolean): string[] {
  const files = manifest.files.length === 1 ? '1 file' : `${manifest.files.length} files`;
  const what = `verified ${files} of the bundle of ${printable(manifest.organization)} extracted ${printable(manifest.extraction.finishedAt)}`;
  const how = authenticated ? 'and manifest.json by its SHA-256' : 'against an unauthenticated manifest: give --manifest-sha256 to check manifest.json itself';
  const incomplete = manifest.complete
    ? []
    : [`incomplete: ${manifest.reasons.length > 0 ? manifest.reasons.map(printable).join('; ') : 'the manifest gives no reason'}`];
  return [`${what} ${how}`, ...incomplete];
}
