// `--target project:NAME` / `--target workspace:NAME`: narrow a run to some targets of the files.
// Pure. An unknown or malformed target is a user error, never an empty plan that looks clean. With
// sets, a target may be one a set matches: that is known once the sets are expanded (selectExpanded).
import { CLIError } from '../errors.js';
import type { DesiredState, TargetType } from '../core/model.js';
import type { Resolved } from '../resolve/resolve.js';

export interface TargetSelector {
  readonly type: TargetType;
  readonly name: string;
}

export function parseTarget(text: string): TargetSelector {
  const match = /^(project|workspace):(.+)$/.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new CLIError(`--target "${text}" must be project:NAME or workspace:NAME.`);
  }
  return { type: match[1] as TargetType, name: match[2] };
}

const selected = (selectors: readonly TargetSelector[]) => (t: { type: TargetType; name: string }): boolean => selectors.some((s) => s.type === t.type && s.name === t.name);

function refuseMissing(selectors: readonly TargetSelector[], managed: (s: TargetSelector) => boolean): void {
  const missing = selectors.filter((s) => !managed(s));
  if (missing.length === 0) return;
  throw new CLIError(`--target names what the files do not manage: ${missing.map((s) => `${s.type}:${s.name}`).join(', ')}.`);
}

/** Offline: the entries named; with sets of a kind, targets of that kind wait for selectExpanded. */
export function selectTargets(desired: DesiredState, targets: readonly string[]): DesiredState {
  if (targets.length === 0) return desired;
  const selectors = targets.map(parseTarget);
  const setKinds = new Set((desired.sets ?? []).map((s) => s.type));
  refuseMissing(selectors, (s) => setKinds.has(s.type) || desired.targets.some((t) => t.type === s.type && t.name === s.name));
  if (setKinds.size > 0) return desired;
  return { ...desired, targets: desired.targets.filter(selected(selectors)) };
}

/** After expansion: the targets named, entries and set matches alike. */
export function selectExpanded(desired: DesiredState, resolved: Resolved, targets: readonly string[]): { desired: DesiredState; resolved: Resolved } {
  if (targets.length === 0 || (desired.sets ?? []).length === 0) return { desired, resolved };
  const selectors = targets.map(parseTarget);
  refuseMissing(selectors, (s) => resolved.targets.some((t) => t.type === s.type && t.name === s.name));
  return { desired: { ...desired, targets: desired.targets.filter(selected(selectors)) }, resolved: { ...resolved, targets: resolved.targets.filter(selected(selectors)) } };
}
