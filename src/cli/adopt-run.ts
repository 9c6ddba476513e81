// `drift --adopt` (docs/drift.md, "Adopt"): the drift of the whole files, the edits that adopt it
// written to the files, and both printed, the drift first, then each file's diff and the items not
// adopted. The same flags and reading as drift's (plan-run.ts); the use case is pipeline/adopt.ts.
import { EXIT } from '../errors.js';
import { adoptFromFiles } from '../pipeline/adopt.js';
import { PLAN_FORMATS, renderPlan } from '../render/render.js';
import type { Parsed } from './args.js';
import { connectionFlags, formatFlag } from './common-flags.js';
import type { IO } from './io.js';
import { hasChanges, planRequestOf } from './plan-run.js';
import { planViewOf } from './plan-view.js';
import { progress } from './progress.js';
import { stoppableRead } from './reading-stop.js';

/** Adopts, prints, and returns the exit code: 2 when anything drifted (adopted or not), 0 when nothing did. */
export async function runAdopt(parsed: Parsed, io: IO): Promise<number> {
  const format = formatFlag(parsed, PLAN_FORMATS, 'text');
  const flags = connectionFlags(parsed, io);
  const view = planViewOf(parsed, flags.color, 'drift');
  const bar = progress(io, 'Reading live access');
  const { result, now } = await stoppableRead(
    io,
    'no file was changed',
    (done, total) => bar.update(done, total),
    async ({ signal, onProgress }) => {
      try {
        const request = planRequestOf(parsed, io, flags, onProgress);
        const read = { ...request.read, effectiveChanges: true, policyState: 'live' } as const;
        return { result: await adoptFromFiles({ ...request, run: { ...request.run, signal }, read }), now: request.run.now };
      } finally {
        bar.done();
      }
    },
  );
  io.stdout.write(renderPlan(result.plan, format, { ...view, now, adoption: result.adoption }));
  const { adoption } = result;
  if (adoption.edits.length > 0)
    io.stderr.write(`drift: adopted ${adoption.adopted} of the drift into ${adoption.edits.map((e) => e.path).join(', ')}; review the diff, then commit it.\n`);
  if (adoption.notAdopted.length > 0) io.stderr.write(`drift: ${adoption.notAdopted.length} not adopted (the reasons above).\n`);
  return hasChanges(result.plan) ? EXIT.changes : EXIT.ok;
}
