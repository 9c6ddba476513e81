// tfe-access recommend: the smallest access each grant needed in a window, from the organization's
// runs (docs/recommend.md). Reads only; prints the proposals with their evidence.

import { resolve } from 'node:path';
import type { Recommendation } from '../../core/recommendation.js';
import { CLIError, EXIT } from '../../errors.js';
import { writeAtomic } from '../../export/write.js';
import { assertKeptFile, assertOutput, type OutputRequest } from '../../pipeline/disk/output-guard.js';
import { planFromFiles } from '../../pipeline/use-cases/plan.js';
import { MAX_WINDOW_DAYS, recommendAccess, writeRecommendation } from '../../pipeline/use-cases/recommend.js';
import { RECOMMEND_FORMATS, renderRecommendation } from '../../render/recommend.js';
import { renderPlan } from '../../render/render.js';
import { boolFlag, outFlags, type Parsed, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, CONNECTION_OPTIONS, type ConnectionFlags, connectionFlags, formatFlag } from '../common-flags.js';
import type { IO } from '../io.js';
import { withLiveRead } from '../live-read.js';
import { planViewOf } from '../plan-view.js';
import { progress } from '../progress.js';

const ORGANIZATION_VARIABLE = 'TFE_ORGANIZATION';
const DEFAULT_WINDOW = '90d';
const WINDOW = /^([1-9][0-9]{0,2})d$/;

const help = `Usage: tfe-access recommend [PATHS...] [options]

Proposes, for every grant the files list (without PATHS: every grant the token sees), the smallest
access that covers what the team's members and the team's own token did on its target in the
window, read from the organization's runs index: keep, lower (to a fixed level, or with --custom
the exact custom vector) or remove. Every proposal carries its evidence: the actions counted by
kind, the last use, the people and tokens behind them, and what could not be read. Never for the
owners team or ignore-teams; never below a policy's min-access; reads of state and variables,
which runs do not show, are never lowered (docs/recommend.md, "The rule"). Reads only.

Options:
  --organization ORG   the organization (else ${ORGANIZATION_VARIABLE}); with PATHS it must match
  --window 90d         the window, in days: 1d to ${MAX_WINDOW_DAYS}d (default ${DEFAULT_WINDOW}); the runs index
                       reaches back 12 months and allows 30 requests a minute
  --custom             lower to the exact custom vector the actions need, not a fixed level
  --format F           text (default), json (schemas/recommend.schema.json), markdown (a pull
                       request's body) or csv
  --usage-log FILE     keep the runs read in FILE (JSON Lines; made when missing): the next run
                       reads only the runs made since, and the file is replaced by the merge;
                       a log written by a token that saw fewer workspaces is read again whole
  --write              edit the files (PATHS) so they grant what is proposed, every other byte
                       kept (as drift --adopt edits them), then print the plan those edits make;
                       with --format json or csv, the recommendation goes to --out
  --out FILE           write to this file (atomically) instead of stdout; never over an input
                       file, nor over an existing file that is not a recommendation (its JSON or
                       CSV) without --force
  --force              let --out replace an existing file that is not a recommendation
${CONNECTION_HELP}
  -h, --help           this help

Exit codes: 0 done, 1 error (a window that is not a duration, the runs index refused, no
organization, invalid files, a rejected token, ...).
`;

/** `--window 90d`: days, else one line. */
function windowDays(parsed: Parsed): number {
  const given = stringFlag(parsed, 'window') ?? DEFAULT_WINDOW;
  const match = WINDOW.exec(given);
  const days = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!(days >= 1 && days <= MAX_WINDOW_DAYS))
    throw new CLIError(`--window must be a number of days from 1d to ${MAX_WINDOW_DAYS}d (the runs index reaches back 12 months), got "${given}".`);
  return days;
}

function usageLogFlag(parsed: Parsed): { usageLog?: string } {
  const path = stringFlag(parsed, 'usage-log');
  return path === undefined ? {} : { usageLog: path };
}

function outputRequest(parsed: Parsed, io: IO, out: string, force: boolean): OutputRequest {
  return {
    out,
    what: 'the recommendation',
    kind: 'recommend',
    desired: parsed.positionals,
    cwd: io.cwd,
    force,
    instead: 'Choose another file, e.g. --out recommend.json.',
  };
}

/**
 * The runs index's progress: pages and runs so far, and an estimate of what is left from how far
 * back the read has reached (the index gives no totals: docs/api.md, "Runs index"), at its limit of
 * 30 pages a minute once the first 30 are spent.
 */
export function runsProgressLine(pages: number, runs: number, reached: string | undefined, since: number, now: number): string {
  const head = `Reading the runs index: ${pages} ${pages === 1 ? 'page' : 'pages'}, ${runs} runs`;
  const covered = reached === undefined ? 0 : (now - Date.parse(reached)) / Math.max(1, now - since);
  if (!(covered > 0 && covered < 1)) return head;
  const left = Math.ceil(pages / covered) - pages;
  const minutes = Math.max(0, left - Math.max(0, 30 - pages)) / 30;
  return `${head}; about ${left} more (estimated from the dates read), ${minutes < 1 ? 'under a minute' : `about ${Math.ceil(minutes)} min`} at 30 a minute`;
}

function runsProgress(io: IO): (pages: number, runs: number, reached: string | undefined, since: number) => void {
  const bar = progress(io, 'Reading the runs index');
  return (pages, runs, reached, since) => bar.update(pages, pages, runsProgressLine(pages, runs, reached, since, Date.now()));
}

/** `--write`: the files edited, one line on stderr saying what, then the plan of the edited files. */
async function writeAndPlan(parsed: Parsed, io: IO, connection: ConnectionFlags, recommendation: Recommendation, format: 'text' | 'markdown'): Promise<void> {
  const written = await writeRecommendation(parsed.positionals, io.cwd, recommendation);
  const files = [...new Set(written.edits.map((e) => e.path))];
  io.stderr.write(`recommend: edited ${files.length === 0 ? 'no file' : files.join(', ')}.\n`);
  for (const detail of written.notWritten) io.stderr.write(`recommend: not written: ${detail}\n`);
  const plan = await withLiveRead(io, connection, 'no plan was printed', (pieces) =>
    planFromFiles({ paths: parsed.positionals, cwd: io.cwd, ...pieces, read: { ...pieces.read, effectiveChanges: true } }),
  );
  io.stdout.write(renderPlan(plan.plan, format, { ...planViewOf(parsed, false), now: Date.now() }));
}

const command: Command = {
  help,
  options: {
    ...CONNECTION_OPTIONS,
    organization: { type: 'string' },
    window: { type: 'string' },
    custom: { type: 'boolean' },
    'usage-log': { type: 'string' },
    write: { type: 'boolean' },
    format: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
  },
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, RECOMMEND_FORMATS, 'text');
    const days = windowDays(parsed);
    const connection = connectionFlags(parsed, io);
    const { out, force } = outFlags(parsed, 'recommend writes no file it could replace');
    const organization = stringFlag(parsed, 'organization') ?? (parsed.positionals.length === 0 ? io.env[ORGANIZATION_VARIABLE] || undefined : undefined);
    const write = boolFlag(parsed, 'write');
    if (write && parsed.positionals.length === 0) throw new CLIError('--write edits the desired-state files: name them (PATHS).');
    if (write && (format === 'json' || format === 'csv') && out === undefined)
      throw new CLIError(
        `--write prints the plan of the edited files after the recommendation: with --format ${format}, give --out FILE for the recommendation.`,
      );
    const usageLog = usageLogFlag(parsed);
    if (usageLog.usageLog !== undefined) await assertKeptFile({ flag: '--usage-log', path: usageLog.usageLog, desired: parsed.positionals, out, cwd: io.cwd });
    if (out !== undefined) await assertOutput(outputRequest(parsed, io, out, force));
    const request = {
      paths: parsed.positionals,
      cwd: io.cwd,
      organization,
      windowDays: days,
      custom: boolFlag(parsed, 'custom'),
      onRunsPage: runsProgress(io),
      ...usageLog,
    };
    const recommendation = await withLiveRead(io, connection, 'no recommendation was written', (pieces) => recommendAccess({ ...request, ...pieces }));
    const text = renderRecommendation(recommendation, format, {});
    if (out === undefined) io.stdout.write(text);
    else {
      await assertOutput(outputRequest(parsed, io, out, force));
      await writeAtomic(resolve(io.cwd, out), text);
    }
    if (write) await writeAndPlan(parsed, io, connection, recommendation, format === 'markdown' ? 'markdown' : 'text');
    return EXIT.ok;
  },
};

export default command;
