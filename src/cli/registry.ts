// Every command with its one-line summary. A command's module is imported only to run it (or print
// its help), so `tfe-access --help` loads none and `validate` never imports the HTTP stack.
import type { Command } from './command.js';

export interface CommandEntry {
  /** The line under the command name in `tfe-access --help`. */
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

const lazy = (summary: string, module: () => Promise<{ default: Command }>): CommandEntry => ({
  summary,
  load: async () => (await module()).default,
});

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  validate: lazy('Check desired-state files offline: YAML, schema and semantic rules.', () => import('./commands/validate.js')),
  plan: lazy('Read live access and print the changes the files ask for.', () => import('./commands/plan.js')),
  apply: lazy('Plan (or load a saved plan) and make the changes.', () => import('./commands/apply.js')),
  show: lazy('Print a saved plan (plan --out) in any format, offline, as apply --plan will apply it.', () => import('./commands/show.js')),
  drift: lazy('Report drift between the files and live access (for schedules).', () => import('./commands/drift.js')),
  report: lazy('Print the effective access of the organization (now, or once the files are applied).', () => import('./commands/report.js')),
  recommend: lazy('Propose the smallest access each grant needed, from the runs of a window, with the evidence.', () => import('./commands/recommend.js')),
  review: lazy('Start an access review (a sheet per owner) or close it: revokes as file edits, an evidence bundle.', () => import('./commands/review.js')),
  export: lazy('Write desired-state YAML for the live access of projects and workspaces.', () => import('./commands/export.js')),
  emulator: lazy('Run the local emulator of the team-access API until stopped.', () => import('./commands/emulator.js')),
  demo: lazy('Run validate, plan, apply and drift of examples/ against an embedded emulator.', () => import('./commands/demo.js')),
};
