// A report JSON document (`report --format json`, a bundle's report.json) read back as a snapshot
// for `report diff` (docs/evidence.md, "Comparing snapshots"): each (team, target) with its access,
// permissions and sources, the teams with their organization powers, and by person the people with
// their access and powers. Only what a comparison needs is read, so a field added to the report
// later does not break an older reader.
// Checked by Ajv against the schema of what is read (snapshot-schema.ts), then mapped.
// Pure: text in, the snapshot or the one problem out.
import { schemaProblem, versionedJson } from '../core/schema-problem.js';
import { validateSnapshot } from './snapshot-validator.js';

export interface SnapshotTarget {
  readonly type: 'project' | 'workspace';
  readonly name: string;
  readonly id: string;
}

/** One source of a team's access as the report wrote it: facts, phrased only by render/shared/source-text.ts. */
export type SnapshotSource =
  | { readonly kind: 'owners' }
  | { readonly kind: 'organization'; readonly permission: string }
  | { readonly kind: 'project'; readonly name: string; readonly access: string }
  | { readonly kind: 'workspace'; readonly access: string };

export interface SnapshotAccess {
  readonly access: string;
  /** Dotted keys (`project-access.settings`, `runs`), as the access tables name them. */
  readonly permissions: Readonly<Record<string, string | boolean>>;
  readonly sources: readonly SnapshotSource[];
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
  /** Linked to an identity-provider group, when the report says (`scim_linked`; an older report: absent). */
  readonly scimLinked?: boolean;
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

/** A report as SNAPSHOT_SCHEMA checked it: the fields a comparison reads, of their types. */
interface Named {
  readonly name: string;
  readonly id: string;
}
type Source = SnapshotSource;
type Permissions = Readonly<Record<string, string | boolean | Readonly<Record<string, string | boolean>>>>;
interface ReportTarget extends Named {
  readonly teams: readonly (Named & { readonly access: string; readonly permissions: Permissions; readonly sources: readonly Source[] })[];
}
interface ReportPerson {
  readonly email: string;
  readonly teams?: readonly Named[];
  readonly access: readonly {
    readonly target: Named & { readonly type: SnapshotTarget['type'] };
    readonly access: string;
    readonly through?: readonly { readonly team: Named }[];
  }[];
  readonly organization_powers?: readonly { readonly power: string; readonly through: readonly Named[] }[];
}
interface ReportRead {
  readonly organization: string;
  readonly generated_at: string;
  readonly state: string;
  readonly teams: readonly (Named & { readonly organization_access?: Readonly<Record<string, unknown>>; readonly scim_linked?: boolean })[];
  readonly projects: readonly ReportTarget[];
  readonly workspaces: readonly ReportTarget[];
  readonly people?: readonly ReportPerson[];
}

const named = ({ name, id }: Named): Named => ({ name, id });

/** The wire's nesting flattened to the tables' dotted keys. */
function permissionsOf(permissions: Permissions): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, inner] of Object.entries(permissions)) {
    if (typeof inner !== 'object') out[key] = inner;
    else for (const [k, v] of Object.entries(inner)) out[`${key}.${k}`] = v;
  }
  return out;
}

/** The facts of a source, and only them (a field the report adds later is not carried). */
function sourceOf(source: Source): SnapshotSource {
  switch (source.kind) {
    case 'owners':
      return { kind: source.kind };
    case 'organization':
      return { kind: source.kind, permission: source.permission };
    case 'project':
      return { kind: source.kind, name: source.name, access: source.access };
    case 'workspace':
      return { kind: source.kind, access: source.access };
  }
}

function cellsOf(targets: readonly ReportTarget[], type: SnapshotTarget['type']): SnapshotCell[] {
  return targets.flatMap((value) => {
    const target = { type, ...named(value) };
    return value.teams.map((cell) => ({
      team: named(cell),
      target,
      access: cell.access,
      permissions: permissionsOf(cell.permissions),
      sources: cell.sources.map(sourceOf),
    }));
  });
}

/** A team and its flags on: `organization_access` read when present, so an older report still reads. */
function teamOf(team: ReportRead['teams'][number]): SnapshotTeam {
  const on = Object.entries(team.organization_access ?? {}).flatMap(([k, v]) => (v === true ? [k] : []));
  return { ...named(team), powers: on.sort(), ...(team.scim_linked === undefined ? {} : { scimLinked: team.scim_linked }) };
}

function personOf(person: ReportPerson): SnapshotPerson {
  return {
    powers: (person.organization_powers ?? []).map((p) => ({ power: p.power, through: p.through.map((t) => t.id) })),
    email: person.email,
    teams: (person.teams ?? []).map(named),
    access: person.access.map((cell) => ({
      target: { type: cell.target.type, ...named(cell.target) },
      access: cell.access,
      through: (cell.through ?? []).map((t) => t.team.id),
    })),
  };
}

export function parseSnapshot(source: string): { readonly snapshot: Snapshot } | { readonly problem: string } {
  const read = versionedJson(source);
  if ('problem' in read) return read;
  const { document, version } = read;
  if (version !== 1) return { problem: `format_version is ${JSON.stringify(version)}, not a report of this tfe-access` };
  if (!validateSnapshot(document)) return { problem: schemaProblem(validateSnapshot.errors) };
  const report = document as ReportRead;
  return {
    snapshot: {
      organization: report.organization,
      generatedAt: report.generated_at,
      state: report.state,
      teams: report.teams.map(teamOf),
      cells: [...cellsOf(report.projects, 'project'), ...cellsOf(report.workspaces, 'workspace')],
      ...(report.people === undefined ? {} : { people: report.people.map(personOf) }),
    },
  };
}
