// The shape of the ids the service issues (docs/api.md, "Ids"): a prefix naming the kind, a hyphen,
// then letters and digits (16 of them in every published sample). One place, for the desired-state
// schema (a pinned id) and the emulator (the ids it makes and the ids a seed may pin).
import type { TargetType } from './model.js';

export const ID_PREFIX = {
  team: 'team-',
  project: 'prj-',
  workspace: 'ws-',
  'team-projects': 'tprj-',
  'team-workspaces': 'tws-',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** How many letters and digits follow the prefix in the ids the service issues. */
export const ID_SUFFIX_LENGTH = 16;

/** An id's letters and digits: the validator accepts any length, the service issues 16. */
export const ID_SUFFIX_PATTERN = '[A-Za-z0-9]+';

/** A published id of each target type, for messages (docs/api.md, "Ids"). */
export const SAMPLE_ID: { readonly [T in TargetType]: string } = { project: 'prj-W6k9K23oSXRHGpj3', workspace: 'ws-XGA52YVykdTgryTN' };

export function idPattern(kind: IdKind): string {
  return `^${ID_PREFIX[kind]}${ID_SUFFIX_PATTERN}$`;
}

export function isId(kind: IdKind, id: string): boolean {
  return new RegExp(idPattern(kind)).test(id);
}

/** What an id of a target type looks like, in words: `"ws-" and letters and digits, such as "ws-XGA52YVykdTgryTN"`. */
export function idShape(type: TargetType): string {
  return `"${ID_PREFIX[type]}" and then letters and digits only, such as "${SAMPLE_ID[type]}"`;
}
