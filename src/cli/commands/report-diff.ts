// tfe-access report diff OLD NEW: who gained and lost what between two reports (docs/evidence.md,
// "Comparing snapshots").
import { resolve } from 'node:path';
import { CLIError, EXIT } from '../../errors.js';
import { differenceCount } from '../../evidence/compare.js';
import { writeAtomic } from '../../export/write.js';
import { assertOutput, type OutputRequest } from '../../pipeline/disk/output-guard.js';
import { compareReports } from '../../pipeline/use-cases/report-diff.js';
import { REPORT_DIFF_FORMATS, renderReportDiff } from '../../render/report-diff.js';
import { boolFlag, outFlags } from '../args.js';
import type { Command } from '../command.js';
import { formatFlag } from '../common-flags.js';

const help = `Usage: tfe-access report diff OLD NEW [options]

Compares two reports taken at different times: who gained and lost what. OLD and NEW are report
JSON documents (\`report --format json\`) or evidence bundle directories (\`report --evidence\`:
their report.json). For each team and target: access added, removed, or changed (the level, each
permission, the sources); the teams added and removed; with two reports by person, the people
added and removed and each person's access. Reads only the two files.

Options:
  --format F                   text (default), json (schemas/report-diff.schema.json), csv,
                               markdown or html (one self-contained page)
  --out FILE                   write to this file (atomically) instead of stdout; never over
                               OLD or NEW, nor over an existing file that is not a report
                               comparison of tfe-access (its JSON, CSV or HTML; text and
                               Markdown are not recognised) without --force
  --force                      let --out replace an existing file that is not a comparison
  --allow-organization-change  compare reports of two different organizations (refused otherwise)
  --allow-reversed             compare an OLD read after NEW (refused otherwise: its gains would
                               read as losses)
  -h, --help                   this help

Exit codes: 0 no difference, 2 differences (as drift and plan --detailed-exitcode), 1 error.
`;

const command: Command = {
  help,
  options: {
    format: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    'allow-organization-change': { type: 'boolean' },
    'allow-reversed': { type: 'boolean' },
  },
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, REPORT_DIFF_FORMATS, 'text');
    const [old, now, ...extra] = parsed.positionals;
    if (old === undefined || now === undefined || extra.length > 0) throw new CLIError('name two reports: report diff OLD NEW.');
    const { out, force } = outFlags(parsed, 'report diff writes no file');
    const request = (file: string): OutputRequest => ({
      out: file,
      what: 'the comparison',
      kind: 'report-diff',
      desired: [],
      reads: [old, now],
      cwd: io.cwd,
      force,
      instead: 'Choose another file, e.g. --out report-diff.json.',
    });
    if (out !== undefined) await assertOutput(request(out));
    const diff = await compareReports({
      old,
      new: now,
      cwd: io.cwd,
      allowOrganizationChange: boolFlag(parsed, 'allow-organization-change'),
      allowReversed: boolFlag(parsed, 'allow-reversed'),
    });
    const text = renderReportDiff(diff, format, {});
    if (out === undefined) io.stdout.write(text);
    else {
      await assertOutput(request(out));
      await writeAtomic(resolve(io.cwd, out), text);
    }
    return differenceCount(diff) === 0 ? EXIT.ok : EXIT.changes;
  },
};
export default command;
