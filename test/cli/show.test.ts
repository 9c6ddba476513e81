// tfe-access show PLANFILE (issue 19, item 8): a saved plan in any format, exactly as `plan` printed
// it, without touching the network; the file checked as apply --plan checks it. The built CLI,
// spawned.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { runBuilt } from '../support/spawn.js';

let emulator: RunningEmulator;
let dir: string;
let env: Record<string, string>;
let saved: string;
/** What `plan --out` printed, per format. */
const printed = new Map<string, string>();

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed(), rateLimit: 0 });
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-show-'));
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
  saved = join(dir, 'acme.plan.json');
  for (const format of ['text', 'json', 'markdown']) {
    const run = await runBuilt(['plan', 'examples/acme', '--format', format, '--out', saved], { env });
    expect(run.code, run.err).toBe(0);
    printed.set(format, run.out);
  }
});
afterAll(async () => {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('tfe-access show', () => {
  it('prints the saved plan byte for byte as plan printed it, in every format, with no token and no request', async () => {
    const before = emulator.requests.length;
    for (const format of ['text', 'json', 'markdown']) {
      // No address, no token: nothing it could reach.
      const run = await runBuilt(['show', saved, '--format', format], { cwd: dir });
      // stderr says whether the file carries a keyed seal (docs/apply.md, "Saved plans"); stdout is the plan alone.
      expect(run, format).toEqual({
        code: 0,
        out: printed.get(format),
        err: 'show: the plan has no HMAC (TFE_ACCESS_PLAN_KEY was not set when it was saved): its public seal and checksum were checked.\n',
      });
    }
    expect((await runBuilt(['show', 'acme.plan.json'], { cwd: dir })).out).toBe(printed.get('text'));
    expect(printed.get('text')).toContain('Effective access:');
    expect(emulator.requests.length).toBe(before);
  });

  it('refuses an edited file as apply --plan does, in one line', async () => {
    const edited = join(dir, 'edited.plan.json');
    const document = JSON.parse(await readFile(saved, 'utf8')) as { plan: { organization: string } };
    document.plan.organization = 'globex';
    await writeFile(edited, JSON.stringify(document));
    const run = await runBuilt(['show', edited]);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `tfe-access show: ${edited} is not a usable saved plan: its integrity digest does not match its content (the file was edited or damaged after it was written). Plan again with \`tfe-access plan --out ${edited}\`.\n`,
    );
    const apply = await runBuilt(['apply', '--plan', edited, '--auto-approve'], { env });
    expect(apply.err.replace('tfe-access apply: ', '')).toBe(run.err.replace('tfe-access show: ', ''));
  });

  it('refuses a desired-state file, no file and two files, in one line', async () => {
    expect((await runBuilt(['show', 'examples/acme/00-organization.yaml'])).err).toMatch(
      /^tfe-access show: .*00-organization\.yaml is not a saved plan of tfe-access: it is not JSON: /,
    );
    const none = await runBuilt(['show']);
    expect(none).toEqual({
      code: 1,
      out: '',
      err: 'tfe-access show: show takes one saved plan: tfe-access show PLANFILE (written by `tfe-access plan --out PLANFILE`).\n',
    });
    expect((await runBuilt(['show', saved, saved])).err).toBe(none.err);
  });
});
