// tfe-access demo: validate, plan, apply and drift of examples/acme against an embedded emulator.
import { runDemo } from '../../demo/run.js';
import { EXIT } from '../../errors.js';
import { parse } from '../args.js';
import type { Command } from '../registry.js';

const help = `Usage: tfe-access demo

Starts an embedded emulator of the HCP Terraform API on 127.0.0.1 (a free port) with a demo
organization that has drifted from examples/acme, then runs validate, plan, apply and drift
against it, and an export, explaining each step. Needs no token, no network and no flags; it never reads your
TFE_TOKEN, TFE_ADDRESS or credentials files, and stops the emulator when it ends.

Options:
  -h, --help   this help

Exit codes: 0 the demo ran through, 1 a step did not do what it should (a bug: please report it).
`;

const command: Command = {
  summary: 'Run validate, plan, apply and drift of examples/ against an embedded emulator.',
  help,
  async run(argv, io) {
    const parsed = parse('demo', argv, {});
    if (parsed.values.help === true) {
      io.stdout.write(help);
      return EXIT.ok;
    }
    // Loaded here, not at the top: main.ts loads this command lazily, so the static import would be a cycle.
    const { main } = await import('../main.js');
    return runDemo(io, { main });
  },
};
export default command;
