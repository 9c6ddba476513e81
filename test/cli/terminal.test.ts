// Progress and colour as the terminal decides them (issue 19, item 1): progress whenever stderr is
// a terminal, whatever stdout is; TERM=dumb gets no colour and no cursor codes; FORCE_COLOR forces
// colour, and --no-color and NO_COLOR still win over it. The built CLI on a pseudo-terminal from
// script(1) (util-linux), its stdout sent to a file by the shell there.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { ROOT } from '../support/cli.js';
import { runBuilt, shellLine } from '../support/spawn.js';
import { emulatorAndFolder } from '../support/world.js';

const ESCAPE = '\u001b';
/** The text plan's colours: red, green, yellow. */
const hasColour = (text: string): boolean => ['\u001b[31m', '\u001b[32m', '\u001b[33m'].some((code) => text.includes(code));
const REWRITE = '\r\u001b[K';

const world = emulatorAndFolder({ seed: demoSeed, token: DEMO_TOKEN, prefix: 'tfe-access-terminal-', per: 'file' });

/** `tfe-access ARGS [> FILE]` on a pseudo-terminal: what the terminal showed, and the exit code. */
function onTerminal(args: string[], extraEnv: Record<string, string>, stdoutFile?: string): Promise<{ screen: string; code: number | null }> {
  const line = `${shellLine(args)}${stdoutFile === undefined ? '' : ` > '${stdoutFile}'`}`;
  const child = spawn('script', ['-qfec', line, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...world.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ screen, code })));
}

describe('progress', () => {
  it('shows on the terminal when stdout goes to a file (plan > plan.txt), and the file holds the plan alone', async () => {
    const file = join(world.dir, 'plan.txt');
    const { screen, code } = await onTerminal(['plan', 'examples/acme'], { TERM: 'xterm' }, file);
    expect(code).toBe(0);
    expect(screen).toMatch(/Reading live access: \d+\/\d+/);
    expect(screen).toContain(REWRITE);
    const plan = await readFile(file, 'utf8');
    expect(plan).toMatch(/^Plan for acme: /);
    expect(plan).not.toContain(ESCAPE);
    expect(plan).not.toContain('Reading live access');
  }, 30_000);

  it('on TERM=dumb, is plain lines: no cursor codes and no colour anywhere on the screen', async () => {
    const { screen, code } = await onTerminal(['plan', 'examples/acme'], { TERM: 'dumb' });
    expect(code).toBe(0);
    expect(screen).toMatch(/Reading live access: (\d+)\/\1\r?\n/);
    expect(screen).toContain('Plan for acme: ');
    expect(screen).not.toContain(ESCAPE);
  }, 30_000);

  it('is not shown when stderr is not a terminal', async () => {
    const run = await runBuilt(['plan', 'examples/acme'], { env: world.env });
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
  });
});

describe('colour', () => {
  it('is on when stdout is a terminal, off when it is a file', async () => {
    const { screen } = await onTerminal(['plan', 'examples/acme'], { TERM: 'xterm' });
    expect(hasColour(screen)).toBe(true);
    expect((await runBuilt(['plan', 'examples/acme'], { env: world.env })).out).not.toContain(ESCAPE);
  }, 30_000);

  it('FORCE_COLOR turns it on into a file; FORCE_COLOR=0 keeps it off', async () => {
    expect(hasColour((await runBuilt(['plan', 'examples/acme'], { env: { ...world.env, FORCE_COLOR: '1' } })).out)).toBe(true);
    expect((await runBuilt(['plan', 'examples/acme'], { env: { ...world.env, FORCE_COLOR: '0' } })).out).not.toContain(ESCAPE);
  });

  it('--no-color and NO_COLOR win over FORCE_COLOR', async () => {
    const forced = { ...world.env, FORCE_COLOR: '1' };
    expect((await runBuilt(['plan', 'examples/acme', '--no-color'], { env: forced })).out).not.toContain(ESCAPE);
    expect((await runBuilt(['plan', 'examples/acme'], { env: { ...forced, NO_COLOR: '1' } })).out).not.toContain(ESCAPE);
  });
});
