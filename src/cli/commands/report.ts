// tfe-access report: the effective access of the organization, now or once the files are applied.
import { resolve } from 'node:path';
import { CAN_QUESTIONS, type CanQuestion, findQuestion } from '../../core/can.js';
import { type ReachQuestion, reachQuestionOf } from '../../core/indirect.js';
import { didYouMean } from '../../core/suggest.js';
import { TEAM_FLAG_KEYS, teamFlag } from '../../core/team-flags.js';
import { CLIError, EXIT } from '../../errors.js';
import { writeAtomic } from '../../export/write.js';
import { assertOutput, type OutputRequest } from '../../pipeline/disk/output-guard.js';
import type { ReportBy } from '../../pipeline/report-steps/report-people.js';
import type { EvidenceRequest } from '../../pipeline/use-cases/evidence.js';
import { reportOrganization } from '../../pipeline/use-cases/report.js';
import { REPORT_FORMATS, renderAccessReport } from '../../render/report.js';
import { boolFlag, listFlag, outFlags, type Parsed, stringFlag } from '../args.js';
import { clockOf } from '../clock.js';
import type { Command } from '../command.js';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connectionFlags, formatFlag } from '../common-flags.js';
import type { IO } from '../io.js';
import { withLiveRead } from '../live-read.js';
import { collectGarbage } from '../memory.js';

/** The variable the official provider and Go client read (docs/api.md, "Authentication conventions"). */
const ORGANIZATION_VARIABLE = 'TFE_ORGANIZATION';

const help = `Usage: tfe-access report [PATHS...] [options]
       tfe-access report verify DIR [--manifest-sha256 HEX]
       tfe-access report diff OLD NEW [options]

Prints the effective access of the organization: for every team and every project and workspace
it can reach, the level, the permissions (the highest of each over all sources) and every source
(owners, organization permissions, the project grant, the workspace grant). Reads only.

Without PATHS it reads the organization named by --organization (else ${ORGANIZATION_VARIABLE});
with PATHS, the organization of the desired-state files.

Options:
  --organization ORG   the organization (else ${ORGANIZATION_VARIABLE}); with PATHS it must match
  --after              the access once the plan of the files is applied (needs PATHS)
  --team NAME          only this team (repeatable); the text format then groups by team; by
                       person, only the people of these teams
  --by team|person     group by team and target (default), or by person: each person of the
                       organization with their teams and their access through them (reads the
                       organization's memberships: one list); service accounts and hidden
                       members are left out and counted, invited people shown as pending
  --person EMAIL       only this person (repeatable; any case); implies --by person
  --project NAME       only this project and its workspaces (repeatable)
  --workspace NAME     only this workspace (repeatable)
  --can PERMISSION     who can: each team (by person: and person) whose effective access allows
                       it, with every source that gives it on its own, and apart the cells
                       where it is not known; PERMISSION as runs:apply, variables:write,
                       state-versions:read, workspace-locking, manage-team-access; or an
                       organization power (manage-workspaces, any organization-access flag):
                       each team that holds it, directly, through a flag that brings it or as
                       owners (docs/evidence.md); or through indirect access (reads its edges:
                       docs/effective-access.md, "Indirect access"): varset:NAME (who uses the
                       set's values), outputs:WORKSPACE (who reads its outputs),
                       agent-pool:NAME (who runs code on its agents), stack:NAME (who holds a
                       fixed role on its project)
  --no-indirect        do not read indirect access: by default the report reads variable sets,
                       remote-state sharing, agent pools and Stacks and gives each cell its
                       "reaches through" entries (docs/effective-access.md, "Indirect access";
                       the cost: docs/performance.md); refused beside a --can question of them;
                       an evidence bundle then has no derived.csv and its manifest says so
                       (scope.indirect false)
  --tokens             list every team token the token can list (team, description, created,
                       expires, last used) and the organization and audit-trail tokens; never a
                       secret (evidence bundles always list them)
  --format F           text (default), json (schemas/report.schema.json), csv or html (one
                       self-contained page: a matrix of teams against workspaces)
  --out FILE           write to this file (atomically) instead of stdout; never over an input
                       file, nor over an existing file that is not a report of tfe-access (its
                       JSON, CSV or HTML; a text report is not recognised) without --force
  --force              let --out replace an existing file that is not a report (never an input)
  --evidence DIR       write an evidence bundle to DIR (made if missing, refused when not
                       empty): the report in JSON, CSV and HTML, derived.csv (who reaches a
                       variable set, outputs, an agent pool or a Stack through indirect access)
                       and manifest.json (what was extracted, when, from where, by whom, the
                       build, the operator, the files' digests, counts, exceptions, each file's
                       SHA-256); prints the SHA-256 of manifest.json on stderr, to record
                       elsewhere (docs/evidence.md)
${CONNECTION_HELP}
  -h, --help           this help

Subcommands, each with its own --help (a desired-state path named verify or diff is given as
./verify or ./diff):
  verify DIR           re-checks an evidence bundle: every file's size, SHA-256 and CSV rows
                       (--manifest-sha256 HEX: the manifest's own too); exit 1 on any change,
                       2 when the bundle says it is incomplete
  diff OLD NEW         who gained and lost what between two reports or bundles (--format F,
                       --out FILE, --allow-organization-change); exit 2 on differences

Exit codes: 0 done, 1 error (unknown name, no organization, invalid files, a rejected token, ...).
`;

const BY = ['team', 'person'] as const;

/** A few of the questions, named when one is mistyped. */
const CAN_EXAMPLES = ['runs:apply', 'variables:write', 'state-versions:read', 'workspace-locking', 'manage-team-access'];

/** `--can`: a question of the table (core/can.ts), of indirect access (core/indirect.ts), or an organization power (core/team-flags.ts), else one line naming the near misses and a few of the names. */
function canFlag(parsed: Parsed): { can: CanQuestion } | { reach: ReachQuestion } | { power: string } | undefined {
  const name = stringFlag(parsed, 'can');
  if (name === undefined) return undefined;
  const question = findQuestion(name);
  if (question) return { can: question };
  // docs/effective-access.md, "Indirect access": varset:, outputs:, agent-pool:, stack: ask of the edges.
  const reach = reachQuestionOf(name);
  if (reach) return { reach };
  // docs/evidence.md, "Who holds an organization power": the teams that hold it, and why.
  if (teamFlag(name)) return { power: name };
  const some = CAN_EXAMPLES.filter((n) => findQuestion(n)).join(', ');
  throw new CLIError(
    `--can: unknown permission "${name}".${didYouMean(name, [
      ...CAN_QUESTIONS.map((q) => q.name),
      ...TEAM_FLAG_KEYS,
    ])} Some are ${some} (every one: docs/evidence.md, "Who can").`,
  );
}

/** `--by`: team unless --person is given (a person filter reports by person); --by team with --person is a contradiction. */
function byFlag(parsed: Parsed, people: readonly string[]): ReportBy {
  const given = stringFlag(parsed, 'by');
  if (given !== undefined && !(BY as readonly string[]).includes(given))
    throw new CLIError(`--by must be team or person, got "${given}".${didYouMean(given, BY)}`);
  if (given === 'team' && people.length > 0) throw new CLIError('--person narrows a report by person: leave out --by team.');
  return (given as ReportBy | undefined) ?? (people.length > 0 ? 'person' : 'team');
}

/**
 * \`--evidence DIR\`: the bundle instead of one output. The line naming the manifest's SHA-256 goes
 * to stderr: stdout may be closed (a reader that left), and that hash is what authenticates the manifest.
 */
async function writeEvidence(parsed: Parsed, io: IO, dir: string, pieces: Omit<EvidenceRequest, 'dir' | 'clock'>): Promise<number> {
  if (stringFlag(parsed, 'format') !== undefined || stringFlag(parsed, 'out') !== undefined)
    throw new CLIError('--evidence writes the report in json, csv and html to DIR: leave out --format and --out.');
  const { reportEvidence } = await import('../../pipeline/use-cases/evidence.js');
  const { report, manifest, manifestSha256 } = await reportEvidence({ ...pieces, dir: resolve(io.cwd, dir), clock: () => clockOf(io) });
  io.stderr.write(
    `report: wrote the evidence bundle of "${report.organization}" to ${dir}: ${manifest.files.length} files and manifest.json, SHA-256 ${manifestSha256}\n`,
  );
  return EXIT.ok;
}

/** What a run of report was asked for, every flag checked before any request. */
function reportFlags(parsed: Parsed, io: IO) {
  const format = formatFlag(parsed, REPORT_FORMATS, 'text');
  const connection = connectionFlags(parsed, io);
  const teams = listFlag(parsed, 'team');
  // With files, the organization is theirs; the variable would only get in the way.
  const organization = stringFlag(parsed, 'organization') ?? (parsed.positionals.length === 0 ? io.env[ORGANIZATION_VARIABLE] || undefined : undefined);
  const people = listFlag(parsed, 'person');
  const by = byFlag(parsed, people);
  const can = canFlag(parsed);
  const selection = { teams, projects: listFlag(parsed, 'project'), workspaces: listFlag(parsed, 'workspace'), ...(by === 'person' ? { people } : {}) };
  const evidence = stringFlag(parsed, 'evidence');
  const indirect = !boolFlag(parsed, 'no-indirect');
  if (!indirect && can && 'reach' in can)
    throw new CLIError(`--no-indirect leaves the edges of indirect access unread, and --can ${stringFlag(parsed, 'can') ?? ''} asks of them: leave one out.`);
  const { out, force } = outFlags(parsed, 'report writes no file it could replace');
  const files = { paths: parsed.positionals, cwd: io.cwd, organization, after: boolFlag(parsed, 'after'), selection, by };
  return { format, connection, teams, by, can, evidence, out, force, files, indirect };
}

/** The guard of `--out FILE`: never over an input, nor over a file that is not a report without --force. */
function outputRequest(parsed: Parsed, io: IO, out: string, force: boolean): OutputRequest {
  return {
    out,
    what: 'the report',
    kind: 'report',
    desired: parsed.positionals,
    cwd: io.cwd,
    force,
    instead: 'Choose another file, e.g. --out report.json.',
  };
}

/** The one full collection after loading, as every command that reads live access asks it (memory.ts). */
const COLLECT = { afterLoad: collectGarbage };

const command: Command = {
  help,
  subcommands: {
    verify: async () => (await import('./report-verify.js')).default,
    diff: async () => (await import('./report-diff.js')).default,
  },
  options: {
    ...CONNECTION_OPTIONS,
    organization: { type: 'string' },
    after: { type: 'boolean' },
    team: { type: 'string', multiple: true },
    project: { type: 'string', multiple: true },
    workspace: { type: 'string', multiple: true },
    by: { type: 'string' },
    person: { type: 'string', multiple: true },
    can: { type: 'string' },
    tokens: { type: 'boolean' },
    format: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    evidence: { type: 'string' },
    'no-indirect': { type: 'boolean' },
  },
  positionals: true,
  async run(parsed, io) {
    const { format, connection, teams, by, can, evidence, out, force, files, indirect } = reportFlags(parsed, io);
    // Before any request: a refused --out costs nothing.
    if (out !== undefined && evidence === undefined) await assertOutput(outputRequest(parsed, io, out, force));
    if (evidence !== undefined)
      return withLiveRead(
        io,
        connection,
        'no evidence bundle was written',
        (pieces) => writeEvidence(parsed, io, evidence, { ...files, derived: indirect, ...pieces }),
        COLLECT,
      );
    const report = await withLiveRead(
      io,
      connection,
      'no report was written',
      (pieces) =>
        reportOrganization({
          ...files,
          ...can,
          ...(parsed.values.tokens === true ? { tokens: true } : {}),
          // docs/effective-access.md, "Indirect access": the edges are read unless --no-indirect.
          indirect,
          ...pieces,
        }),
      COLLECT,
    );
    const text = renderAccessReport(report, format, { byTeam: teams.length > 0 && by === 'team' });
    if (out === undefined) io.stdout.write(text);
    else {
      await assertOutput(outputRequest(parsed, io, out, force));
      await writeAtomic(resolve(io.cwd, out), text);
      io.stderr.write(`report: wrote the ${format} report of "${report.organization}" to ${out}.\n`);
    }
    return EXIT.ok;
  },
};
export default command;
