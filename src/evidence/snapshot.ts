// A report JSON document (`report --format json`, a bundle's report.json) read back as a snapshot
// for `report diff` (docs/evidence.md, "Comparing snapshots"): each (team, target) with its access,
// permissions and sources, the teams with their organization powers, and by person the people with
// their access and powers. Only what a comparison needs is read, so a field added to the report
// later does not break an older reader.
// Pure: text in, the snapshot or the one problem out.

export interface SnapshotTarget {
  readonly type: 'project' | 'workspace';
  readonly name: string;
  readonly id: string;
}

export interface SnapshotAccess {
  readonly access: string;
  /** Dotted keys (`project-access.settings`, `runs`), as the access tables name them. */
  readonly permissions: Readonly<Record<string, string | boolean>>;
  /** Each source in words: `owners`, `organization manage-workspaces`, `project platform write`, `workspace admin`. */
  readonly sources: readonly string[];
}

export interface SnapshotCell extends SnapshotAccess {
  readonly team: { readonly name: string; readonly id: string };
  readonly target: SnapshotTarget;
}

export interface SnapshotPerson {
  readonly email: string;
  /** The teams they are in, by id (what a gain's cause is read from). */
  readonly teams: readonly { readonly name: string; readonly id: string }[];
  /** Each target with their level and the ids of the teams that give it. */
  readonly access: readonly { readonly target: SnapshotTarget; readonly access: string; readonly through: readonly string[] }[];
  /** Each organization power their teams hold, with the ids of those teams (a report older than `organization_powers`: none). */
  readonly powers: readonly { readonly power: string; readonly through: readonly string[] }[];
}

/** A team with the organization powers it was reported with (a flag not reported, or a report older than them: none). */
export interface SnapshotTeam {
  readonly name: string;
  readonly id: string;
  /** The flags reported on, sorted. */
  readonly powers: readonly string[];
}

export interface Snapshot {
  readonly organization: string;
  readonly generatedAt: string;
  readonly state: string;
  readonly teams: readonly SnapshotTeam[];
  readonly cells: readonly SnapshotCell[];
  /** A report by person only. */
  readonly people?: readonly SnapshotPerson[];
}

class SnapshotProblem extends Error {}
type Obj = Readonly<Record<string, unknown>>;

function fail(problem: string): never {
  throw new SnapshotProblem(problem);
}
const object = (value: unknown, at: string): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : fail(`${at} is not an object`);
const text = (value: unknown, at: string): string => (typeof value === 'string' ? value : fail(`${at} is not a string`));
const list = (value: unknown, at: string): readonly unknown[] => (Array.isArray(value) ? value : fail(`${at} is not a list`));
const named = (value: unknown, at: string) => {
  const o = object(value, at);
  return { name: text(o.name, `${at}.name`), id: text(o.id, `${at}.id`) };
};

/** The wire's nesting flattened to the tables' dotted keys. */
function permissionsOf(value: unknown, at: string): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, inner] of Object.entries(object(value, at))) {
    if (typeof inner === 'string' || typeof inner === 'boolean') out[key] = inner;
    else for (const [k, v] of Object.entries(object(inner, `${at}.${key}`))) if (typeof v === 'string' || typeof v === 'boolean') out[`${key}.${k}`] = v;
  }
  return out;
}

function sourceOf(value: unknown, at: string): string {
  const source = object(value, at);
  switch (source.kind) {
    case 'owners':
      return 'owners';
    case 'organization':
      return `organization ${text(source.permission, `${at}.permission`)}`;
    case 'project':
      return `project ${text(source.name, `${at}.name`)} ${text(source.access, `${at}.access`)}`;
    case 'workspace':
      return `workspace ${text(source.access, `${at}.access`)}`;
    default:
      return fail(`${at}.kind is not a kind of source`);
  }
}

function cellsOf(document: Obj, type: SnapshotTarget['type']): SnapshotCell[] {
  const key = `${type}s`;
  return list(document[key], key).flatMap((value, i) => {
    const at = `${key}[${i}]`;
    const target = { type, ...named(value, at) };
    return list(object(value, at).teams, `${at}.teams`).map((teamValue, j) => {
      const cell = object(teamValue, `${at}.teams[${j}]`);
      return {
        team: named(cell, `${at}.teams[${j}]`),
        target,
        access: text(cell.access, `${at}.teams[${j}].access`),
        permissions: permissionsOf(cell.permissions, `${at}.teams[${j}].permissions`),
        sources: list(cell.sources, `${at}.teams[${j}].sources`).map((s, k) => sourceOf(s, `${at}.teams[${j}].sources[${k}]`)),
      };
    });
  });
}

/** A team and its flags on: `organization_access` read when present, so an older report still reads. */
function teamOf(value: unknown, at: string): SnapshotTeam {
  const flags = object(value, at).organization_access;
  const on = flags === undefined ? [] : Object.entries(object(flags, `${at}.organization_access`)).flatMap(([k, v]) => (v === true ? [k] : []));
  return { ...named(value, at), powers: on.sort() };
}

/** `organization_powers` of a person: each power and the ids of the teams that give it. */
function powersOf(value: unknown, at: string): SnapshotPerson['powers'] {
  if (value === undefined) return [];
  return list(value, at).map((p, i) => {
    const power = object(p, `${at}[${i}]`);
    return {
      power: text(power.power, `${at}[${i}].power`),
      through: list(power.through, `${at}[${i}].through`).map((t, j) => named(t, `${at}[${i}].through[${j}]`).id),
    };
  });
}

function peopleOf(value: unknown): SnapshotPerson[] {
  return list(value, 'people').map((p, i) => {
    const person = object(p, `people[${i}]`);
    return {
      powers: powersOf(person.organization_powers, `people[${i}].organization_powers`),
      email: text(person.email, `people[${i}].email`),
      teams: person.teams === undefined ? [] : list(person.teams, `people[${i}].teams`).map((t, j) => named(t, `people[${i}].teams[${j}]`)),
      access: list(person.access, `people[${i}].access`).map((a, j) => {
        const cell = object(a, `people[${i}].access[${j}]`);
        const target = object(cell.target, `people[${i}].access[${j}].target`);
        const type =
          target.type === 'project' || target.type === 'workspace' ? target.type : fail(`people[${i}].access[${j}].target.type is not project or workspace`);
        const through = cell.through === undefined ? [] : list(cell.through, `people[${i}].access[${j}].through`);
        return {
          target: { type, ...named(target, `people[${i}].access[${j}].target`) },
          access: text(cell.access, `people[${i}].access[${j}].access`),
          through: through.map((t, k) => named(object(t, `people[${i}].access[${j}].through[${k}]`).team, `people[${i}].access[${j}].through[${k}].team`).id),
        };
      }),
    };
  });
}

export function parseSnapshot(source: string): { readonly snapshot: Snapshot } | { readonly problem: string } {
  let document: Obj;
  try {
    document = object(JSON.parse(source), 'the document');
  } catch (error: unknown) {
    return { problem: error instanceof SnapshotProblem ? error.message : 'not JSON' };
  }
  try {
    if (document.format_version !== 1) fail(`format_version is ${JSON.stringify(document.format_version)}, not a report of this tfe-access`);
    return {
      snapshot: {
        organization: text(document.organization, 'organization'),
        generatedAt: text(document.generated_at, 'generated_at'),
        state: text(document.state, 'state'),
        teams: list(document.teams, 'teams').map((t, i) => teamOf(t, `teams[${i}]`)),
        cells: [...cellsOf(document, 'project'), ...cellsOf(document, 'workspace')],
        ...(document.people === undefined ? {} : { people: peopleOf(document.people) }),
      },
    };
  } catch (error: unknown) {
    if (error instanceof SnapshotProblem) return { problem: error.message };
    throw error;
  }
}
