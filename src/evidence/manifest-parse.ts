// manifest.json read back (`report verify`, docs/evidence.md, "Verify a bundle"): the document
// render/manifest.ts writes, checked field by field, so a manifest edited into another shape is
// said as such and never half-trusted. Pure: text in, the manifest or the one problem out.
import type { EvidenceFile, EvidenceManifest, Operator, Provenance, ReconciledCount, RegisteredException } from '../core/evidence.js';
import { BUNDLE_FILE_NAME, MANIFEST_FILE, MANIFEST_FORMAT_VERSION, MANIFEST_FORMAT_VERSIONS_READ } from './manifest-format.js';

type Parsed = { readonly manifest: EvidenceManifest } | { readonly problem: string };

class ManifestProblem extends Error {}

type Obj = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(problem: string): never {
  throw new ManifestProblem(problem);
}

function object(value: unknown, at: string): Obj {
  return isObject(value) ? value : fail(`${at} is not an object`);
}

function text(value: unknown, at: string): string {
  return typeof value === 'string' ? value : fail(`${at} is not a string`);
}

const textOrNull = (value: unknown, at: string): string | null => (value === null ? null : text(value, at));

function count(value: unknown, at: string): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail(`${at} is not a whole number`);
}

function list(value: unknown, at: string): readonly unknown[] {
  return Array.isArray(value) ? value : fail(`${at} is not a list`);
}

function fileOf(value: unknown, i: number): EvidenceFile {
  const at = `files[${i}]`;
  const file = object(value, at);
  const name = text(file.name, `${at}.name`);
  if (!BUNDLE_FILE_NAME.test(name) || name === MANIFEST_FILE) fail(`${at}.name "${name}" is not a plain file name of the bundle`);
  const sha256 = text(file.sha256, `${at}.sha256`);
  if (!/^[0-9a-f]{64}$/.test(sha256)) fail(`${at}.sha256 is not a SHA-256 in lowercase hex`);
  const rows = file.rows === null || file.rows === undefined ? undefined : count(file.rows, `${at}.rows`);
  return { name, bytes: count(file.bytes, `${at}.bytes`), sha256, ...(rows === undefined ? {} : { rows }) };
}

function countOf(value: unknown, i: number): ReconciledCount {
  const at = `counts[${i}]`;
  const row = object(value, at);
  return {
    what: text(row.what, `${at}.what`),
    extracted: count(row.extracted, `${at}.extracted`),
    service: row.service === null ? null : count(row.service, `${at}.service`),
    ...(row.seen_by === 'token' || row.seen_by === 'service' ? { seenBy: row.seen_by } : {}),
  };
}

const SHA256 = /^[0-9a-f]{64}$/;

function sha256OrNull(value: unknown, at: string): string | null {
  const hex = textOrNull(value, at);
  return hex === null || SHA256.test(hex) ? hex : fail(`${at} is not a SHA-256 in lowercase hex`);
}

function operatorOf(value: unknown): Operator {
  const o = object(value, 'operator');
  const field = (key: string): string | null => textOrNull(o[key], `operator.${key}`);
  switch (o.type) {
    case 'github-actions':
      return { type: o.type, repository: field('repository'), workflow: field('workflow'), job: field('job'), runId: field('run_id') };
    case 'gitlab-ci':
      return { type: o.type, project: field('project'), pipelineId: field('pipeline_id'), jobId: field('job_id') };
    case 'user':
      return { type: o.type, name: field('name') };
    default:
      return fail(`operator.type is ${JSON.stringify(o.type)}, not github-actions, gitlab-ci or user`);
  }
}

function exceptionOf(value: unknown, i: number): RegisteredException {
  const at = `exceptions[${i}]`;
  const e = object(value, at);
  if (e.status !== 'active' && e.status !== 'lapsed') fail(`${at}.status is not active or lapsed`);
  return {
    policy: text(e.policy, `${at}.policy`),
    team: textOrNull(e.team, `${at}.team`),
    person: textOrNull(e.person, `${at}.person`),
    workspace: textOrNull(e.workspace, `${at}.workspace`),
    project: textOrNull(e.project, `${at}.project`),
    reason: text(e.reason, `${at}.reason`),
    expires: text(e.expires, `${at}.expires`),
    status: e.status,
  };
}

/** format_version 2's fields: the build, the operator, the inputs, the exception register. */
function provenanceOf(top: Obj, tool: Obj): Provenance {
  const build = object(tool.build, 'tool.build');
  const inputs = object(top.inputs, 'inputs');
  const modified = build.modified;
  if (modified !== null && typeof modified !== 'boolean') fail('tool.build.modified is not true, false or null');
  return {
    build: { commit: textOrNull(build.commit, 'tool.build.commit'), modified, contentSha256: sha256OrNull(build.content_sha256, 'tool.build.content_sha256') },
    operator: operatorOf(top.operator),
    inputs: {
      files: list(inputs.files, 'inputs.files').map((f, i) => {
        const file = object(f, `inputs.files[${i}]`);
        const sha256 = sha256OrNull(file.sha256, `inputs.files[${i}].sha256`);
        return { path: text(file.path, `inputs.files[${i}].path`), sha256: sha256 ?? fail(`inputs.files[${i}].sha256 is not a string`) };
      }),
      sha256: sha256OrNull(inputs.sha256, 'inputs.sha256'),
      policiesSha256: sha256OrNull(inputs.policies_sha256, 'inputs.policies_sha256'),
    },
    exceptions: list(top.exceptions, 'exceptions').map(exceptionOf),
  };
}

function manifestOf(document: unknown): EvidenceManifest {
  const top = object(document, 'the document');
  if (!MANIFEST_FORMAT_VERSIONS_READ.includes(top.format_version as number))
    fail(`format_version is ${JSON.stringify(top.format_version)}, this tfe-access reads ${MANIFEST_FORMAT_VERSIONS_READ.join(' and ')}`);
  const tool = object(top.tool, 'tool');
  const server = object(top.server, 'server');
  const extraction = object(top.extraction, 'extraction');
  const token = top.token === null ? null : object(top.token, 'token');
  if (typeof top.complete !== 'boolean') fail('complete is not true or false');
  const files = list(top.files, 'files').map(fileOf);
  const twice = files.find((f, i) => files.findIndex((g) => g.name === f.name) !== i);
  if (twice) fail(`files lists ${twice.name} twice`);
  return {
    tool: { name: text(tool.name, 'tool.name'), version: text(tool.version, 'tool.version') },
    ...(top.format_version === MANIFEST_FORMAT_VERSION ? { provenance: provenanceOf(top, tool) } : {}),
    server: {
      address: text(server.address, 'server.address'),
      apiVersion: textOrNull(server.api_version, 'server.api_version'),
      release: textOrNull(server.release, 'server.release'),
    },
    organization: text(top.organization, 'organization'),
    token: token && { type: text(token.type, 'token.type'), name: text(token.name, 'token.name') },
    extraction: { startedAt: text(extraction.started_at, 'extraction.started_at'), finishedAt: text(extraction.finished_at, 'extraction.finished_at') },
    scope: object(top.scope, 'scope'),
    complete: top.complete,
    reasons: list(top.reasons, 'reasons').map((r, i) => text(r, `reasons[${i}]`)),
    counts: list(top.counts, 'counts').map(countOf),
    files,
  };
}

export function parseManifest(source: string): Parsed {
  let document: unknown;
  try {
    document = JSON.parse(source);
  } catch {
    return { problem: 'not JSON' };
  }
  try {
    return { manifest: manifestOf(document) };
  } catch (error: unknown) {
    if (error instanceof ManifestProblem) return { problem: error.message };
    throw error;
  }
}
