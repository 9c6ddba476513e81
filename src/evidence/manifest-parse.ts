// manifest.json read back (`report verify`, docs/evidence.md, "Verify a bundle"): the document
// render/evidence/manifest.ts writes, checked by Ajv against its published schema (manifest-schema.ts,
// schemas/manifest.schema.json), then mapped, so a manifest edited into another shape is said as
// such in one line and never half-trusted. Pure: text in, the manifest or the one problem out.
import type { EvidenceFile, EvidenceManifest, Operator, Provenance, ReconciledCount, RegisteredException } from '../core/evidence.js';
import { schemaProblem, versionedJson } from '../core/schema-problem.js';
import { BUNDLE_FILE_NAME, MANIFEST_FILE, MANIFEST_FORMAT_VERSION, MANIFEST_FORMAT_VERSIONS_READ } from './manifest-format.js';
import { validateManifest } from './manifest-validator.js';

type Parsed = { readonly manifest: EvidenceManifest } | { readonly problem: string };

type Nullable = string | null;

/** The document as MANIFEST_SCHEMA checked it. */
interface FileJson {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly rows?: number | null;
}
interface CountJson {
  readonly what: string;
  readonly extracted: number;
  readonly service: number | null;
  readonly seen_by?: 'token' | 'service';
}
type OperatorJson =
  | { readonly type: 'github-actions'; readonly repository: Nullable; readonly workflow: Nullable; readonly job: Nullable; readonly run_id: Nullable }
  | { readonly type: 'gitlab-ci'; readonly project: Nullable; readonly pipeline_id: Nullable; readonly job_id: Nullable }
  | { readonly type: 'user'; readonly name: Nullable };
interface ManifestJson {
  readonly format_version: number;
  readonly tool: { readonly name: string; readonly version: string; readonly build?: { commit: Nullable; modified: boolean | null; content_sha256: Nullable } };
  readonly server: { readonly address: string; readonly api_version: Nullable; readonly release: Nullable };
  readonly organization: string;
  readonly token: { readonly type: string; readonly name: string } | null;
  readonly operator?: OperatorJson;
  readonly extraction: { readonly started_at: string; readonly finished_at: string };
  readonly scope: Readonly<Record<string, unknown>>;
  readonly inputs?: { readonly files: readonly { path: string; sha256: string }[]; readonly sha256: Nullable; readonly policies_sha256: Nullable };
  readonly complete: boolean;
  readonly reasons: readonly string[];
  readonly counts: readonly CountJson[];
  readonly exceptions?: readonly (Omit<RegisteredException, 'status'> & { readonly status: 'active' | 'lapsed' })[];
  readonly files: readonly FileJson[];
}

const fileOf = (file: FileJson): EvidenceFile => ({
  name: file.name,
  bytes: file.bytes,
  sha256: file.sha256,
  ...(file.rows === null || file.rows === undefined ? {} : { rows: file.rows }),
});

const countOf = (row: CountJson): ReconciledCount => ({
  what: row.what,
  extracted: row.extracted,
  service: row.service,
  ...(row.seen_by === undefined ? {} : { seenBy: row.seen_by }),
});

function operatorOf(o: OperatorJson): Operator {
  switch (o.type) {
    case 'github-actions':
      return { type: o.type, repository: o.repository, workflow: o.workflow, job: o.job, runId: o.run_id };
    case 'gitlab-ci':
      return { type: o.type, project: o.project, pipelineId: o.pipeline_id, jobId: o.job_id };
    case 'user':
      return { type: o.type, name: o.name };
  }
}

const exceptionOf = (e: NonNullable<ManifestJson['exceptions']>[number]): RegisteredException => ({
  policy: e.policy,
  team: e.team,
  person: e.person,
  workspace: e.workspace,
  project: e.project,
  reason: e.reason,
  expires: e.expires,
  status: e.status,
});

/** format_version 2's fields (the schema requires them of it): the build, the operator, the inputs, the exception register. */
function provenanceOf(top: ManifestJson): Provenance | undefined {
  const { build } = top.tool;
  if (top.format_version !== MANIFEST_FORMAT_VERSION || build === undefined || top.operator === undefined || top.inputs === undefined) return undefined;
  return {
    build: { commit: build.commit, modified: build.modified, contentSha256: build.content_sha256 },
    operator: operatorOf(top.operator),
    inputs: { files: top.inputs.files.map((f) => ({ path: f.path, sha256: f.sha256 })), sha256: top.inputs.sha256, policiesSha256: top.inputs.policies_sha256 },
    exceptions: (top.exceptions ?? []).map(exceptionOf),
  };
}

/** What the schema cannot say: each name a plain file of DIR (never the manifest itself), listed once. */
function filesProblem(files: readonly FileJson[]): string | undefined {
  const i = files.findIndex((f) => !BUNDLE_FILE_NAME.test(f.name) || f.name === MANIFEST_FILE);
  if (i >= 0) return `files[${i}].name "${files[i]?.name}" is not a plain file name of the bundle`;
  const twice = files.find((f, j) => files.findIndex((g) => g.name === f.name) !== j);
  return twice && `files lists ${twice.name} twice`;
}

function manifestOf(top: ManifestJson): EvidenceManifest {
  const provenance = provenanceOf(top);
  return {
    tool: { name: top.tool.name, version: top.tool.version },
    ...(provenance ? { provenance } : {}),
    server: { address: top.server.address, apiVersion: top.server.api_version, release: top.server.release },
    organization: top.organization,
    token: top.token && { type: top.token.type, name: top.token.name },
    extraction: { startedAt: top.extraction.started_at, finishedAt: top.extraction.finished_at },
    scope: top.scope,
    complete: top.complete,
    reasons: [...top.reasons],
    counts: top.counts.map(countOf),
    files: top.files.map(fileOf),
  };
}

export function parseManifest(source: string): Parsed {
  const read = versionedJson(source);
  if ('problem' in read) return read;
  const { document, version } = read;
  if (!MANIFEST_FORMAT_VERSIONS_READ.includes(version as number))
    return { problem: `format_version is ${JSON.stringify(version)}, this tfe-access reads ${MANIFEST_FORMAT_VERSIONS_READ.join(' and ')}` };
  if (!validateManifest(document)) return { problem: schemaProblem(validateManifest.errors) };
  const top = document as ManifestJson;
  const problem = filesProblem(top.files);
  return problem === undefined ? { manifest: manifestOf(top) } : { problem };
}
