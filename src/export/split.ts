// `--split-by project`: one file per project, holding the project and its workspaces, so a large
// organization's export can be reviewed and owned project by project. Pure.

import { compareText } from '../core/order.js';
import type { ExportedTarget } from './document.js';

/** File (without `.yaml`) for workspaces whose project the service did not report. */
export const NO_PROJECT_FILE = '_no-project';
const UNSAFE_FILE_CHARS = /[^A-Za-z0-9._-]+/g;

export interface FileGroup {
  /** A file name, `.yaml` included, safe on every file system and unique in the group list. */
  readonly file: string;
  readonly targets: readonly ExportedTarget[];
}

/** Project names may hold spaces and other characters (e.g. "Default Project"). */
export function fileNameOf(projectName: string): string {
  const safe = projectName.replace(UNSAFE_FILE_CHARS, '-').replace(/^[.-]+/, '');
  return safe === '' ? 'project' : safe;
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
  // Case-insensitive: two projects must not share one file on macOS or Windows.
  taken.add(name.toLowerCase());
  return `${name}.yaml`;
}

/** `projectNames`: id -> name of every project of the organization; `reserved`: file names (`.yaml` included) no project takes. */
export function splitByProject(targets: readonly ExportedTarget[], projectNames: ReadonlyMap<string, string>, reserved: readonly string[] = []): FileGroup[] {
  const groups = new Map<string, ExportedTarget[]>();
  const add = (key: string, target: ExportedTarget) => groups.set(key, [...(groups.get(key) ?? []), target]);
  for (const target of targets) {
    const projectName = target.type === 'project' ? target.name : target.projectId ? projectNames.get(target.projectId) : undefined;
    add(projectName === undefined ? `\u0000${NO_PROJECT_FILE}` : projectName, target);
  }
  const taken = new Set(reserved.map((file) => file.replace(/\.yaml$/, '').toLowerCase()));
  return [...groups.keys()]
    .sort(compareText)
    .map((key) => ({ file: uniqueName(key.startsWith('\u0000') ? NO_PROJECT_FILE : fileNameOf(key), taken), targets: groups.get(key) ?? [] }));
}
