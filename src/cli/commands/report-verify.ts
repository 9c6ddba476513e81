// tfe-access report verify DIR: an evidence bundle re-checked (docs/evidence.md, "Verify a bundle").
import { resolve } from 'node:path';
import { printable } from '../../core/printable.js';
import { CLIError, EXIT } from '../../errors.js';
import { verifyBundle } from '../../pipeline/use-cases/evidence-verify.js';
import { verifiedLines } from '../../render/evidence/verify.js';
import { stringFlag } from '../args.js';
import type { Command } from '../command.js';

const help = `Usage: tfe-access report verify DIR [--manifest-sha256 HEX]

Re-checks an evidence bundle written by \`report --evidence DIR\` (or \`review close\`): every file
manifest.json lists is there, with its size and SHA-256, and each CSV file with its data rows
(counted again by a CSV parser); a file in DIR the manifest does not list fails too. Reads only
DIR: no request is made.

manifest.json cannot hold its own hash: record the SHA-256 printed (on stderr) when the bundle was
written, and give it here to check the manifest as well; without it, the manifest is said
unauthenticated. The manifest's facts (organization, complete, reasons, counts, extraction time)
are checked against report.json (a review's bundle: plan.json). Symbolic links and special files
in DIR are refused.

Options:
  --manifest-sha256 HEX   the SHA-256 of manifest.json recorded when the bundle was written
  -h, --help              this help

Prints "verified N files of the bundle of ORG extracted AT ..." and exits 0; a bundle whose
manifest says the read was not whole adds "incomplete: REASONS" and exits 2; else one line per
problem on stderr, each naming its file, and exits 1.
`;

const command: Command = {
  help,
  options: { 'manifest-sha256': { type: 'string' } },
  positionals: true,
  async run(parsed, io) {
    const [dir, ...extra] = parsed.positionals;
    if (dir === undefined || extra.length > 0) throw new CLIError('name one bundle directory: report verify DIR.');
    const given = stringFlag(parsed, 'manifest-sha256');
    if (given !== undefined && !/^[0-9a-fA-F]{64}$/.test(given)) throw new CLIError('--manifest-sha256 takes the 64 hexadecimal digits of a SHA-256.');
    const result = await verifyBundle({ dir: resolve(io.cwd, dir), ...(given === undefined ? {} : { manifestSha256: given.toLowerCase() }) });
    if (result.problems.length > 0) {
      for (const problem of result.problems) io.stderr.write(`${printable(problem)}\n`);
      io.stderr.write(
        `tfe-access report verify: the bundle in ${dir} does not verify (${result.problems.length === 1 ? '1 problem' : `${result.problems.length} problems`}).\n`,
      );
      return EXIT.error;
    }
    const manifest = result.manifest as NonNullable<typeof result.manifest>;
    for (const line of verifiedLines(manifest, result.authenticated)) io.stdout.write(`${line}\n`);
    // Every byte as written, but of a read not known to be whole: not the same answer as a whole one.
    return manifest.complete ? EXIT.ok : EXIT.changes;
  },
};
export default command;
