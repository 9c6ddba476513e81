// tfe-access review: an access review (docs/evidence.md, "Access reviews"). `start` writes one sheet
// per owner of `review-owners:`; `close` checks the filled sheets, edits the files for each revoke
// (as drift --adopt does) and writes the evidence bundle.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { didYouMean } from '../../core/suggest.js';
import { CLIError, EXIT } from '../../errors.js';
import { manifestSha256 } from '../../pipeline/disk/evidence-bundle.js';
import { assertOutput } from '../../pipeline/disk/output-guard.js';
import { ROUND_FILE, roundBeside } from '../../pipeline/disk/review-round.js';
import { writeReviewBundle } from '../../pipeline/use-cases/review-bundle.js';
import { closeReview } from '../../pipeline/use-cases/review-close.js';
import { type StartedReview, startedNames, startReview, writeStarted } from '../../pipeline/use-cases/review-start.js';
import { reasonText } from '../../render/shared/coverage.js';
import { boolFlag, listFlag, type Parsed, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connectionFlags } from '../common-flags.js';
import type { IO } from '../io.js';
import { withLiveRead } from '../live-read.js';

const help = `Usage: tfe-access review start [PATHS...] --out DIR [--by team|person] [options]
       tfe-access review close SHEETS... --files PATH [--bundle DIR] [options]

An access review of the organization of the desired-state files (docs/evidence.md, "Access reviews").

start reads live access as report does and writes into DIR one CSV sheet per owner of the files'
review-owners (review-OWNER.csv), a row per team with access on a target the owner covers (and per
person and team: for the teams whose members the files list, or every team with --by person),
and a row per team and organization power it holds (the owners team: every power) on the sheet
of the owner with organization: true, each with empty decision, reviewer, rationale and
decided-at; rows no owner covers go to review-unowned.csv; review.json names the round and its
sheets. It reads the edges of indirect access too: a derived row (a team reaches a variable
set, the outputs of a workspace, an agent pool or a Stack through its access on a target) goes to
the sheet of that target's owner; its revoke is carried out by the revoke of the grant's row, else
said as a setting to change by hand (never edited).


close checks the filled sheets (every row decided keep or revoke, by a reviewer of its owner, at
an RFC 3339 time within the round, unchanged since start, of one round of the files'
organization; every sheet of the round given; live access unchanged since start and each on a
row; no revoke an organization power or the owners team would leave in place, nor of a power
the files' teams: do not carry (the owners team's, a team without organization-access); with an audit
token, no reviewer who provisioned the access), every problem in one run, then edits the files (--files) for each revoke as drift
--adopt does: commit the edit and let a pull request apply it.

Options:
  --out DIR            start: where the sheets go; never over a file that is not a review
                       sheet of tfe-access (a CSV with its header) without --force
  --force              start: let --out replace such files
  --by team|person     start: a row per person too, for every team (default: team, and people
                       of the teams whose members the files list)
  --no-indirect        start: read no edge of indirect access, write no derived row (review.json
                       records it, and close reads none either)
  --files PATH         close: the desired-state files and directories (repeatable)
  --bundle DIR         close: write the evidence bundle there: the sheets, review.json,
                       decisions.csv, decisions.json, plan.json (the plan of the edited
                       files), manifest.json; prints the manifest's SHA-256 on stderr, to
                       record elsewhere
${CONNECTION_HELP}
  -h, --help           this help

Exit codes: 0 done, 1 error or a row refused (each named as SHEET:ROW; nothing written).
`;

/** What start says it wrote: the owners' sheets and rows, and the rows no owner covers. */
function startedLine(started: StartedReview, out: string): string {
  const owned = started.sheets.filter((s) => s.owner !== undefined);
  const unowned = started.sheets.find((s) => s.owner === undefined)?.rows ?? 0;
  const rows = owned.reduce((n, s) => n + s.rows, 0);
  return `review: started ${started.review}: wrote ${owned.length} owner sheet${owned.length === 1 ? '' : 's'} (${rows} rows) and review-unowned.csv (${unowned} row${unowned === 1 ? '' : 's'} no owner covers) to ${out}.\n`;
}

async function start(parsed: Parsed, io: IO, paths: string[]): Promise<number> {
  const out = stringFlag(parsed, 'out');
  if (out === undefined) throw new CLIError('review start writes the sheets into a directory: give --out DIR.');
  const by = stringFlag(parsed, 'by') ?? 'team';
  if (by !== 'team' && by !== 'person') throw new CLIError(`--by must be team or person, got "${by}".`);
  const dir = resolve(io.cwd, out);
  if (existsSync(join(dir, ROUND_FILE))) throw new CLIError(`${out} holds a review already (review.json): choose another --out.`);
  const guard = (names: readonly string[]) =>
    assertOutput({
      out,
      what: 'the review',
      kind: 'review-start',
      names,
      desired: paths,
      cwd: io.cwd,
      force: boolFlag(parsed, 'force'),
      instead: 'Choose another --out, e.g. a new directory.',
    });
  // Before any request: a --out that is a file costs nothing.
  await guard([]);
  // Stopped by a signal while it reads: one line, and no round written (cli/live-read.ts).
  const started = await withLiveRead(io, connectionFlags(parsed, io), 'no review round was written', (pieces) =>
    startReview({ paths, cwd: io.cwd, ...pieces, byPerson: by === 'person', indirect: parsed.values['no-indirect'] !== true }),
  );
  // Every file checked before the first is written: a refusal leaves the directory as it was.
  await guard(startedNames(started));
  await writeStarted(dir, started);
  io.stderr.write(startedLine(started, out));
  if (!started.complete) {
    const why = started.incomplete.length > 0 ? started.incomplete.map(reasonText).join('; ') : 'the read is not known to be whole';
    io.stderr.write(`review: partial: ${why}. Some access may be missing from the sheets; review.json records why ("incomplete").\n`);
  }
  return EXIT.ok;
}

async function close(parsed: Parsed, io: IO, sheetPaths: string[]): Promise<number> {
  if (sheetPaths.length === 0) throw new CLIError('review close takes the filled sheets: review close SHEETS... --files PATH.');
  if (boolFlag(parsed, 'force')) throw new CLIError("--force is review start's: review close writes its bundle only to a new or empty --bundle DIR.");
  const paths = listFlag(parsed, 'files');
  if (paths.length === 0) throw new CLIError('review close edits the desired-state files for each revoke: give them with --files PATH.');
  const names = sheetPaths.map((p) => basename(p));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new CLIError(`two sheets are named ${twice}: close the sheets of one review, each once.`);
  const sheets = await Promise.all(
    sheetPaths.map(async (p) => {
      try {
        return { name: basename(p), text: await readFile(resolve(io.cwd, p), 'utf8') };
      } catch {
        throw new CLIError(`cannot read the sheet ${p}.`);
      }
    }),
  );
  const beside = await roundBeside(resolve(io.cwd, sheetPaths[0] as string));
  // Stopped by a signal before the files are edited: one line, nothing edited, no bundle (cli/live-read.ts).
  const closed = await withLiveRead(io, connectionFlags(parsed, io), 'no file was edited and no bundle was written', (pieces) =>
    closeReview({ sheets, ...(beside ? { round: beside.round } : {}), paths, cwd: io.cwd, ...pieces }),
  );
  if (closed.unchecked !== undefined)
    io.stderr.write(`review: notice: the reviewers were not checked against who provisioned each grant: ${closed.unchecked}.\n`);
  // docs/evidence.md, "Derived rows": a revoke a setting carries is no edit of the files; said, to change by hand.
  for (const { at, derived } of closed.decisions)
    if (derived?.kind === 'setting') io.stderr.write(`review: change by hand: ${at}: ${derived.change} (tfe-access edits no setting).\n`);
  const bundle = stringFlag(parsed, 'bundle');
  if (bundle !== undefined) {
    const dir = resolve(io.cwd, bundle);
    const scope = { paths, sheets: names };
    const manifest = await writeReviewBundle({ dir, sheets, closed, paths, cwd: io.cwd, env: io.env, scope, ...(beside ? { round: beside.text } : {}) });
    // On stderr, as report --evidence: the hash that authenticates the manifest, never lost with stdout.
    io.stderr.write(`review: wrote the evidence bundle to ${bundle}: ${manifest.files.length} files and manifest.json, SHA-256 ${manifestSha256(manifest)}\n`);
  }
  const edited = closed.edits.map((e) => e.path).join(', ');
  io.stderr.write(
    `review: closed ${closed.review}: ${closed.decisions.length} decisions, ${closed.revoked} revoke${closed.revoked === 1 ? '' : 's'}${edited ? ` written into ${edited}; review the diff, commit it and let a pull request apply it` : ''}${bundle === undefined ? '' : `; the bundle is in ${bundle}`}.\n`,
  );
  return EXIT.ok;
}

const command: Command = {
  help,
  options: {
    ...CONNECTION_OPTIONS,
    out: { type: 'string' },
    force: { type: 'boolean' },
    by: { type: 'string' },
    files: { type: 'string', multiple: true },
    bundle: { type: 'string' },
    'no-indirect': { type: 'boolean' },
  },
  positionals: true,
  async run(parsed, io) {
    const [sub, ...rest] = parsed.positionals;
    if (sub === 'start') return start(parsed, io, rest);
    if (sub === 'close') return close(parsed, io, rest);
    if (sub === undefined) throw new CLIError('review takes start or close: see tfe-access review --help.');
    throw new CLIError(`review takes start or close, not "${sub}".${didYouMean(sub, ['start', 'close'])} See tfe-access review --help.`);
  },
};
export default command;
