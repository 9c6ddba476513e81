// Desired-state files written into a temporary folder and loaded as a run loads them, and their
// problems as `FILE:LINE:COL: message` lines: the validation suites' shared setup. The folder is
// removed after the file that calls `desiredFiles()`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { loadDesiredState } from '../../src/pipeline/disk/desired-state.js';

export function desiredFiles(prefix: string): { dir: string; load: (files: Record<string, string>) => ReturnType<typeof loadDesiredState> } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    load: (files) => {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      return loadDesiredState(Object.keys(files), dir);
    },
  };
}

export const problemLines = (problems: readonly { file: string; line?: number; col?: number; message: string }[]): string[] =>
  problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`);
