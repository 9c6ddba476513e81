// What apply shows of a plan (docs/effective-access.md, "What a plan does to access": "`apply` shows the changes
// alone"): never the effective-access section, whether it plans afresh or applies a plan saved by
// `plan --out`, which carries that section for `show` (issue 24, finding 8).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { FAST } from './scenario.js';
import { closeGuardedWorld, GUARDED_DESIRED, openGuardedWorld } from './support.js';

const DESIRED = `${GUARDED_DESIRED}      padmin: maintain
`;

let emulator: RunningEmulator;
let dir: string;
let file: string;
let env: Record<string, string>;

beforeEach(async () => {
  ({ emulator, dir, file, env } = await openGuardedWorld('tfe-access-apply-view-', DESIRED));
});
afterEach(() => closeGuardedWorld({ emulator, dir }));

const run = (args: string[]) => runCli([...args, '--rate-limit', String(FAST)], { env });

describe('apply shows the changes alone', () => {
  it('regression: apply --plan prints the effective-access section the README says apply omits', async () => {
    const planFile = join(dir, 'reviewed.plan.json');
    const planned = await run(['plan', file, '--out', planFile]);
    expect(planned.code, planned.err).toBe(0);
    // The plan has the section, and so does the saved plan as `show` prints it.
    expect(planned.out).toContain('Effective access:');
    expect((await runCli(['show', planFile], { env })).out).toContain('Effective access:');
    for (const format of ['text', 'markdown', 'json']) {
      // No terminal and no --auto-approve: the plan is shown, then apply refuses to go on.
      const applied = await run(['apply', '--plan', planFile, '--format', format]);
      expect(applied.err, format).toContain('there is no terminal to ask on');
      expect(applied.out, format).toContain(format === 'json' ? '' : 'dev');
      expect(applied.out, format).not.toMatch(/Effective access|effective_changes/);
      const fresh = await run(['apply', file, '--format', format]);
      expect(fresh.out, format).not.toMatch(/Effective access|effective_changes/);
    }
    const applied = await run(['apply', '--plan', planFile, '--auto-approve', '--format', 'json']);
    expect(applied.code, applied.err).toBe(0);
    const report = JSON.parse(applied.out) as { result: string; plan: Record<string, unknown> };
    expect(report.result).toBe('applied');
    expect(report.plan).not.toHaveProperty('effective_changes');
  });
});
