// The usage log's file (`recommend --usage-log FILE`; docs/recommend.md, "Keep what was read"): read
// whole (a file not there yet is an empty log), checked line by line, and replaced whole through a
// file beside it and a rename: a stop leaves the old file or the new one.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseUsageLog, type UsageLog } from '../core/usage-log.js';
import { CLIError, messageOf } from '../errors.js';
import { writeAtomic } from '../export/write.js';

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** The log at `path`, undefined when there is no file yet; one line of CLIError when it is not a usage log or not of `organization`. */
export async function readUsageLog(path: string, cwd: string, organization: string): Promise<UsageLog | undefined> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw new CLIError(`--usage-log ${path}: cannot read it (${messageOf(error)}).`);
  }
  const log = parseUsageLog(text);
  if ('problem' in log) throw new CLIError(`--usage-log ${path}:${log.problem}; nothing was read or written.`);
  if (log.organization !== organization)
    throw new CLIError(`--usage-log ${path}: the log is of "${log.organization}", not "${organization}"; give each organization its own log.`);
  return log;
}

export async function writeUsageLog(path: string, cwd: string, text: string): Promise<void> {
  await writeAtomic(resolve(cwd, path), text);
}
