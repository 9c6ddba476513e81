// A comparison of two reports as a JSON document (`report diff --format json`, described by
// schemas/report-diff.schema.json; docs/evidence.md, "Comparing snapshots"). Fixed key order,
// snake_case keys, as the report's own document.
import type { JsonObject, JsonValue } from '../core/json-value.js';
import type { AccessChange, PersonChange, PersonPowerChange, SnapshotDiff } from '../evidence/compare.js';
import type { SnapshotAccess, SnapshotTarget } from '../evidence/snapshot.js';

export const REPORT_DIFF_FORMAT_VERSION = 1;

const target = (t: SnapshotTarget): JsonObject => ({ type: t.type, name: t.name, id: t.id });
const side = (s: SnapshotDiff['old']): JsonObject => ({ organization: s.organization, state: s.state, generated_at: s.generatedAt });
const access = (a: SnapshotAccess | null): JsonValue => a && { access: a.access, permissions: { ...a.permissions }, sources: [...a.sources] };

function accessDocument(c: AccessChange): JsonObject {
  return {
    change: c.change,
    team: { name: c.team.name, id: c.team.id },
    target: target(c.target),
    before: access(c.before),
    after: access(c.after),
    permissions_changed: c.permissions.map((p) => ({ permission: p.permission, before: p.before, after: p.after })),
    sources_added: [...c.sourcesAdded],
    sources_removed: [...c.sourcesRemoved],
  };
}

const personDocument = (c: PersonChange): JsonObject => ({
  change: c.change,
  email: c.email,
  target: target(c.target),
  before: c.before,
  after: c.after,
  joined: [...c.joined],
  left: [...c.left],
});

const personPowerDocument = (c: PersonPowerChange): JsonObject => ({
  change: c.change,
  email: c.email,
  power: c.power,
  joined: [...c.joined],
  left: [...c.left],
});

export function reportDiffDocument(diff: SnapshotDiff): JsonObject {
  return {
    format_version: REPORT_DIFF_FORMAT_VERSION,
    old: side(diff.old),
    new: side(diff.new),
    teams_added: [...diff.teamsAdded],
    teams_removed: [...diff.teamsRemoved],
    teams_renamed: diff.teamsRenamed.map((r) => ({ id: r.id, before: r.before, after: r.after })),
    powers: diff.powers.map((p) => ({ change: p.change, team: { name: p.team.name, id: p.team.id }, power: p.power })),
    access: diff.access.map(accessDocument),
    people: diff.people
      ? {
          added: [...diff.people.added],
          removed: [...diff.people.removed],
          access: diff.people.access.map(personDocument),
          powers: diff.people.powers.map(personPowerDocument),
        }
      : null,
  };
}
