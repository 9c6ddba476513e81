// Every contract command, loaded lazily so `--help` and `validate` never import the HTTP stack.
import type { IO } from './io.js';

export interface Command {
  /** One line under the command name in `--help`. */
  readonly summary: string;
  /** The full `tfe-access CMD --help` text. */
  readonly help: string;
  run(argv: readonly string[], io: IO): Promise<number>;
}

export interface CommandEntry {
  readonly summary: string;
  /** The issue that builds it, while it is not built. */
  readonly pending?: string;
  readonly load: () => Promise<Command>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  validate: {
    summary: 'Check desired-state files offline: YAML, schema and semantic rules.',
    load: async () => (await import('./commands/validate.js')).default,
  },
  plan: {
    summary: 'Read live access and print the changes the files ask for.',
    load: async () => (await import('./commands/plan.js')).default,
  },
  apply: {
    summary: 'Plan (or load a saved plan) and make the changes.',
    load: async () => (await import('./commands/apply.js')).default,
  },
  drift: {
    summary: 'Report drift between the files and live access (for schedules).',
    load: async () => (await import('./commands/drift.js')).default,
  },
  export: {
    summary: 'Write desired-state YAML for the live access of projects and workspaces.',
    load: async () => (await import('./commands/export.js')).default,
  },
  emulator: {
    summary: 'Run the local emulator of the team-access API until stopped.',
    load: async () => (await import('./commands/emulator.js')).default,
  },
  demo: {
    summary: 'Run validate, plan, apply and drift of examples/ against an embedded emulator.',
    load: async () => (await import('./commands/demo.js')).default,
  },
};
