// Where a grant's drift goes in the files, as a person would put it (docs/drift.md, "Adopt"): a
// grant of the target's own entry is changed or taken out there; a grant the files do not give
// is written into the target's entry (a new entry when the target has none, in the file of the set
// that covers it), where it overrides any set for that team on that target only. A grant a set gives
// that live access lacks cannot be taken back on one target alone (`set-wide`). Pure.

import type { TargetType } from '../core/model.js';
import type { Change } from '../core/plan.js';
import { fileWith as fileWithin, writtenAt } from './find.js';
import { liveValue } from './grant-value.js';
import type { PlaceContext, Placed } from './placed.js';
import type { EditValue } from './render-yaml.js';

export const KIND_KEY: { readonly [T in TargetType]: string } = { project: 'projects', workspace: 'workspaces' };

const fileWith = (ctx: PlaceContext, path: readonly string[]): string | undefined => fileWithin(ctx.texts, path);

/** Where a new entry of `type` goes: the file of the set that covers the target, else the first file with entries of its kind, else the first file. */
function newEntryFile(ctx: PlaceContext, type: TargetType, setName: string | undefined): string | undefined {
  const set = setName === undefined ? undefined : ctx.state.sets?.find((s) => s.type === type && s.name === setName);
  const setFile = set?.source?.file;
  if (setFile !== undefined && ctx.texts.has(setFile)) return setFile;
  return fileWith(ctx, [KIND_KEY[type]]) ?? [...ctx.texts.keys()][0];
}

/** `expires:` as the file writes it for this grant, to keep. */
function expiresOf(ctx: PlaceContext, file: string, path: readonly string[]): string | undefined {
  const value = writtenAt(ctx.texts.get(file) ?? '', path);
  if (value === null || typeof value !== 'object' || !('expires' in value)) return undefined;
  const expires = (value as { expires: unknown }).expires;
  return typeof expires === 'string' ? expires : undefined;
}

/**
 * `team` granted `value` on the target in its own entry: the entry's file, or a new entry that
 * prunes no more than the target did (`prune: false` when the target was not pruned and an entry
 * would prune by settings.prune).
 */
export function grantInEntry(ctx: PlaceContext, target: Change['target'], team: string, value: EditValue, setName: string | undefined): Placed {
  const entry = [KIND_KEY[target.type], target.name];
  const file = fileWith(ctx, entry);
  if (file !== undefined) return { ops: [{ file, op: { kind: 'set', path: [...entry, 'teams', team], value } }] };
  const into = newEntryFile(ctx, target.type, setName);
  if (into === undefined) return { reason: 'outside-files', detail: `no file of this run may name ${target.type} ${target.name}` };
  const keepsUnpruned = !ctx.pruned.has(target.id) && ctx.state.settings.prune;
  const body = { ...(keepsUnpruned ? { prune: false } : {}), teams: { [team]: value } };
  return { ops: [{ file: into, op: { kind: 'set', path: entry, value: body } }] };
}

export function placeGrant(ctx: PlaceContext, change: Change): Placed {
  const { target, team } = change;
  const grant = [KIND_KEY[target.type], target.name, 'teams', team.name];
  const holder = fileWith(ctx, grant);
  const fromSet = change.source?.kind === 'set' ? change.source.name : undefined;
  switch (change.action) {
    case 'remove':
      if (change.reason === 'expired') return { reason: 'not-drift', detail: `the files let the grant of team ${team.name} expire; apply removes it` };
      return grantInEntry(ctx, target, team.name, liveValue(target.type, change.before, change.beforeRole), fromSet);
    case 'update': {
      if (holder !== undefined && fromSet === undefined) {
        const value = liveValue(target.type, change.before, change.beforeRole, expiresOf(ctx, holder, grant));
        return { ops: [{ file: holder, op: { kind: 'set', path: grant, value } }] };
      }
      return grantInEntry(ctx, target, team.name, liveValue(target.type, change.before, change.beforeRole), fromSet);
    }
    case 'add': {
      // Taken out of an entry that overrides a set, the set's grant would stand in its place.
      const set = fromSet ?? change.source?.overrides?.[0];
      if (set !== undefined)
        return {
          reason: 'set-wide',
          detail: `set ${set} gives team ${team.name} a grant on every target it matches; no entry can take it back on ${target.type} ${target.name} alone`,
        };
      if (holder === undefined) return { reason: 'no-place', detail: `no file writes the grant of team ${team.name} on ${target.type} ${target.name}` };
      return { ops: [{ file: holder, op: { kind: 'delete', path: grant } }] };
    }
  }
}
