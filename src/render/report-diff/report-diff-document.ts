// A comparison of two reports as a JSON document (`report diff --format json`, described by
// schemas/report-diff.schema.json; docs/evidence.md, "Comparing snapshots"). Fixed key order,
// snake_case keys, as the report's own document.
import type { JsonObject, JsonValue } from '../../core/json-value.js';
import type { AccessChange, PersonChange, PersonPowerChange, SnapshotDiff } from '../../evidence/compare.js';
import type { SnapshotAccess, SnapshotSource, SnapshotTarget } from '../../evidence/snapshot.js';
import { sourceText } from '../shared/source-text.js';

export const REPORT_DIFF_FORMAT_VERSION = 1;

const target = (t: SnapshotTarget): JsonObject => ({ type: t.type, name: t.name, id: t.id });
const side = (s: SnapshotDiff['old']): JsonObject => ({ organization: s.organization, state: s.state, generated_at: s.generatedAt });
/** Each source in words (source-text.ts, the one wording of a source). */
const words = (sources: readonly SnapshotSource[], type: SnapshotTarget['type']): JsonValue => sources.map((s) => sourceText(s, type));
const access = (a: SnapshotAccess | null, type: SnapshotTarget['type']): JsonValue =>
  a && { access: a.access, permissions: { ...a.permissions }, sources: words(a.sources, type) };

function accessDocument(c: AccessChange): JsonObject {
  return {
    change: c.change,
    team: { name: c.team.name, id: c.team.id },
    target: target(c.target),
    before: access(c.before, c.target.type),
    after: access(c.after, c.target.type),
    permissions_changed: c.permissions.map((p) => ({ permission: p.permission, before: p.before, after: p.after })),
    sources_added: words(c.sourcesAdded, c.target.type),
    sources_removed: words(c.sourcesRemoved, c.target.type),
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
    teams_recreated: diff.teamsRecreated.map((r) => ({ name: r.name, before_id: r.before, after_id: r.after, to_restore: r.restore.map(accessDocument) })),
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
