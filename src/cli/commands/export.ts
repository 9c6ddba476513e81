// tfe-access export: the live team access of projects and workspaces as a desired-state file.
import { resolve } from 'node:path';
import { CLIError, EXIT } from '../../errors.js';
import { describeSkipped } from '../../export/files.js';
import { assertExportOutput, schemaRefFrom, writeExport } from '../../export/write.js';
import { exportOrganization } from '../../pipeline/use-cases/export.js';
import { boolFlag, listFlag, type Parsed, stringFlag } from '../args.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connectionFlags } from '../common-flags.js';
import type { IO } from '../io.js';
import { withLiveRead } from '../live-read.js';

/** The variable the official provider and Go client read (docs/api.md, "Authentication conventions"). */
const ORGANIZATION_VARIABLE = 'TFE_ORGANIZATION';
const SPLIT_KINDS = ['project'] as const;

const help = `Usage: tfe-access export (--project NAME... | --workspace NAME... | --all) [--teams [--members]] [options]
       tfe-access export --teams [--members] [options]

Writes the live team access of projects and workspaces as a desired-state file in canonical form
(sorted keys, fixed levels as shorthand, custom grants with only their non-default attributes),
ready for \`tfe-access plan\`, which shows no changes for it. To stdout unless --out.

Options:
  --organization ORG   the organization (else ${ORGANIZATION_VARIABLE})
  --project NAME       export this project's own grants (repeatable); grants on its workspaces
                       are separate targets: name them with --workspace, or use --all
  --workspace NAME     export this workspace (repeatable)
  --all                every project and workspace with at least one grant
  --authoritative      with --all: add the sets \`all\` (every project, every workspace, prune), so a
                       grant the files do not list anywhere is drift from the first plan
  --teams              add \`teams:\`: every team the token sees, with its visibility, SSO id,
                       allow-member-token-management and organization access (the flags on,
                       those another brings left out; never the owners team's); alone, only
                       that section (with --split-by project: in the file _teams.yaml)
  --members            with --teams: each team's \`members:\`, its people by email (active,
                       invited and inactive memberships; never service accounts or hidden
                       members; none for a team the identity provider owns): one membership
                       list more
  --out PATH           write to this file (atomically) instead of stdout; an existing file only
                       if export wrote it and it was not edited since (its header says so)
  --split-by project   one file per project (its workspaces with it) into the directory --out,
                       each existing file under the same rule
  --force              replace --out files export did not write, or that were edited since
                       (a hand-written file's settings, roles, sets and policies are lost)
  --schema REF         the $schema= comment's reference (default: node_modules/tfe-access/schemas/
                       tfe-access.schema.json of the project the file is written into, relative
                       to the file: the nearest directory above with a package.json or a .git)
${CONNECTION_HELP}
  -h, --help           this help

A named target is written even with no grants (teams: {}). Grants of teams the token can't see
are left out and listed on stderr (plans never remove them). Settings stay at their defaults.
Every file starts with the schema comment, then a line saying export wrote it, with the sha256
of its other lines.

Exit codes: 0 written, 1 error (unknown name, no organization, a rejected token, an --out file
export did not write or that was edited since, without --force, ...).
`;

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  organization: { type: 'string' },
  project: { type: 'string', multiple: true },
  workspace: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  authoritative: { type: 'boolean' },
  teams: { type: 'boolean' },
  members: { type: 'boolean' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  'split-by': { type: 'string' },
  schema: { type: 'string' },
} as const;

function organizationOf(parsed: Parsed, io: IO): string {
  const organization = stringFlag(parsed, 'organization') ?? io.env[ORGANIZATION_VARIABLE];
  if (!organization) throw new CLIError(`which organization? Pass --organization ORG or set ${ORGANIZATION_VARIABLE}.`);
  return organization;
}

function selectionOf(parsed: Parsed): { all: boolean; projects: string[]; workspaces: string[] } {
  const selection = { all: boolFlag(parsed, 'all'), projects: listFlag(parsed, 'project'), workspaces: listFlag(parsed, 'workspace') };
  const named = selection.projects.length + selection.workspaces.length > 0;
  if (selection.all && named) throw new CLIError('--all exports everything; leave out --project and --workspace, or --all.');
  if (!selection.all && !named && !boolFlag(parsed, 'teams'))
    throw new CLIError('what to export? Pass --project NAME, --workspace NAME (repeatable), --all or --teams.');
  if (boolFlag(parsed, 'authoritative') && !selection.all)
    throw new CLIError('--authoritative makes the files speak for the whole organization: use it with --all.');
  return selection;
}

function splitOf(parsed: Parsed, out: string | undefined): boolean {
  const split = stringFlag(parsed, 'split-by');
  if (split === undefined) return false;
  if (!(SPLIT_KINDS as readonly string[]).includes(split)) throw new CLIError(`--split-by must be one of ${SPLIT_KINDS.join(', ')}, got "${split}".`);
  if (out === undefined) throw new CLIError('--split-by project writes several files: name their directory with --out DIR.');
  return true;
}

/** What to export and where, every flag checked before any request. */
function exportFlags(parsed: Parsed, io: IO) {
  const out = stringFlag(parsed, 'out');
  const split = splitOf(parsed, out);
  const force = boolFlag(parsed, 'force');
  if (force && out === undefined) throw new CLIError('--force replaces an existing --out file; without --out, export writes to stdout.');
  const teams = boolFlag(parsed, 'teams');
  const members = boolFlag(parsed, 'members');
  if (members && !teams) throw new CLIError('--members writes the members of each team under `teams:`; use it with --teams.');
  const selection = selectionOf(parsed);
  const organization = organizationOf(parsed, io);
  return { out, split, force, teams, members, selection, organization };
}

/** `wrote 3 projects and workspaces and the teams of "acme" to acme.yaml`. */
function writtenLine(targetCount: number, teams: boolean, members: boolean, organization: string, written: readonly string[], out: string): string {
  const what = `${targetCount} project${targetCount === 1 ? '' : 's'} and workspace${targetCount === 1 ? '' : 's'}${teams ? ` and the teams${members ? ' with their members' : ''}` : ''}`;
  return `export: wrote ${what} of "${organization}" to ${written.length === 1 ? written[0] : `${written.length} files in ${out}`}.\n`;
}

const command: Command = {
  help,
  options: OPTIONS,
  async run(parsed, io) {
    const { out, split, force, teams, members, selection, organization } = exportFlags(parsed, io);
    // Before any request: a refused --out costs nothing (the files of a split are known only after the read).
    if (out !== undefined && !split) await assertExportOutput(out, io.cwd, force);
    const flags = connectionFlags(parsed, io);
    const fileDir = out === undefined ? io.cwd : split ? resolve(io.cwd, out) : resolve(io.cwd, out, '..');
    const schemaRef = stringFlag(parsed, 'schema') ?? (await schemaRefFrom(fileDir));
    const undone = out === undefined ? 'nothing was exported' : 'no file was written';
    const what = { organization, selection, splitByProject: split, authoritative: boolFlag(parsed, 'authoritative'), teams, members, schemaRef };
    const result = await withLiveRead(io, flags, undone, (pieces) => exportOrganization({ ...what, ...pieces }));
    for (const skipped of result.skipped) io.stderr.write(`export: ${describeSkipped(skipped)}\n`);
    if (result.targetCount === 0 && !teams)
      io.stderr.write(`export: no project or workspace of "${organization}" has a grant this token can see; nothing to manage yet.\n`);
    if (out === undefined) {
      io.stdout.write(result.files.map((f) => f.text).join(''));
      return EXIT.ok;
    }
    const written = await writeExport(result.files, out, io.cwd, { split, force });
    io.stderr.write(writtenLine(result.targetCount, teams, members, organization, written, out));
    return EXIT.ok;
  },
};
export default command;
