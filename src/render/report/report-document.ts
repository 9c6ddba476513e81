// The effective-access report as a JSON document (docs/effective-access.md, "Effective access", `report`):
// `--format json`, described by schemas/report.schema.json. Targets sorted by name, teams by name;
// permissions in table order and the wire's nesting.
import type { EffectiveCell, ReachThrough } from '../../core/effective.js';
import type { JsonValue } from '../../core/json-value.js';
import { RESOURCE_OF, type TargetType } from '../../core/model.js';
import { byName } from '../../core/order.js';
import { nestPermissions, orderedEntries } from '../../core/permissions.js';
import type { Report } from '../../core/report.js';
import { teamPowers } from '../../core/team-powers.js';
import { coverageDocument } from '../shared/coverage.js';
import { violationDocument } from '../violations/violation-message.js';
import { canDocument } from './report-can.js';
import { powerDocument } from './report-can-power.js';
import { changedDocument } from './report-changed.js';
import { peopleDocument } from './report-people-document.js';
import { reportSourceDocument } from './report-source-document.js';
import { tokensDocument } from './report-tokens.js';

export const REPORT_FORMAT_VERSION = 1;

type JsonObject = { [key: string]: JsonValue };

function teamDocument(cell: EffectiveCell): JsonObject {
  const resource = RESOURCE_OF[cell.target.type];
  return {
    name: cell.team.name,
    id: cell.team.id,
    access: cell.access,
    permissions: nestPermissions(orderedEntries(resource, cell.permissions)),
    sources: cell.sources.map(reportSourceDocument),
    // docs/effective-access.md, "Indirect access": only when the report read the edges and the cell reaches something.
    ...(cell.reaches ? { reaches: cell.reaches.map(reachThroughDocument) } : {}),
  };
}

/** A "reaches through" entry: what it reaches, how, and the sources that make it reachable. */
function reachThroughDocument(entry: ReachThrough): JsonObject {
  return {
    kind: entry.kind,
    names: [...entry.names],
    via: { uses: entry.via.uses, edge: entry.via.edge },
    sources: entry.sources.map(reportSourceDocument),
    known: entry.known !== false,
  };
}

const sortedByName = <T extends { name: string }>(list: readonly T[]): T[] => [...list].sort(byName);

/** The cells of each target, by target id, in the report's order (team name). */
export function cellsByTarget(report: Report, type: TargetType): Map<string, EffectiveCell[]> {
  const out = new Map<string, EffectiveCell[]>();
  for (const cell of report.cells) {
    if (cell.target.type !== type) continue;
    out.set(cell.target.id, [...(out.get(cell.target.id) ?? []), cell]);
  }
  return out;
}

export function reportDocument(report: Report): JsonObject {
  const projectCells = cellsByTarget(report, 'project');
  const workspaceCells = cellsByTarget(report, 'workspace');
  return {
    format_version: REPORT_FORMAT_VERSION,
    organization: report.organization,
    state: report.state,
    generated_at: report.generatedAt,
    projects: sortedByName(report.projects).map((p) => ({ name: p.name, id: p.id, teams: (projectCells.get(p.id) ?? []).map(teamDocument) })),
    workspaces: sortedByName(report.workspaces).map((w) => ({
      name: w.name,
      id: w.id,
      project: w.project ? { name: w.project.name, id: w.project.id } : null,
      teams: (workspaceCells.get(w.id) ?? []).map(teamDocument),
    })),
    // docs/effective-access.md, "Organization powers": every team shown, every flag (null: not reported).
    teams: teamPowers(report).map((p) => ({
      name: p.team.name,
      id: p.team.id,
      visibility: p.team.visibility,
      organization_access: Object.fromEntries(p.flags),
      // docs/api.md, "Identity-provider lifecycles": what `report diff` matches a re-created team by.
      ...(p.team.scimLinked === undefined ? {} : { scim_linked: p.team.scimLinked }),
    })),
    // docs/effective-access.md, "People": only in a report by person.
    ...(report.people ? peopleDocument(report.people) : {}),
    // docs/evidence.md, "Changes marked": only with --after.
    ...changedDocument(report.changed),
    // docs/evidence.md, "Who can": only with --can.
    ...(report.can ? { can: canDocument(report.can) } : {}),
    // docs/evidence.md, "Who holds an organization power": only with --can FLAG.
    ...(report.canPower ? { can_power: powerDocument(report.canPower) } : {}),
    // docs/effective-access.md, "Tokens": only with --tokens and in evidence bundles.
    ...tokensDocument(report.tokens),
    violations: report.violations.map(violationDocument),
    ...coverageDocument(report.coverage, report.scope),
  };
}
