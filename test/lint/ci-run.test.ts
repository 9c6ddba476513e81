// CI runs `.ci/run`, a developer runs `npm test` (docs/development.md says they are the same): every
// step of the `test` script must be a step of `.ci/run`, and each `npm run` step's failure must count in
// its closing line and its exit status, or CI passes a tree `npm test` fails.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CI_RUN = readFileSync(resolve(ROOT, '.ci/run'), 'utf8');
const TEST_SCRIPT: string = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).scripts.test;

/** The steps of the `test` script: `npm run typecheck && ... && vitest run` -> ['npm run typecheck', ..., 'vitest run']. */
const steps = TEST_SCRIPT.split('&&').map((s) => s.trim());

/** The variable `.ci/run` keeps a step's exit status in: `npm run lint; lint=$?` -> `lint`. */
function statusVariable(step: string): string | undefined {
  const escaped = step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}; (\\w+)=\\$\\?$`, 'm').exec(CI_RUN)?.[1];
}

describe('.ci/run runs what npm test runs', () => {
  it('the test script has the steps this test knows (typecheck, lint, format check, vitest)', () => {
    expect(steps).toEqual(['npm run typecheck', 'npm run lint', 'npm run format:check', 'vitest run']);
  });

  it('finding 9: every step of npm test is in .ci/run, the format check included', () => {
    const missing = steps.filter((step) => !CI_RUN.includes(step));
    expect(missing).toEqual([]);
  });

  it('finding 9: each npm run step of npm test counts as one failure in the closing line and fails the run', () => {
    const counted = /^for rc in (.*); do$/m.exec(CI_RUN)?.[1]?.split(/\s+/) ?? [];
    const lastLine = CI_RUN.trimEnd().split('\n').at(-1) ?? '';
    for (const step of steps.filter((s) => s.startsWith('npm run '))) {
      const variable = statusVariable(step);
      expect(variable, `${step} keeps its status in a variable`).toBeDefined();
      expect(counted, `${step} counts in the closing line`).toContain(`$${variable}`);
      expect(lastLine, `${step} fails the run`).toContain(`[ "$${variable}" -eq 0 ]`);
    }
  });
});
