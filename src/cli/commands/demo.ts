// tfe-access demo: validate, plan, apply and drift of examples/acme against an embedded emulator.
import type { Command } from '../command.js';
import { runDemo } from '../demo/run.js';

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
  help,
  options: {},
  // The steps run through the same main() a user's commands do; main hands itself in.
  run: (_parsed, io, main) => runDemo(io, { main }),
};
export default command;
