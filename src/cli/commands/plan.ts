// tfe-access plan: read live access and print the changes the files ask for.
import { resolve } from 'node:path';
import { addressFrom } from '../../api/address.js';
import { DEFAULT_PATH } from '../../core/defaults.js';
import { EXIT } from '../../errors.js';
import { assertOutput, type OutputRequest } from '../../pipeline/disk/output-guard.js';
import { writeSavedPlan } from '../../pipeline/disk/saved-plan-file.js';
import { savedPlanOf } from '../../saved-plan/saved-plan.js';
import { PlanKey } from '../../saved-plan/seal.js';
import { boolFlag, outFlags, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, TARGET_HELP } from '../common-flags.js';
import { hasChanges, PLAN_OPTIONS, runPlan, violationCount } from '../plan-run.js';
import { PLAN_VIEW_HELP } from '../plan-view.js';

const help = `Usage: tfe-access plan [PATHS...] [options]

Reads the live team access of every project and workspace the files manage and prints the
changes that apply would make. PATHS are files or directories (default ./${DEFAULT_PATH}).
The plan goes to stdout, progress to stderr (on a terminal only).

Options:
  --format F           text (default), json (plan format 1) or markdown (pull-request comment)
  --detailed-exitcode  exit 0 when there are no changes, 2 when there are
  --out FILE           also save the plan, with what it was based on, for \`apply --plan FILE\`
                       (written atomically, mode 0600, never a token); never over an input file
                       or an existing file that is not a saved plan. With TFE_ACCESS_PLAN_KEY
                       set, the file carries an HMAC that apply --plan verifies
  --force              let --out replace an existing file that is not a saved plan (never an
                       input file)
${PLAN_VIEW_HELP}
${TARGET_HELP}
  --changed-from REF   read only what the change from REF touches: REF a git revision (the
                       same PATHS read there with git) or a directory of base files; drift
                       elsewhere is not read (docs/plan.md, "Scoped plans"). Not with
                       --target; with --out, the scoped plan is saved with its scope
${CONNECTION_HELP}
  -h, --help           this help

Exit codes: 0 done (with --detailed-exitcode: no changes), 2 changes (with --detailed-exitcode),
3 the access once applied breaks a policy of the files (apply will refuse it), 1 error (invalid
files, unknown names, a target the token can't read, a rejected token).
`;

const command: Command = {
  help,
  options: {
    ...PLAN_OPTIONS,
    'changed-from': { type: 'string' },
    'detailed-exitcode': { type: 'boolean' },
    out: { type: 'string' },
    force: { type: 'boolean' },
  },
  positionals: true,
  async run(parsed, io) {
    const { out, force } = outFlags(parsed, 'plan writes no file');
    const request = (file: string): OutputRequest => ({
      out: file,
      what: 'the plan',
      kind: 'saved-plan',
      desired: parsed.positionals.length > 0 ? parsed.positionals : [DEFAULT_PATH],
      cwd: io.cwd,
      force,
      instead: 'Choose another file, e.g. --out tfe-access.plan.json.',
    });
    // Before any request: a refused --out costs nothing.
    if (out !== undefined) await assertOutput(request(out));
    const key = out === undefined ? undefined : PlanKey.from(io.env);
    const { plan, ends, desired, live } = await runPlan(parsed, io);
    if (out !== undefined) {
      await assertOutput(request(out));
      const address = addressFrom({ address: stringFlag(parsed, 'address') }, io.env).baseUrl;
      await writeSavedPlan(resolve(io.cwd, out), savedPlanOf(plan, desired, live, address, ends), key);
      const sealed = key ? ', with its HMAC (TFE_ACCESS_PLAN_KEY)' : '';
      io.stderr.write(`Saved the plan to ${out}${sealed}: apply it with \`tfe-access apply --plan ${out}\`.\n`);
    }
    const violations = violationCount(plan);
    if (violations > 0) {
      io.stderr.write(
        `plan: the access once applied breaks ${violations === 1 ? 'a policy' : `policies (${violations} violations)`} of the files; apply will refuse this plan.\n`,
      );
      return EXIT.refused;
    }
    return boolFlag(parsed, 'detailed-exitcode') && hasChanges(plan) ? EXIT.changes : EXIT.ok;
  },
};
export default command;
