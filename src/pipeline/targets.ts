// `--target project:NAME` / `--target workspace:NAME`: narrow a run to some targets of the files.
// Pure. An unknown or malformed target is a user error, never an empty plan that looks clean.
import { CLIError } from '../errors.js';
import type { DesiredState, TargetType } from '../core/model.js';

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

export function selectTargets(desired: DesiredState, targets: readonly string[]): DesiredState {
  if (targets.length === 0) return desired;
  const selectors = targets.map(parseTarget);
  const missing = selectors.filter((s) => !desired.targets.some((t) => t.type === s.type && t.name === s.name));
  if (missing.length > 0) {
    const names = missing.map((s) => `${s.type}:${s.name}`).join(', ');
    throw new CLIError(`--target names what the files do not manage: ${names}.`);
  }
  return {
    ...desired,
    targets: desired.targets.filter((t) => selectors.some((s) => s.type === t.type && s.name === t.name)),
  };
}
