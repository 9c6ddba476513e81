// How the built CLI writes stdout (src/cli/stdio.ts; docs/performance.md, "Start-up"): to a file
// straight through fs, without Node's stream modules, and to a pipe through Node's stream as ever;
// the same bytes and exit code either way, and a file that cannot take them is a closed stdout
// (exit 141, nothing on stderr), as it was with Node's stream.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

// Preloaded with -r (a CommonJS preload loads no stream module of its own): at exit, Node's stream
// modules that were loaded, one per line.
const RECORD = `const { writeSync } = require('node:fs');
process.on('exit', () => {
  const loaded = process.moduleLoadList.filter((m) => /^NativeModule (stream|net|tty|internal\\/fs\\/sync_write_stream)$/.test(m));
  writeSync(require('node:fs').openSync(process.env.LOADED_LOG, 'w'), loaded.join('\\n'));
});
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-stdio-'));
  writeFileSync(join(dir, 'record.cjs'), RECORD);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Node's stream modules the run loaded. */
  readonly streams: string[];
}

/** The bin with `args`, its stdout a pipe or the file `into`. */
function run(args: readonly string[], into?: string): Run {
  const log = join(dir, 'loaded.log');
  const fd = into === undefined ? 'pipe' : openSync(into, 'w');
  try {
    const result = spawnSync(process.execPath, ['-r', join(dir, 'record.cjs'), 'dist/cli/main.js', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', fd, 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', LOADED_LOG: log },
    });
    // A device (/dev/full) keeps nothing to read back.
    const stdout = into === undefined ? result.stdout : into.startsWith(dir) ? readFileSync(into, 'utf8') : '';
    return { code: result.status, stdout, stderr: result.stderr, streams: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
  } finally {
    if (typeof fd === 'number') closeSync(fd);
  }
}

describe('stdout of the built CLI', () => {
  for (const args of [['--help'], ['validate', 'examples/acme'], ['validate', 'examples/acme', '--format', 'json']]) {
    it(`tfe-access ${args.join(' ')}: into a file, the bytes a pipe gets, without Node's stream modules`, () => {
      const piped = run(args);
      const filed = run(args, join(dir, 'out.txt'));
      expect(piped.code).toBe(0);
      expect(piped.stdout.length).toBeGreaterThan(50);
      expect(filed).toEqual({ code: 0, stdout: piped.stdout, stderr: piped.stderr, streams: [] });
      // The record sees them where they are loaded: a pipe's stream is Node's.
      expect(piped.streams).toEqual(expect.arrayContaining(['NativeModule stream', 'NativeModule net']));
    });
  }

  it('a file that takes no more (/dev/full) is a closed stdout: exit 141, nothing on stderr', () => {
    const full = run(['validate', 'examples/acme'], '/dev/full');
    expect(full.code).toBe(141);
    expect(full.stderr).toBe('');
  });
});
