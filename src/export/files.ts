// The pure part of `tfe-access export` (but for the hash of its header): live state -> the text
// of desired-state files.
import type { LiveState } from '../core/model.js';
import type { LivePeople } from '../core/person.js';
import { type ExportSelection, exportLive, type SkippedGrant } from './document.js';
import { withHeader } from './header.js';
import { splitByProject } from './split.js';
import { exportedMembers, exportTeams } from './teams.js';
import { renderFile as renderYaml } from './yaml.js';

export interface ExportedFile {
  /** File name inside the `--out` directory with `--split-by project`; absent for a single file. */
  readonly file?: string;
  readonly text: string;
}

export interface ExportOptions extends ExportSelection {
  /** What the `$schema=` comment points at. */
  readonly schemaRef: string;
  /** With `splitByProject`: project id -> name, for every project of the organization. */
  readonly splitByProject?: ReadonlyMap<string, string>;
  /** `--authoritative`: the `all` sets, in the single file or in a file of their own. */
  readonly authoritative?: boolean;
  /** `--teams`: every team the token sees under `teams:` (export/teams.ts), in the single file or in a file of their own. */
  readonly teams?: boolean;
  /** `--teams --members`: the people read, each team's written under it as `members:` (export/teams.ts, exportedMembers). */
  readonly people?: LivePeople;
}

/** With `--split-by project`, the file of the `all` sets (a project's file never takes its name). */
export const AUTHORITATIVE_FILE = '_all.yaml';

/** With `--split-by project` and `--teams`, the file of the `teams:` section. */
export const TEAMS_FILE = '_teams.yaml';

export interface ExportFiles {
  readonly files: readonly ExportedFile[];
  readonly skipped: readonly SkippedGrant[];
  /** How many projects and workspaces the files hold. */
  readonly targetCount: number;
}

/** Every file export writes says so in its header (header.ts): a later export may replace only such a file. */
const renderFile = (...args: Parameters<typeof renderYaml>): string => withHeader(renderYaml(...args));

export function exportFiles(live: LiveState, options: ExportOptions): ExportFiles {
  const exported = exportLive(live, options);
  const authoritative = options.authoritative === true;
  const members = options.people && exportedMembers(options.people, live.teams.values());
  const teams = options.teams === true ? exportTeams(live.teams.values(), members) : undefined;
  if (!options.splitByProject)
    return {
      files: [{ text: renderFile(exported.organization, exported.targets, options.schemaRef, authoritative, teams) }],
      skipped: exported.skipped,
      targetCount: exported.targets.length,
    };
  const own = [...(authoritative ? [AUTHORITATIVE_FILE] : []), ...(teams ? [TEAMS_FILE] : [])];
  const files: ExportedFile[] = splitByProject(exported.targets, options.splitByProject, own).map((g) => ({
    file: g.file,
    text: renderFile(exported.organization, g.targets, options.schemaRef),
  }));
  if (authoritative) files.push({ file: AUTHORITATIVE_FILE, text: renderFile(exported.organization, [], options.schemaRef, true) });
  if (teams) files.push({ file: TEAMS_FILE, text: renderFile(exported.organization, [], options.schemaRef, false, teams) });
  return { files, skipped: exported.skipped, targetCount: exported.targets.length };
}

/** One line per skipped grant, for stderr: what was left out and what that means for the plan. */
export function describeSkipped(skipped: SkippedGrant): string {
  const where = `${skipped.target.type} "${skipped.target.name}"`;
  switch (skipped.reason) {
    case 'team-not-visible':
      return `${where}: left out grant ${skipped.grantId} of team ${skipped.teamId}, which the token cannot see (a secret team it is not in?); plans never remove it.`;
    case 'duplicate-grant':
      return `${where}: left out grant ${skipped.grantId}, a second grant of team ${skipped.teamId}; a plan of the file removes it.`;
  }
}
