// `report diff OLD NEW` (docs/evidence.md, "Comparing snapshots"): two report JSON documents read
// (a file, or a bundle's directory: its report.json), parsed as snapshots and compared. Reads only
// the two: no request is made.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { printable } from '../../core/printable.js';
import { CLIError } from '../../errors.js';
import { compareSnapshots, type SnapshotDiff } from '../../evidence/compare.js';
import { parseSnapshot, type Snapshot } from '../../evidence/snapshot.js';

export interface ReportDiffRequest {
  /** As given, for messages. */
  readonly old: string;
  readonly new: string;
  readonly cwd: string;
  /** `--allow-organization-change`: compare reports of two organizations. */
  readonly allowOrganizationChange: boolean;
  /** `--allow-reversed`: compare an OLD extracted after NEW (refused otherwise: every gain would read as a loss). */
  readonly allowReversed?: boolean;
}

/** The report a path names: the file itself, or a bundle directory's report.json. */
async function readSnapshot(given: string, cwd: string): Promise<Snapshot> {
  const path = resolve(cwd, given);
  const found = await stat(path).catch(() => undefined);
  if (!found) throw new CLIError(`${given}: no such file or directory.`);
  const file = found.isDirectory() ? join(path, 'report.json') : path;
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new CLIError(`can't read ${found.isDirectory() ? join(given, 'report.json') : given}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  });
  const parsed = parseSnapshot(text);
  if ('problem' in parsed) throw new CLIError(`${given} is not a report of tfe-access (report --format json): ${printable(parsed.problem)}.`);
  return parsed.snapshot;
}

export async function compareReports(request: ReportDiffRequest): Promise<SnapshotDiff> {
  const old = await readSnapshot(request.old, request.cwd);
  const now = await readSnapshot(request.new, request.cwd);
  if (old.organization !== now.organization && !request.allowOrganizationChange) {
    throw new CLIError(
      `${request.old} is a report of "${printable(old.organization)}" and ${request.new} of "${printable(now.organization)}": pass --allow-organization-change to compare two organizations.`,
    );
  }
  // Extraction times compared as instants; one that does not parse is not compared (never refused on a guess).
  if (Date.parse(old.generatedAt) > Date.parse(now.generatedAt) && request.allowReversed !== true) {
    throw new CLIError(
      `${request.old} was read at ${printable(old.generatedAt)}, after ${request.new} (${printable(now.generatedAt)}): name the older report first (report diff OLD NEW), or pass --allow-reversed to compare them in this order.`,
    );
  }
  return compareSnapshots(old, now);
}
