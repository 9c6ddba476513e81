// validate's output in its three formats (render/format.ts): every problem and warning of the files,
// then one summary line. Pure: text in, text out.

import type { FilesState } from '../core/desired-state.js';
import { personKey } from '../core/people.js';
import { printable } from '../core/printable.js';
import { type Problem, placeOf, problemSummary } from '../load/problem.js';
import { byFormat, formatsOf, type NoOptions } from './format.js';

/** What validate found in the files. */
export interface ValidationReport {
  readonly files: readonly string[];
  readonly problems: readonly Problem[];
  readonly state?: FilesState;
  /** What is worth knowing about valid files (grants that expire: validate/expiry.ts); never makes them invalid. */
  readonly warnings?: readonly Problem[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What valid files manage, as written: entries by kind, sets, grants (a set's once), policies; with `teams:`, the teams and the people their `members` name. */
export interface Manages {
  readonly projects: number;
  readonly workspaces: number;
  readonly sets: number;
  readonly grants: number;
  readonly policies: number;
  readonly teams?: number;
  readonly people?: number;
}

/** The people the `members` lists name, each once (emails compared without case). */
function peopleListed(state: FilesState): number {
  return new Set((state.teams ?? []).flatMap((t) => (t.members?.emails ?? []).map(personKey))).size;
}

export function managesOf(state: FilesState): Manages {
  const count = (type: string) => state.targets.filter((t) => t.type === type).length;
  const sets = state.sets ?? [];
  const grants = [...state.targets, ...sets].reduce((n, t) => n + t.grants.length, 0);
  // Only files with `teams:` say how many: a file without reads as it always did.
  const teams = state.teams && state.teams.length > 0 ? { teams: state.teams.length, people: peopleListed(state) } : {};
  return { projects: count('project'), workspaces: count('workspace'), sets: sets.length, grants, policies: state.policies?.length ?? 0, ...teams };
}

/** `teams:` as counted offline: the teams, and the people their `members` lists name (each once, without case). */
function teamsManaged(state: FilesState): string | undefined {
  const teams = state.teams ?? [];
  if (teams.length === 0) return undefined;
  const listing = teams.filter((t) => t.members !== undefined);
  const people = peopleListed(state);
  const members = listing.length > 0 ? ` (${plural(listing.length, 'team')} listing ${people} ${people === 1 ? 'person' : 'people'})` : '';
  return `${plural(teams.length, 'team')}${members}`;
}

export function validationSummary(report: ValidationReport): string {
  if (report.problems.length > 0) return `${problemSummary(report.problems, report.files)}.`;
  const files = plural(report.files.length, 'file');
  const state = report.state;
  if (!state) return `valid: ${files}.`;
  const where = `valid: ${files}, organization "${printable(state.organization)}"`;
  const manages = managesOf(state);
  // Valid, and yet nothing to plan: said plainly rather than as "0 projects, 0 workspaces".
  if (state.targets.length === 0 && manages.sets === 0) {
    // Files of teams (and their people) only manage something all the same: said, not "nothing".
    const teams = teamsManaged(state);
    return teams ? `${where}: ${teams}; no projects or workspaces.` : `${where}: no targets managed (no projects or workspaces).`;
  }
  // Sets and policies only when there are some: a file without them reads as it always did. Sets
  // alone name no target: what they match is read by plan (docs/sets.md, "Sets"), not known offline.
  const setCount = manages.sets > 0 ? `, ${plural(manages.sets, 'set')}` : '';
  const targets =
    state.targets.length > 0
      ? `${plural(manages.projects, 'project')}, ${plural(manages.workspaces, 'workspace')}${setCount}`
      : `${plural(manages.sets, 'set')} (their targets are known once plan reads the organization)`;
  const policyCount = manages.policies > 0 ? `, ${manages.policies} ${manages.policies === 1 ? 'policy' : 'policies'}` : '';
  // docs/files.md, "`tfe-access validate`": the teams of `teams:` and the people their `members` list, beside the grants.
  const teams = teamsManaged(state);
  const teamCount = teams ? `, ${teams}` : '';
  const warnings = report.warnings?.length ? `; ${plural(report.warnings.length, 'warning')}` : '';
  return `${where}: ${targets}, ${plural(manages.grants, 'grant')}${teamCount}${policyCount}${warnings}.`;
}

export function renderValidationText(report: ValidationReport): string {
  // File names and messages quote the files' own text: one problem stays one line (printable.ts).
  const line = (p: Problem, kind = '') => `${printable(placeOf(p))}: ${kind}${printable(p.message)}`;
  const lines = [...report.problems.map((p) => line(p)), ...(report.warnings ?? []).map((p) => line(p, 'warning: '))];
  return [...lines, validationSummary(report)].join('\n') + '\n';
}

export function renderValidationJson(report: ValidationReport): string {
  const body = {
    valid: report.problems.length === 0,
    ...(report.state ? { organization: report.state.organization, manages: managesOf(report.state) } : {}),
    files: report.files,
    problems: report.problems,
    warnings: report.warnings ?? [],
    summary: { files: report.files.length, problems: report.problems.length, warnings: report.warnings?.length ?? 0 },
  };
  return JSON.stringify(body, null, 2) + '\n';
}

// GitHub workflow commands (actions/toolkit, packages/core/src/command.ts): data escapes `%`, CR
// and LF; property values additionally `:` and `,`, which would otherwise end the value.
export function escapeData(value: string): string {
  return value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

export function escapeProperty(value: string): string {
  return escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

export function renderValidationGithub(report: ValidationReport): string {
  const command = (kind: 'error' | 'warning') => (p: Problem) =>
    `::${kind} file=${escapeProperty(p.file)}${p.line === undefined ? '' : `,line=${p.line},col=${p.col ?? 1}`}::${escapeData(p.message)}`;
  const lines = [...report.problems.map(command('error')), ...(report.warnings ?? []).map(command('warning'))];
  return [...lines, validationSummary(report)].join('\n') + '\n';
}

const VALIDATION_RENDERERS = { text: renderValidationText, json: renderValidationJson, github: renderValidationGithub };

export type ValidationFormat = keyof typeof VALIDATION_RENDERERS;
export const VALIDATION_FORMATS = formatsOf(VALIDATION_RENDERERS);
export const renderValidation = byFormat<ValidationReport, NoOptions, ValidationFormat>(VALIDATION_RENDERERS);
