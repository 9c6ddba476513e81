// An evidence bundle's manifest.json (docs/evidence.md, "Evidence bundle"): the EvidenceManifest as
// a JSON document with a fixed key order and snake_case keys, as the other JSON documents, so the
// same facts always serialise to the same bytes (and so to the same SHA-256).
import type { EvidenceFile, EvidenceManifest, ReconciledCount } from '../core/evidence.js';
import type { JsonObject, JsonValue } from '../core/json-value.js';
import { MANIFEST_FORMAT_VERSION } from '../evidence/manifest-format.js';

const countDocument = (count: ReconciledCount): JsonObject => ({
  what: count.what,
  extracted: count.extracted,
  service: count.service,
  ...(count.seenBy ? { seen_by: count.seenBy } : {}),
});

const fileDocument = (file: EvidenceFile): JsonObject => ({ name: file.name, bytes: file.bytes, sha256: file.sha256, rows: file.rows ?? null });

export function manifestDocument(manifest: EvidenceManifest): JsonObject {
  return {
    format_version: MANIFEST_FORMAT_VERSION,
    tool: { name: manifest.tool.name, version: manifest.tool.version },
    server: { address: manifest.server.address, api_version: manifest.server.apiVersion, release: manifest.server.release },
    organization: manifest.organization,
    token: manifest.token && { type: manifest.token.type, name: manifest.token.name },
    extraction: { started_at: manifest.extraction.startedAt, finished_at: manifest.extraction.finishedAt },
    // As the caller wrote it: plain JSON values under snake_case keys.
    scope: manifest.scope as { [key: string]: JsonValue },
    complete: manifest.complete,
    reasons: [...manifest.reasons],
    counts: manifest.counts.map(countDocument),
    files: manifest.files.map(fileDocument),
  };
}

/** The bytes of manifest.json. */
export function renderManifest(manifest: EvidenceManifest): string {
  return `${JSON.stringify(manifestDocument(manifest), null, 2)}\n`;
}
