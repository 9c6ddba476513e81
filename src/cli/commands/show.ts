// tfe-access show PLANFILE: a saved plan in any format, offline, as `terraform show` prints one: CI
// posts exactly the plan that `apply --plan PLANFILE` will apply (docs/apply.md, "Saved plans").
import { resolve } from 'node:path';
import { CLIError, EXIT } from '../../errors.js';
import { PLAN_FORMATS, renderPlan } from '../../render/render.js';
import { readSavedPlan } from '../../saved-plan/file.js';
import { type HmacState, PLAN_KEY_ENV, PlanKey } from '../../saved-plan/seal.js';
import { boolFlag } from '../args.js';
import { clockOf } from '../clock.js';
import type { Command } from '../command.js';
import { formatFlag } from '../common-flags.js';
import { colorOn } from '../terminal.js';

const help = `Usage: tfe-access show PLANFILE [--format text|json|markdown]

Prints a plan saved by \`tfe-access plan --out PLANFILE\`, in any format, without touching the
network (as \`terraform show\` does): CI can post exactly the plan \`apply --plan PLANFILE\` will
apply. The file is checked as apply --plan checks it first (its format version, its seal, its
checksum; with TFE_ACCESS_PLAN_KEY set, its HMAC); whether live access moved since, and whether
the policies are still met, is for apply --plan to find out. One line on stderr says whether the
plan carries a keyed seal (an HMAC) and whether it was verified.

Options:
  --format F           text (default), json (plan format 1) or markdown (pull-request comment)
  --no-color           no colours (also NO_COLOR; FORCE_COLOR=1 forces them)
  -h, --help           this help

Exit codes: 0 shown, 1 error (no such file, not a saved plan, edited or damaged, another format
version, no HMAC or another one while TFE_ACCESS_PLAN_KEY is set).
`;

/** docs/apply.md, "Saved plans": whether the file carries the keyed seal, and whether it was checked. */
function sealLine(hmac: HmacState | undefined): string {
  switch (hmac) {
    case 'verified':
      return `show: the plan's HMAC was verified with ${PLAN_KEY_ENV}.\n`;
    case 'not-verified':
      return `show: the plan carries an HMAC that was not verified: ${PLAN_KEY_ENV} is not set.\n`;
    case undefined:
      return `show: the plan has no HMAC (${PLAN_KEY_ENV} was not set when it was saved): its public seal and checksum were checked.\n`;
  }
}

const command: Command = {
  help,
  options: { format: { type: 'string' }, 'no-color': { type: 'boolean' } },
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, PLAN_FORMATS, 'text');
    const [file, ...more] = parsed.positionals;
    if (file === undefined || more.length > 0)
      throw new CLIError('show takes one saved plan: tfe-access show PLANFILE (written by `tfe-access plan --out PLANFILE`).');
    const saved = await readSavedPlan(resolve(io.cwd, file), PlanKey.from(io.env));
    // "expires in N days" counts from when it is shown: what is left before apply must run.
    io.stdout.write(renderPlan(saved.plan, format, { color: colorOn(io, boolFlag(parsed, 'no-color')), now: clockOf(io) }));
    io.stderr.write(sealLine(saved.hmac));
    return EXIT.ok;
  },
};
export default command;
