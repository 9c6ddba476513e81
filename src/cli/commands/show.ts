// tfe-access show PLANFILE: a saved plan in any format, offline, as `terraform show` prints one: CI
// posts exactly the plan that `apply --plan PLANFILE` will apply (README, "Saved plans").
import { resolve } from 'node:path';
import { CLIError, EXIT } from '../../errors.js';
import { PLAN_FORMATS, renderPlan } from '../../render/render.js';
import { readSavedPlan } from '../../saved-plan/file.js';
import { boolFlag } from '../args.js';
import { clockOf } from '../clock.js';
import type { Command } from '../command.js';
import { formatFlag } from '../common-flags.js';
import { colorOn } from '../terminal.js';

const help = `Usage: tfe-access show PLANFILE [--format text|json|markdown]

Prints a plan saved by \`tfe-access plan --out PLANFILE\`, in any format, without touching the
network (as \`terraform show\` does): CI can post exactly the plan \`apply --plan PLANFILE\` will
apply. The file is checked as apply --plan checks it first (its format version, its seal, its
checksum); whether live access moved since is for apply --plan to find out.

Options:
  --format F           text (default), json (plan format 1) or markdown (pull-request comment)
  --no-color           no colours (also NO_COLOR; FORCE_COLOR=1 forces them)
  -h, --help           this help

Exit codes: 0 shown, 1 error (no such file, not a saved plan, edited or damaged, another format
version).
`;

const command: Command = {
  help,
  options: { format: { type: 'string' }, 'no-color': { type: 'boolean' } },
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, PLAN_FORMATS, 'text');
    const [file, ...more] = parsed.positionals;
    if (file === undefined || more.length > 0) throw new CLIError('show takes one saved plan: tfe-access show PLANFILE (written by `tfe-access plan --out PLANFILE`).');
    const saved = await readSavedPlan(resolve(io.cwd, file));
    // "expires in N days" counts from when it is shown: what is left before apply must run.
    io.stdout.write(renderPlan(saved.plan, format, { color: colorOn(io, boolFlag(parsed, 'no-color')), now: clockOf(io) }));
    return EXIT.ok;
  },
};
export default command;
