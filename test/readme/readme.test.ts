// The README and the pages of docs/ are the user's manual: every command of `--help` is in the
// README and every flag in the manual, every `tfe-access` call it shows exists, and every shell
// example runs against the emulator, in reading order (test/support/manual.ts).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { COMMANDS } from '../../src/cli/registry.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { helpOf, invocationsIn, unknownFlags } from '../ci/recipes.js';
import { ROOT, runCli } from '../support/cli.js';
import { manualPages, readManual, readPage } from '../support/manual.js';
import { type Step, stepsOf } from './examples.js';

const README = readPage('README.md');
const MANUAL = readManual();

function flagsOfHelp(help: string): string[] {
  return [...help.matchAll(/^\s+(?:-\w,\s+)?(--[\w-]+)/gm)].map((m) => m[1] ?? '');
}

/** examples/acme as one file: the default ./tfe-access.yaml of the examples that name no PATHS. */
function acmeAsOneFile(): string {
  const merged: Record<string, unknown> = {};
  const dir = join(ROOT, 'examples/acme');
  for (const name of readdirSync(dir).sort()) {
    const part = parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(part)) {
      merged[key] = typeof value === 'object' && value !== null ? { ...(merged[key] as object), ...value } : value;
    }
  }
  return stringify(merged);
}

describe('README', () => {
  it('is a front door, not the manual: at most 400 lines (the manual is docs/)', () => {
    expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(400);
  });

  it('names every command (the README) and every flag (the manual) that --help shows', async () => {
    const missing: string[] = [];
    for (const command of Object.keys(COMMANDS)) {
      if (!README.includes(`tfe-access ${command}`)) missing.push(`tfe-access ${command}`);
      for (const flag of flagsOfHelp(await helpOf(command))) if (!MANUAL.includes(flag)) missing.push(`${command} ${flag}`);
    }
    expect(missing).toEqual([]);
  });

  it('regression: the README counts five runtime dependencies (there are three)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const said = /installs the (\w+) runtime dependencies \(([^)]*)\)/.exec(README.replace(/\s+/g, ' '));
    expect(said, 'the Install section names its runtime dependencies').not.toBeNull();
    expect(NUMBERS.indexOf(said![1]!)).toBe(Object.keys(dependencies).length);
    expect([...said![2]!.matchAll(/`([\w@/.-]+)`/g)].map((m) => m[1]).sort()).toEqual(Object.keys(dependencies).sort());
  });

  it('shows only commands and flags that exist, on every page of the manual', async () => {
    const calls = manualPages().flatMap((page) => invocationsIn(readPage(page), page));
    expect(calls.length).toBeGreaterThan(20);
    const unknown: string[] = [];
    for (const call of calls) for (const flag of await unknownFlags(call)) unknown.push(`tfe-access ${call.command} ${flag}`);
    expect(unknown).toEqual([]);
  });
});

describe('the shell examples of the manual, run against the emulator', () => {
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
    dir = mkdtempSync(join(tmpdir(), 'tfe-access-readme-'));
    cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
    cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
    writeFileSync(join(dir, 'tfe-access.yaml'), acmeAsOneFile());
  });
  afterAll(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(step: Extract<Step, { kind: 'run' }>, env: Record<string, string>): Promise<void> {
    const result = await runCli([...step.args], { env, cwd: dir });
    const where = `${step.line}\n${result.err}`;
    expect([0, 2], where).toContain(result.code);
    expect(result.err, where).not.toMatch(/internal error|\n\s+at /);
    if (step.stdoutTo) writeFileSync(join(dir, step.stdoutTo), result.out);
  }

  it('every tfe-access line of every sh block exits 0 or 2, in order, on one organization', async () => {
    // The README first (its walkthrough applies the plan), then the pages in the index's order.
    const steps = manualPages().flatMap((page) => stepsOf(readPage(page)));
    let env: Record<string, string> = { TFE_TOKEN: DEMO_TOKEN };
    let ran = 0;
    for (const step of steps) {
      if (step.kind === 'env') {
        // The examples name the emulator's usual port; this one listens where the test started it.
        env = { ...env, ...step.vars, ...('TFE_ADDRESS' in step.vars ? { TFE_ADDRESS: emulator.url } : {}) };
        continue;
      }
      // `tfe-access emulator` runs until stopped: this test started the same seed itself, and
      // test/emulator/cli.test.ts runs the command as a spawned process.
      if (step.args[0] === 'emulator') continue;
      await run(step, { ...env, TFE_ADDRESS: emulator.url });
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(10);
    // The walkthrough applied the plan: the organization matches the files now.
    expect((await runCli(['drift', 'examples/acme'], { env: { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url }, cwd: dir })).code).toBe(0);
  });

  it('the curl session of the emulator section creates and lists grants', async () => {
    const block = /#+ A session with curl\n+```sh\n([\s\S]*?)```/.exec(MANUAL)?.[1];
    expect(block).toBeDefined();
    const fresh = await startEmulator({ rateLimit: 0 });
    try {
      let script = (block ?? '').replace('E=http://127.0.0.1:8080/api/v2', `E=${fresh.url}/api/v2`);
      // jq is in most images; where it is not, node reads the id the same way.
      if (!existsSync('/usr/bin/jq'))
        script = script.replaceAll('jq -r .data.id', `node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.id))'`);
      // Asynchronously: the emulator answers from this very process.
      const result = await promisify(execFile)('bash', ['-c', script], { encoding: 'utf8', timeout: 20_000 });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('"access":"custom"');
      expect(result.stdout).toContain('"access":"write"');
      expect(fresh.counters().byStatus[200]).toBeGreaterThanOrEqual(4);
    } finally {
      await fresh.stop();
    }
  });
});
