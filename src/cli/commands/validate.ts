// `tfe-access validate [PATHS]`: offline check of desired-state files. No network, no token.
import { EXIT, CLIError } from '../../errors.js';
import { loadDesiredState } from '../../validate/index.js';
import { FORMATS, formatReport, type Format } from '../../validate/report.js';
import { boolFlag, parse, stringFlag } from '../args.js';
import type { IO } from '../io.js';
import type { Command } from '../registry.js';

const help = `Usage: tfe-access validate [PATHS...] [--format text|json|github]

Checks desired-state files offline: YAML syntax, the JSON Schema (schemas/tfe-access.schema.json)
and the rules across files. Prints every problem, not just the first, as FILE:LINE:COL: message.

PATHS   files, or directories (every *.yaml / *.yml directly inside, in name order), merged.
        Default: ./tfe-access.yaml

Options:
  --format text    FILE:LINE:COL: message per problem, then a summary line (default)
  --format json    one JSON object: {valid, organization?, files, problems, summary}
  --format github  GitHub workflow commands (::error file=F,line=L,col=C::message), so problems
                   show inline in a pull request, then a summary line
  -h, --help       this help

The report goes to stdout in every format; stderr carries only errors that stop the command (an
unknown flag). File paths are relative to the working directory.
Exit codes: 0 valid, 1 invalid (or a usage error).
`;

function formatOf(raw: string | undefined): Format {
  if (raw === undefined) return 'text';
  const found = FORMATS.find((f) => f === raw);
  if (!found) throw new CLIError(`--format must be one of ${FORMATS.join(', ')}, got "${raw}".`);
  return found;
}

const command: Command = {
  summary: 'Check desired-state files offline: YAML, schema and semantic rules.',
  help,
  async run(argv: readonly string[], io: IO): Promise<number> {
    const parsed = parse('validate', argv, { format: { type: 'string' } }, true);
    if (boolFlag(parsed, 'help')) {
      io.stdout.write(help);
      return EXIT.ok;
    }
    const format = formatOf(stringFlag(parsed, 'format'));
    const result = await loadDesiredState(parsed.positionals, io.cwd);
    io.stdout.write(formatReport(format, result));
    return result.problems.length === 0 ? EXIT.ok : EXIT.error;
  },
};
export default command;
