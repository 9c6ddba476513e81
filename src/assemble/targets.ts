// `--target project:NAME` / `--target workspace:NAME`: narrow a run to some targets of the files.
// Pure. Parsed once, when the files are loaded (parseTargets); the selection is carried from there.
// An unknown or malformed target is a user error, never an empty plan that looks clean; it names
// the target meant when one is close (the same name of the other kind first). With sets, a target
// may be one a set matches: that is known once the sets are expanded (selectExpanded).
// Names compare after Unicode NFC (core/names.ts): a terminal may type "é" decomposed.

import type { DesiredState, FilesState } from '../core/desired-state.js';
import type { TargetType } from '../core/model.js';
import { nfc } from '../core/names.js';
import type { Resolved } from '../core/resolved.js';
import { closest } from '../core/suggest.js';
import { CLIError } from '../errors.js';

export interface TargetSelector {
  readonly type: TargetType;
  readonly name: string;
}

/** `--target`, parsed: what the run was asked (`given`, for its scope) and what it selects. */
export interface TargetSelection {
  /** Each `--target` as given, repeats included. */
  readonly given: readonly string[];
  readonly selectors: readonly TargetSelector[];
}

/** No `--target`: the whole files. */
export const EVERY_TARGET: TargetSelection = { given: [], selectors: [] };

const selectorText = (s: TargetSelector): string => `${s.type}:${s.name}`;

/** The managed target a wrong selector most likely meant, as `type:name`. */
function meant(desired: FilesState, type: TargetType | undefined, name: string): string | undefined {
  const exact = desired.targets.find((t) => t.name === name && t.type !== type);
  if (exact) return selectorText(exact);
  const sameKind = desired.targets.filter((t) => type === undefined || t.type === type);
  const close = closest(
    name,
    sameKind.map((t) => t.name),
  );
  const found = close === undefined ? undefined : sameKind.find((t) => t.name === close);
  return found ? selectorText(found) : undefined;
}

const hint = (guess: string | undefined): string => (guess === undefined ? '' : ` (did you mean ${guess}?)`);

const KINDS: readonly TargetType[] = ['project', 'workspace'];

/**
 * A `KIND:NAME` whose kind is none (`team:sre`, `workspce:x`): the kinds said, and a guess only from
 * the kind the typo is close to, never a target of another kind that happens to share the name.
 */
function unknownKind(text: string, kind: string, name: string, desired: FilesState): CLIError {
  const kindMeant = closest(kind, KINDS) as TargetType | undefined;
  const guess = kindMeant === undefined ? undefined : (meant(desired, kindMeant, name) ?? `${kindMeant}:${name}`);
  return new CLIError(`--target "${text}": "${kind}" is not a kind of target: write project:NAME or workspace:NAME${hint(guess)}.`);
}

function parseTarget(text: string, desired: FilesState): TargetSelector {
  const match = /^(project|workspace):(.+)$/.exec(text);
  if (!match?.[1] || !match[2]) {
    const kinded = /^([^:]+):(.+)$/.exec(text);
    if (kinded?.[1] && kinded[2] && !(KINDS as readonly string[]).includes(kinded[1])) throw unknownKind(text, kinded[1], kinded[2], desired);
    const guess = meant(desired, undefined, text.replace(/^[^:]*:/, ''));
    throw new CLIError(`--target "${text}" must be project:NAME or workspace:NAME${hint(guess)}.`);
  }
  return { type: match[1] as TargetType, name: match[2] };
}

/** `--target` parsed, once: a malformed one fails with the target of the files it most likely meant. */
export function parseTargets(given: readonly string[], desired: FilesState): TargetSelection {
  return given.length === 0 ? EVERY_TARGET : { given, selectors: given.map((t) => parseTarget(t, desired)) };
}

/** The selectors without repeats, as `type:name`: what a partial plan names. */
export function targetedOf(selection: TargetSelection): string[] {
  return [...new Set(selection.selectors.map(selectorText))];
}

/** Whether `s` names `t`: its kind, and its name as written or after NFC. */
const names = (s: TargetSelector, t: { type: TargetType; name: string }): boolean => s.type === t.type && (s.name === t.name || nfc(s.name) === nfc(t.name));
const selected =
  (selectors: readonly TargetSelector[]) =>
  (t: { type: TargetType; name: string }): boolean =>
    selectors.some((s) => names(s, t));

/** `managed`: the targets a selector may name; `desired`: whose targets the near misses come from. */
function refuseMissing(selectors: readonly TargetSelector[], managed: (s: TargetSelector) => boolean, desired: FilesState): void {
  const missing = selectors.filter((s) => !managed(s));
  if (missing.length === 0) return;
  const names = missing.map((s) => `${selectorText(s)}${hint(meant(desired, s.type, s.name))}`).join(', ');
  throw new CLIError(`--target names what the files do not manage: ${names}.`);
}

/** Offline: the entries named; with sets of a kind, targets of that kind wait for selectExpanded. */
export function selectTargets<S extends FilesState>(desired: S, { selectors }: TargetSelection): S {
  if (selectors.length === 0) return desired;
  const setKinds = new Set((desired.sets ?? []).map((s) => s.type));
  refuseMissing(selectors, (s) => setKinds.has(s.type) || desired.targets.some((t) => names(s, t)), desired);
  if (setKinds.size > 0) return desired;
  return { ...desired, targets: desired.targets.filter(selected(selectors)) };
}

/** After expansion: the targets named, entries and set matches alike. */
export function selectExpanded(desired: DesiredState, resolved: Resolved, { selectors }: TargetSelection): { desired: DesiredState; resolved: Resolved } {
  if (selectors.length === 0 || (desired.sets ?? []).length === 0) return { desired, resolved };
  refuseMissing(selectors, (s) => resolved.targets.some((t) => names(s, t)), desired);
  return {
    desired: { ...desired, targets: desired.targets.filter(selected(selectors)) },
    resolved: { ...resolved, targets: resolved.targets.filter(selected(selectors)) },
  };
}

/** After expansion, a scoped plan's targets (assemble/affected.ts): those the change touches, entries and set matches alike; one no longer there is no error. */
export function narrowExpanded(desired: DesiredState, resolved: Resolved, selectors: readonly TargetSelector[]): { desired: DesiredState; resolved: Resolved } {
  return {
    desired: { ...desired, targets: desired.targets.filter(selected(selectors)) },
    resolved: { ...resolved, targets: resolved.targets.filter(selected(selectors)) },
  };
}
