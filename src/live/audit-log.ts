// The audit log's file (`drift --audit-log FILE`; docs/drift.md, "Keep what the service forgets"):
// read whole, then replaced whole by the old text and the new lines, through a file beside it and a
// rename. A stop at any moment leaves the old file or the new one, never half a line.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CLIError, messageOf } from '../errors.js';
import { type AuditLog, parseAuditLog } from '../triage/log-format.js';

/** The file operations the log uses: Node's, or a test's that fail on purpose. */
export interface LogFiles {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, text: string, options: { encoding: 'utf8'; flag: 'wx' }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
}

const NODE_FILES: LogFiles = { readFile, writeFile, rename, rm, mkdir };

/** The log as read, and its text (what the next write keeps before its own lines). */
export interface LogFile {
  readonly path: string;
  readonly text: string;
  readonly log: AuditLog;
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/** A file not there yet is an empty log: the first run starts it. */
export async function readAuditLog(path: string, files: LogFiles = NODE_FILES): Promise<LogFile> {
  let text: string;
  try {
    text = await files.readFile(path, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return { path, text: '', log: { events: [], checkpoints: [] } };
    throw new CLIError(`--audit-log ${path}: cannot read it (${messageOf(error)}).`);
  }
  return { path, text, log: parseAuditLog(text, path) };
}

/** Replaces the file by its old text and `lines`, whole: a temporary file beside it, then a rename. */
export async function appendAuditLog(file: LogFile, lines: string, files: LogFiles = NODE_FILES): Promise<void> {
  // A file edited by hand may lack its last newline: the next line must not join it.
  const kept = file.text === '' || file.text.endsWith('\n') ? file.text : `${file.text}\n`;
  const temporary = `${file.path}.${process.pid}.tmp`;
  try {
    await files.mkdir(dirname(file.path), { recursive: true });
    // One left by a run killed between its write and its rename (a CI runner reuses process ids).
    await files.rm(temporary, { force: true });
    await files.writeFile(temporary, `${kept}${lines}`, { encoding: 'utf8', flag: 'wx' });
    await files.rename(temporary, file.path);
  } catch (error) {
    await files.rm(temporary, { force: true }).catch(() => undefined);
    throw new CLIError(`--audit-log ${file.path}: cannot write it (${messageOf(error)}); the file is as it was.`);
  }
}
