// `tfe-access validate [PATHS]`: offline check of desired-state files. No network, no token.

import { DEFAULT_EXPIRY_WARNING_DAYS, DEFAULT_PATH } from '../../core/defaults.js';
import { EXIT } from '../../errors.js';
import { loadDesiredState } from '../../pipeline/disk/desired-state.js';
import { renderValidation, VALIDATION_FORMATS } from '../../render/validation.js';
import { fileExpiryWarnings } from '../../validate/expiry.js';
import { clockOf } from '../clock.js';
import type { Command } from '../command.js';
import { formatFlag } from '../common-flags.js';

const help = `Usage: tfe-access validate [PATHS...] [--format text|json|github]

Checks desired-state files offline: YAML syntax, the JSON Schema (schemas/tfe-access.schema.json)
and the rules across files. Prints every problem, not just the first, as FILE:LINE:COL: message.
Valid files may have warnings (FILE:LINE:COL: warning: message): a grant that has expired (take it
out of the file) or expires within settings.expiry-warning-days (default ${DEFAULT_EXPIRY_WARNING_DAYS}).

PATHS   files, or directories (every *.yaml / *.yml below, recursively, sorted by path; hidden
        entries, node_modules and symlinked directories passed over), merged.
        Default: ./${DEFAULT_PATH}

Options:
  --format text    FILE:LINE:COL: message per problem (and warning), then a summary line (default)
  --format json    one JSON object: {valid, organization?, manages?, files, problems,
                   warnings, summary}
  --format github  GitHub workflow commands (::error file=F,line=L,col=C::message, ::warning
                   for warnings), so they show inline in a pull request, then a summary line
  -h, --help       this help

The report goes to stdout in every format; stderr carries only errors that stop the command (an
unknown flag). File paths are relative to the working directory.
Exit codes: 0 valid, 1 invalid (or a usage error); warnings never change it.
`;

const command: Command = {
  help,
  options: { format: { type: 'string' } },
  positionals: true,
  async run(parsed, io) {
    const format = formatFlag(parsed, VALIDATION_FORMATS, 'text');
    const result = await loadDesiredState(parsed.positionals, io.cwd);
    // Warnings never make valid files invalid: the exit code is the problems' alone.
    const warnings = result.state ? fileExpiryWarnings(result.state, clockOf(io)) : [];
    io.stdout.write(renderValidation({ ...result, warnings }, format, {}));
    return result.problems.length === 0 ? EXIT.ok : EXIT.error;
  },
};
export default command;
