// A run's Scope (core/coverage.ts) from what it was given: every list it was not given is empty,
// which every output reads as "not narrowed".
import type { Scope } from './coverage.js';

export function scopeOf(given: Partial<Scope>): Scope {
  return {
    paths: [...(given.paths ?? [])],
    targets: [...(given.targets ?? [])],
    teams: [...(given.teams ?? [])],
    projects: [...(given.projects ?? [])],
    workspaces: [...(given.workspaces ?? [])],
    ...(given.people ? { people: [...given.people] } : {}),
    ...(given.changedFrom ? { changedFrom: given.changedFrom } : {}),
  };
}
