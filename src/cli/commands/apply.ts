// tfe-access apply: plan (or load a saved plan), check the guards, confirm, and make the changes.
import { resolve } from 'node:path';
import type { ApplyResult } from '../../core/apply-outcome.js';
import { DEFAULT_MAX_REMOVALS, DEFAULT_PATH } from '../../core/defaults.js';
import { CLIError, EXIT } from '../../errors.js';
import { type ApplyHooks, applyUseCase } from '../../pipeline/use-cases/apply.js';
import { applySummary, cancelledLine, memberOutcomeLine, outcomeLine, progressLine, teamOutcomeLine } from '../../render/apply/apply-text.js';
import { renderApplyResult } from '../../render/apply.js';
import { PLAN_FORMATS, type PlanFormat, renderPlan } from '../../render/render.js';
import { boolFlag, type Options, type Parsed, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connectionFlags, formatFlag, TARGET_HELP, TARGET_OPTIONS } from '../common-flags.js';
import { INTERRUPT_EXIT, InterruptedError } from '../interrupt.js';
import type { IO } from '../io.js';
import { planRequestOf } from '../plan-run.js';
import { PLAN_VIEW_HELP, PLAN_VIEW_OPTIONS, planViewOf } from '../plan-view.js';
import { progress } from '../progress.js';

const help = `Usage: tfe-access apply [PATHS...] [options]
       tfe-access apply --plan FILE [options]

Plans afresh from PATHS (default ./${DEFAULT_PATH}), or loads a plan saved by \`plan --out FILE\`,
checks the safety guards, asks for confirmation, then makes the changes: adds and updates first,
removes last, --concurrency at a time. A saved plan is refused when the team access of any target
it was based on changed since (a stale plan is never re-planned silently).

Options:
  --plan FILE          apply exactly this saved plan (after checking it is not stale, and its
                       policies again on live access); PATHS, if given, must still be the files
                       it was planned from. With TFE_ACCESS_PLAN_KEY set, its HMAC must verify
  --checksum SUM       refuse unless the plan's checksum is SUM (the plan reviewed in the PR);
                       a refused plan is shown, so what moved since the review is seen
  --auto-approve       do not ask; required without a terminal when there are changes
  --force              allow more removals than settings.max-removals, and more team deletions
                       than settings.max-team-deletions (lifts no other guard)
  --format F           text (default), json or markdown, for the plan shown before applying
                       and the outcomes after
${PLAN_VIEW_HELP}
${TARGET_HELP}
  --changed-from REF   plan afresh only what the change from REF touches, as plan does, and
                       write only there (docs/plan.md, "Scoped plans"). Not with --target or --plan
${CONNECTION_HELP}
  -h, --help           this help

Guards (exit 3, nothing changed): more removals than settings.max-removals (default ${DEFAULT_MAX_REMOVALS}) without
--force; more team deletions than settings.max-team-deletions (default 0) without --force; a removal from a target whose access could not be read completely; any removal of the
owners team; a plan whose access once applied breaks a policy of the files (--force does not lift
it). See docs/apply.md, "Apply"; docs/effective-access.md, "Policies".
Signals: the first SIGINT (Ctrl-C) or SIGTERM starts no other change, waits up to 5 s for those in
flight, prints the report (applied, failed, not started) and exits 130 or 143; a second one ends at
once. Ctrl-C at the question cancels (exit 130). A server that stops answering ends the run the same
way (exit 1), naming its address.
A write the service refuses for the token's rights (404 or 403) ends it the same way (exit 1), with
one line naming the token (GET /api/v2/account/details) and what it lacks.

Exit codes: 0 converged or no changes, 1 error, partial failure or stop (run apply again when
the last line says another run can fix it: it converges; a failure for good is named, with what
to fix), 3 refused by a safety guard or a policy, 130 SIGINT, 143 SIGTERM, 141 stdout closed.
`;

const OPTIONS: Options = {
  ...CONNECTION_OPTIONS,
  ...TARGET_OPTIONS,
  ...PLAN_VIEW_OPTIONS,
  format: { type: 'string' },
  plan: { type: 'string' },
  'changed-from': { type: 'string' },
  checksum: { type: 'string' },
  'auto-approve': { type: 'boolean' },
  force: { type: 'boolean' },
};

const CONFIRM_WORD = 'yes';

function savedPlanPath(parsed: Parsed, io: IO): string | undefined {
  const file = stringFlag(parsed, 'plan');
  return file === undefined ? undefined : resolve(io.cwd, file);
}

/** readline's answer to Ctrl-C on the terminal while it asks: the question is rejected. */
const isPromptAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

/**
 * The question on the terminal (io.prompt), or none with --auto-approve. Asked only when there are
 * changes: a plan with none ends with exit 0 whether or not there is a terminal to ask on.
 */
function hooksFor(io: IO, ask: IO['prompt'] | 'approved', show: ApplyHooks['show'], lines: OutcomeLines): ApplyHooks {
  const applying = progress(io, 'applying', { keep: true });
  return {
    show,
    onOutcome: (outcome) => {
      if (!lines.stream || lines.closed) return;
      applying.done(); // the progress line (stderr, a terminal) is drawn again after this one
      io.stdout.write(`${lines.written === 0 ? '\n' : ''}${outcomeLine(outcome)}\n`);
      lines.written += 1;
    },
    onTeamOutcome: (outcome) => {
      if (!lines.stream || lines.closed) return;
      applying.done();
      io.stdout.write(`${lines.written === 0 ? '\n' : ''}${teamOutcomeLine(outcome)}\n`);
      lines.written += 1;
    },
    onMemberOutcome: (outcome) => {
      if (!lines.stream || lines.closed) return;
      applying.done();
      io.stdout.write(`${lines.written === 0 ? '\n' : ''}${memberOutcomeLine(outcome)}\n`);
      lines.written += 1;
    },
    confirm: async (plan, signal) => {
      if (ask === 'approved') return true;
      if (!ask)
        throw new CLIError('refusing to apply without confirmation: there is no terminal to ask on. Review the plan, then run apply with --auto-approve.');
      const count = plan.changes.length;
      let answer: string;
      try {
        answer = await ask(`\nApply ${count} change${count === 1 ? '' : 's'} to ${plan.organization}? Only '${CONFIRM_WORD}' is accepted: `, signal);
      } catch (error: unknown) {
        if (signal.aborted) throw signal.reason;
        if (isPromptAbort(error)) throw new InterruptedError('SIGINT');
        throw error;
      }
      return answer.trim() === CONFIRM_WORD;
    },
    onProgress: (p) => applying.update(p.done, p.total, progressLine(p)),
  };
}

/**
 * The text report's lines, each written to stdout as its change ends (docs/apply.md, "Apply"): a pipe
 * tells its writer that the reader left only at a write, so a closed stdout (`apply | head -1`) is
 * seen at the next change's end and stops the run there. JSON and Markdown are one document each,
 * written at the end.
 */
interface OutcomeLines {
  /** --format text: the lines are written as the changes end. */
  readonly stream: boolean;
  /** The reader left: stdout takes nothing more. */
  closed: boolean;
  written: number;
}

/** The outcome on stdout (one JSON document with --format json), and the exit code. */
function printResult(result: ApplyResult, format: PlanFormat, io: IO, lines: OutcomeLines): number {
  const stopped = result.kind === 'applied' ? result.report.stopped : result.kind === 'cancelled' ? result.stopped : undefined;
  // A reader that left (EPIPE) can't read the record of what was done: stderr gets it instead.
  const closed = lines.closed || stopped?.exitCode === INTERRUPT_EXIT.EPIPE;
  const out = closed ? io.stderr : io.stdout;
  // Every line is on stdout already: the summary closes them.
  const streamed =
    result.kind === 'applied' &&
    !closed &&
    lines.stream &&
    lines.written === result.report.outcomes.length + (result.report.teamOutcomes?.length ?? 0) + (result.report.memberOutcomes?.length ?? 0);
  const text = streamed ? `\n${applySummary(result.report, result.plan.organization)}\n` : renderApplyResult(result, format, {});
  if (text !== '') out.write(text);
  switch (result.kind) {
    case 'no-changes':
      return EXIT.ok;
    case 'cancelled':
      io.stderr.write(cancelledLine(stopped));
      return stopped?.exitCode ?? EXIT.error;
    case 'applied': {
      const { report } = result;
      if (format === 'json') io.stderr.write(`${applySummary(report, result.plan.organization)}\n`);
      // The reason on its own line too: a dead server's address, the signal, the --timeout.
      if (stopped) io.stderr.write(`tfe-access apply: ${stopped.reason}\n`);
      return stopped?.exitCode ?? (report.converged ? EXIT.ok : EXIT.error);
    }
  }
}

const command: Command = {
  help,
  options: OPTIONS,
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, PLAN_FORMATS, 'text');
    const flags = connectionFlags(parsed, io);
    const view = planViewOf(parsed, flags.color);
    const ask = boolFlag(parsed, 'auto-approve') ? 'approved' : io.prompt;
    const reading = progress(io, 'Reading live access');
    const request = planRequestOf(parsed, io, flags, (done, total) => reading.update(done, total));
    const show: ApplyHooks['show'] = (plan) => {
      reading.done();
      if (format !== 'json') io.stdout.write(renderPlan(plan, format, { ...view, now: request.run.now }));
    };
    // The first SIGINT, SIGTERM or closed stdout stops the run gracefully; a second signal ends it at once.
    const lines: OutcomeLines = { stream: format === 'text', closed: false, written: 0 };
    const interrupts = new AbortController();
    const unlisten = io.onInterrupt?.((interruption) => {
      if (interruption.source === 'EPIPE') lines.closed = true;
      interrupts.abort(interruption);
    });
    try {
      const result = await applyUseCase(
        {
          ...request,
          savedPlan: savedPlanPath(parsed, io),
          checksum: stringFlag(parsed, 'checksum'),
          force: boolFlag(parsed, 'force'),
          run: { ...request.run, signal: interrupts.signal },
        },
        hooksFor(io, ask, show, lines),
      );
      return printResult(result, format, io, lines);
    } finally {
      unlisten?.();
    }
  },
};
export default command;
