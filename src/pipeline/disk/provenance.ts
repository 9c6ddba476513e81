// The provenance of an evidence bundle (docs/evidence.md, "Evidence bundle"), read for `report
// --evidence` and `review close --bundle` alike: the build (the commit stamped at build time, else a
// hash of the installed dist/cli files), who ran it (the CI job, else the OS user), the SHA-256 of
// each desired-state file and of the policies, and the register of the policies' exceptions.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP } from '../../core/build.js';
import type { InputFile, Operator, Provenance, ToolBuild } from '../../core/evidence.js';
import { sha256Hex } from '../../core/sha256.js';
import { policiesDigestOf } from '../../diff/checksum.js';
import { ciOperator, combinedSha256, exceptionRegister } from '../../evidence/provenance.js';
import { loadDesiredState } from './desired-state.js';

export interface ProvenanceRequest {
  /** The desired-state paths of the run (none: a report of no files). */
  readonly paths: readonly string[];
  readonly cwd: string;
  /** The run's environment: where the CI variables are read. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** When the extraction started: what each exception is judged active or lapsed at. */
  readonly now: number;
}

/** The package's root: the first folder above this module with a package.json (dist/cli/ once bundled, src/pipeline/ in the source). */
function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The SHA-256 over dist/cli's files (the `sha256sum` lines of each, by name): what an install without a commit is told apart by. */
async function distSha256(): Promise<string | null> {
  const root = packageRoot();
  if (root === undefined) return null;
  const dist = join(root, 'dist/cli');
  const names = await readdir(dist).catch(() => [] as string[]);
  if (names.length === 0) return null;
  const lines = [];
  for (const name of [...names].sort()) lines.push(`${sha256Hex(await readFile(join(dist, name)))}  ${name}\n`);
  return sha256Hex(lines.join(''));
}

async function toolBuild(): Promise<ToolBuild> {
  if (BUILD_STAMP) return { commit: BUILD_STAMP.commit, modified: BUILD_STAMP.modified, contentSha256: null };
  return { commit: null, modified: null, contentSha256: await distSha256() };
}

function operatorOf(env: ProvenanceRequest['env']): Operator {
  const ci = ciOperator(env);
  if (ci) return ci;
  try {
    return { type: 'user', name: userInfo().username };
  } catch {
    // No entry for the process's uid (a container run as an arbitrary user): said as unknown.
    return { type: 'user', name: null };
  }
}

export async function provenanceOf(request: ProvenanceRequest): Promise<Provenance> {
  const loaded = request.paths.length > 0 ? await loadDesiredState([...request.paths], request.cwd) : undefined;
  const files: InputFile[] = [];
  for (const path of loaded?.files ?? []) files.push({ path, sha256: sha256Hex(await readFile(resolve(request.cwd, path))) });
  const policies = loaded?.state?.policies ?? [];
  return {
    build: await toolBuild(),
    operator: operatorOf(request.env),
    inputs: { files, sha256: combinedSha256(files), policiesSha256: loaded?.state ? policiesDigestOf(policies) : null },
    exceptions: exceptionRegister(policies, request.now),
  };
}
