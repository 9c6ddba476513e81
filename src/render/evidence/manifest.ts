// An evidence bundle's manifest.json (docs/evidence.md, "Evidence bundle"): the EvidenceManifest as
// a JSON document with a fixed key order and snake_case keys, as the other JSON documents, so the
// same facts always serialise to the same bytes (and so to the same SHA-256).
import type { EvidenceFile, EvidenceManifest, Operator, Provenance, ReconciledCount, RegisteredException } from '../../core/evidence.js';
import type { JsonObject, JsonValue } from '../../core/json-value.js';
import { MANIFEST_FORMAT_VERSION } from '../../evidence/manifest-format.js';

const countDocument = (count: ReconciledCount): JsonObject => ({
  what: count.what,
  extracted: count.extracted,
  service: count.service,
  ...(count.seenBy ? { seen_by: count.seenBy } : {}),
});

const fileDocument = (file: EvidenceFile): JsonObject => ({ name: file.name, bytes: file.bytes, sha256: file.sha256, rows: file.rows ?? null });

function operatorDocument(operator: Operator): JsonObject {
  switch (operator.type) {
    case 'github-actions':
      return { type: operator.type, repository: operator.repository, workflow: operator.workflow, job: operator.job, run_id: operator.runId };
    case 'gitlab-ci':
      return { type: operator.type, project: operator.project, pipeline_id: operator.pipelineId, job_id: operator.jobId };
    case 'user':
      return { type: operator.type, name: operator.name };
  }
}

const exceptionDocument = (e: RegisteredException): JsonObject => ({
  policy: e.policy,
  team: e.team,
  person: e.person,
  workspace: e.workspace,
  project: e.project,
  reason: e.reason,
  expires: e.expires,
  status: e.status,
});

const buildDocument = (p: Provenance): JsonObject => ({ commit: p.build.commit, modified: p.build.modified, content_sha256: p.build.contentSha256 });

const inputsDocument = (p: Provenance): JsonObject => ({
  files: p.inputs.files.map((f) => ({ path: f.path, sha256: f.sha256 })),
  sha256: p.inputs.sha256,
  policies_sha256: p.inputs.policiesSha256,
});

/** The document; a manifest read back without provenance (format_version 1) keeps its version and has none of its fields. */
export function manifestDocument(manifest: EvidenceManifest): JsonObject {
  const p = manifest.provenance;
  return {
    format_version: p ? MANIFEST_FORMAT_VERSION : 1,
    tool: { name: manifest.tool.name, version: manifest.tool.version, ...(p ? { build: buildDocument(p) } : {}) },
    server: { address: manifest.server.address, api_version: manifest.server.apiVersion, release: manifest.server.release },
    organization: manifest.organization,
    token: manifest.token && { type: manifest.token.type, name: manifest.token.name },
    ...(p ? { operator: operatorDocument(p.operator) } : {}),
    extraction: { started_at: manifest.extraction.startedAt, finished_at: manifest.extraction.finishedAt },
    // As the caller wrote it: plain JSON values under snake_case keys.
    scope: manifest.scope as { [key: string]: JsonValue },
    ...(p ? { inputs: inputsDocument(p) } : {}),
    complete: manifest.complete,
    reasons: [...manifest.reasons],
    counts: manifest.counts.map(countDocument),
    ...(p ? { exceptions: p.exceptions.map(exceptionDocument) } : {}),
    files: manifest.files.map(fileDocument),
  };
}

/** The bytes of manifest.json. */
export function renderManifest(manifest: EvidenceManifest): string {
  return `${JSON.stringify(manifestDocument(manifest), null, 2)}\n`;
}
