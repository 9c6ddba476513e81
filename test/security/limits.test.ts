// Limits (issue 9, build 5), each through the CLI with its message: the response body cap
// (MAX_BODY_BYTES), the file size cap (MAX_FILE_BYTES), the YAML alias and node budgets, the depth
// limit. The page cap (MAX_PAGES) is shown in test/fuzz/lists.test.ts. Saved plans stay
// owner-only under the most permissive umask.
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/api/http.js';
import { startEmulator } from '../../src/emulator/start.js';
import { MAX_ALIAS_EXPANSIONS, MAX_DEPTH, MAX_FILE_BYTES } from '../../src/load/limits.js';
import { empty, scriptServer } from '../api/script-server.js';
import { ORG_TOKEN, randomScenario, writeDesired } from '../apply/scenario.js';
import { ROOT, runCli } from '../support/cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { cleanedAfterEach, modeOf } from './canary.js';

const { servers, dirs } = cleanedAfterEach();

async function desired(yaml: string): Promise<string> {
  const dir = await writeDesired(yaml);
  dirs.push(dir);
  return dir;
}

const SMALL = 'organization: acme\nprojects:\n  platform:\n    teams:\n      developers: read\n';

describe('limits, through the CLI', () => {
  it('a response body over MAX_BODY_BYTES fails the read with the cap in the message', async () => {
    const server = await scriptServer([
      empty(404), // the ping: a server without it
      (res) => {
        res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i <= MAX_BODY_BYTES / chunk.length; i++) res.write(chunk);
        res.end('{}');
      },
    ]);
    servers.push(server);
    const run = await runCli(['plan', await desired(SMALL), '--rate-limit', '0'], { env: { TFE_TOKEN: 'token-x', TFE_ADDRESS: server.url } });
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      new RegExp(`^tfe-access plan: Unreadable answer to GET /organizations/acme/(teams|projects)[^\\n]*larger than ${MAX_BODY_BYTES} bytes\\n$`),
    );
    expect(run.out).toBe('');
  });

  it('a desired-state file over MAX_FILE_BYTES is refused before it is parsed', async () => {
    const dir = await desired(SMALL);
    await writeFile(join(dir, 'tfe-access.yaml'), `${SMALL}# ${'x'.repeat(MAX_FILE_BYTES)}\n`);
    const run = await runCli(['validate', dir]);
    expect(run.code).toBe(1);
    expect(`${run.out}${run.err}`).toMatch(new RegExp(`larger than|${MAX_FILE_BYTES}|MAX_FILE_BYTES`));
  });

  it('an endless file (a device, or a *.yaml symlink to one) is never read', async () => {
    const dir = await desired(SMALL);
    await symlink('/dev/zero', join(dir, 'endless.yaml'));
    const run = await runCli(['validate', dir]);
    expect(run.code, run.out + run.err).toBe(0);
    const direct = await runCli(['validate', '/dev/zero']);
    expect(direct.code).toBe(1);
    expect(`${direct.out}${direct.err}`).toMatch(/not a file or a directory/);
  });

  it('a YAML alias bomb is stopped at the alias budget', async () => {
    const run = await runCli(['validate', join(ROOT, 'test/fixtures/invalid/alias-bomb.yaml')]);
    expect(run.code).toBe(1);
    expect(`${run.out}${run.err}`).toMatch(new RegExp(`more than ${MAX_ALIAS_EXPANSIONS} alias expansions|MAX_NODES`));
  });

  it('nesting deeper than MAX_DEPTH is refused', async () => {
    const deep = `organization: acme\nx: ${'['.repeat(MAX_DEPTH + 5)}${']'.repeat(MAX_DEPTH + 5)}\n`;
    const run = await runCli(['validate', await desired(deep)]);
    expect(run.code).toBe(1);
    expect(`${run.out}${run.err}`).toMatch(/deep|depth|MAX_DEPTH/i);
  });

  // Issue 24, finding 8: the YAML reader ran out of stack first and said so, at some inner place.
  it('regression: flow nesting about 1,000 deep says "Maximum call stack size exceeded", not the documented depth message', async () => {
    const files = {
      'flow.yaml': `organization: acme\nx: ${'['.repeat(1000)}${']'.repeat(1000)}\n`,
      'block.yaml': `organization: acme\nx:\n  - ${'- '.repeat(100_000)}v\n`,
    };
    const dir = await desired('organization: acme\n');
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const expected = {
      'flow.yaml': `flow.yaml:2:${4 + MAX_DEPTH}: x${'[0]'.repeat(MAX_DEPTH)}: nested deeper than ${MAX_DEPTH} levels (MAX_DEPTH); refused\n1 problem in 1 file.\n`,
      'block.yaml': `block.yaml:3:${3 + 2 * MAX_DEPTH}: x${'[0]'.repeat(MAX_DEPTH)}: nested deeper than ${MAX_DEPTH} levels (MAX_DEPTH); refused\n1 problem in 1 file.\n`,
    };
    for (const name of Object.keys(files) as (keyof typeof files)[]) {
      // Spawned: the stack a user's run has, and whatever a crash would print.
      const run = await spawnCli(['validate', name], { cwd: dir });
      expect(run, name).toEqual({ code: 1, out: expected[name], err: '' });
    }
  });

  it('a saved plan is 0600 even under umask 000', async () => {
    const scenario = randomScenario(3, { teams: 3, projects: 1, workspaces: 1, density: 0.5 });
    const emulator = await startEmulator({ seed: scenario.seed, rateLimit: 0 });
    const dir = await desired(scenario.yaml);
    const previous = process.umask(0);
    try {
      const run = await runCli(['plan', dir, '--out', join(dir, 'plan.json')], { env: { TFE_TOKEN: ORG_TOKEN, TFE_ADDRESS: emulator.url } });
      expect(run.code, run.err).toBe(0);
    } finally {
      process.umask(previous);
      await emulator.stop();
    }
    expect(await modeOf(join(dir, 'plan.json'))).toBe(0o600);
  });
});
