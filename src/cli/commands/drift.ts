// tfe-access drift: the plan, for a schedule. Exit 2 when live access differs from the files.
import type { Adoption } from '../../core/adoption.js';
import { EXIT } from '../../errors.js';
import { assertKeptFile } from '../../pipeline/disk/output-guard.js';
import { differsWords } from '../../render/drift/drift-words.js';
import { stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, TARGET_HELP } from '../common-flags.js';
import type { IO } from '../io.js';
import { hasChanges, PLAN_OPTIONS, runPlan, violationCount } from '../plan-run.js';
import { PLAN_VIEW_HELP } from '../plan-view.js';

const help = `Usage: tfe-access drift [PATHS...] [options]

Checks that live team access matches the files, for a scheduled job: prints what differs (the
changes apply would make) and the policies of the files live access breaks, and exits 2 when
anything differs or any policy is broken. Never changes the service (--adopt edits the files).

Options:
  --format F           text (default), json or markdown (titled and marked as drift)
${PLAN_VIEW_HELP}
  --audit-log FILE     keep the audit trail's events in FILE (JSON Lines), read them back on
                       the next run and read only the newer ones from the service
${TARGET_HELP}
  --adopt              edit the files so they describe live access for what drifted, and print
                       each file's diff and what could not be adopted, with why (with --target:
                       grants on those targets only); writes the files, never the service
${CONNECTION_HELP}
  -h, --help           this help

Exit codes: 0 no drift and no policy broken, 2 drift (with --adopt: adopted or not) or a policy
broken, 1 error.
`;

/** What drift --adopt wrote, and what it left, in a line each on stderr. */
function tellAdoption(adoption: Adoption, io: IO): void {
  if (adoption.edits.length > 0)
    io.stderr.write(`drift: adopted ${adoption.adopted} of the drift into ${adoption.edits.map((e) => e.path).join(', ')}; review the diff, then commit it.\n`);
  if (adoption.notAdopted.length > 0) io.stderr.write(`drift: ${adoption.notAdopted.length} not adopted (the reasons above).\n`);
}

const command: Command = {
  help,
  // docs/drift.md, "Adopt" and "Keep what the service forgets".
  options: { ...PLAN_OPTIONS, adopt: { type: 'boolean' }, 'audit-log': { type: 'string' } },
  positionals: true,
  async run(parsed, io) {
    const log = stringFlag(parsed, 'audit-log');
    // docs/files.md, "Outputs": the log is never an input of the run; before any request.
    if (log !== undefined) await assertKeptFile({ flag: '--audit-log', path: log, desired: parsed.positionals, cwd: io.cwd });
    // docs/drift.md, "Adopt": with --adopt, the files edited to describe live access (pipeline/use-cases/adopt.ts).
    const { plan, adoption } = await runPlan(parsed, io, 'drift', { adopt: parsed.values.adopt === true });
    if (adoption) tellAdoption(adoption, io);
    const violations = violationCount(plan);
    if (violations > 0) io.stderr.write(`drift: live access breaks ${violations === 1 ? 'a policy' : `policies (${violations} violations)`} of the files.\n`);
    if (!hasChanges(plan)) return violations > 0 ? EXIT.changes : EXIT.ok;
    // docs/drift.md, "Read the drift": every item counts, grants, teams (a team made by hand with prune-teams, a
    // setting changed) and members (a person added or removed by hand; a pending invitation is none).
    io.stderr.write(`drift: ${differsWords(plan)}.\n`);
    return EXIT.changes;
  },
};
export default command;
