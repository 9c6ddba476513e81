// Effective access in JSON documents: a source of access (the report's `sources`, the plan's
// `held_by`) and one effective change of a plan (`effective_changes`). Fixed key order, so the
// same data always serialises to the same bytes.

import type { AccessSource, EffectiveChange } from './effective.js';
import type { JsonValue } from './json-value.js';
import { isPendingTeamId } from './teams.js';

type JsonObject = { [key: string]: JsonValue };

export function sourceDocument(source: AccessSource): JsonObject {
  switch (source.kind) {
    case 'owners':
      return { kind: 'owners' };
    case 'organization':
      return { kind: 'organization', permission: source.permission };
    case 'project':
      return { kind: 'project', name: source.name, id: source.id, access: source.access };
    case 'workspace':
      return { kind: 'workspace', access: source.access };
  }
}

export function effectiveChangeDocument(change: EffectiveChange): JsonObject {
  const out: JsonObject = {
    // docs/plan.md, "Team changes": a team the plan creates has no id yet.
    team: { name: change.team.name, id: isPendingTeamId(change.team.id) ? null : change.team.id },
    target: { type: change.target.type, name: change.target.name, id: change.target.id },
    before: change.before,
    after: change.after,
    direction: change.direction,
    via: change.via.map((c) => ({ type: c.type, name: c.name, action: c.action, access: c.access })),
  };
  if (change.heldBy) out.held_by = change.heldBy.map(sourceDocument);
  // docs/effective-access.md, "People": only in a plan that read people, so other plans serialise as before.
  if (change.people) out.people = [...change.people];
  if (change.member) out.member = { action: change.member.action, email: change.member.email };
  return out;
}
