// tfe-access drift: the plan, for a schedule. Exit 2 when live access differs from the files.
import { EXIT } from '../../errors.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, TARGET_HELP } from '../common-flags.js';
import { PLAN_OPTIONS, hasChanges, runPlan } from '../plan-run.js';
import { PLAN_VIEW_HELP } from '../plan-view.js';

const help = `Usage: tfe-access drift [PATHS...] [options]

Checks that live team access matches the files, for a scheduled job: prints what differs (the
changes apply would make) and exits 2 when anything does. Reads only; never changes anything.

Options:
  --format F           text (default), json or markdown (titled and marked as drift)
${PLAN_VIEW_HELP}
${TARGET_HELP}
${CONNECTION_HELP}
  -h, --help           this help

Exit codes: 0 no drift, 2 drift, 1 error.
`;

const command: Command = {
  help,
  options: PLAN_OPTIONS,
  positionals: true,
  async run(parsed, io) {
    const { plan } = await runPlan(parsed, io, 'drift');
    if (!hasChanges(plan)) return EXIT.ok;
    const { add, update, remove } = plan.summary;
    io.stderr.write(`drift: live access differs from the files (${add} missing, ${update} different, ${remove} not in the files).\n`);
    return EXIT.changes;
  },
};
export default command;
