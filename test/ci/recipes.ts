// Reading the CI recipes users copy: the YAML documents, the tfe-access invocations in them, and
// the flags each command's --help documents.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { COMMANDS } from '../../src/cli/registry.js';
import { ROOT, runCli } from '../support/cli.js';

export const ACTION = 'action.yml';
export const GITHUB_WORKFLOWS = [
  'examples/ci/github/tfe-access-plan.yml',
  'examples/ci/github/tfe-access-apply.yml',
  'examples/ci/github/tfe-access-drift.yml',
];
export const GITLAB_CI = 'examples/ci/gitlab/.gitlab-ci.yml';
export const GITLAB_HELPER = 'examples/ci/gitlab/tfe-access-gitlab.mjs';

export const readText = (path: string): string => readFileSync(`${ROOT}${path}`, 'utf8');
export const readYaml = (path: string): unknown => parse(readText(path), { uniqueKeys: true });

export interface Invocation {
  readonly where: string;
  readonly command: string;
  readonly flags: readonly string[];
}

/** Flags of a shell-ish argument string: `--name` or `--name=value`. */
export function flagsOf(args: string): string[] {
  return (
    args
      .split(/\s+/)
      // Quotes and the punctuation of prose around a flag (`--force`.) are not part of it.
      .map((token) => token.replace(/^["'`(]+|["'`.,:)]+$/g, ''))
      .filter((token) => token.startsWith('--'))
      .map((token) => token.split('=')[0] ?? token)
  );
}

// `tfe-access` then a word: `tfe-access/` (a path), `tfe-access@1` and `tfe-access-plan` do not match.
const INVOCATION = /(?:^|[\s;(|&`"'])tfe-access[ \t]+([a-z]+)([^\n;|&>]*)/g;

/** Every `tfe-access COMMAND ...` of a real command in a text (scripts, comments, docs). */
export function invocationsIn(text: string, where: string): Invocation[] {
  const found: Invocation[] = [];
  for (const match of text.matchAll(INVOCATION)) {
    const command = match[1] ?? '';
    if (command in COMMANDS) found.push({ where, command, flags: flagsOf(match[2] ?? '') });
  }
  return found;
}

const helps = new Map<string, string>();

/** `tfe-access COMMAND --help`, through the real CLI. */
export async function helpOf(command: string): Promise<string> {
  const cached = helps.get(command);
  if (cached !== undefined) return cached;
  const run = await runCli([command, '--help']);
  if (run.code !== 0) throw new Error(`tfe-access ${command} --help exited ${run.code}: ${run.err}`);
  helps.set(command, run.out);
  return run.out;
}

/** The flags of an invocation its command's --help does not document. */
export async function unknownFlags(invocation: Invocation): Promise<string[]> {
  const help = await helpOf(invocation.command);
  return invocation.flags.filter((flag) => !new RegExp(`(^|[\\s,(])${flag.replace(/[-]/g, '\\-')}(?![\\w-])`, 'm').test(help));
}

// A package manager command that fetches a package by name: `npm install|i|add|exec|x`, `npx`,
// `pnpm add|dlx`, `yarn add|dlx`, `bunx`, up to the end of its line or shell command.
const INSTALL = /\b(?:npm\s+(?:install|i|add|exec|x)|npx|pnpm\s+(?:add|dlx)|yarn\s+(?:global\s+)?(?:add|dlx)|bunx)\b([^\n;&|]*)/g;
// `tfe-access` as a registry name, bare or with a version or tag; a path or a tarball (`./`, `/`,
// `.tgz`, a URL) is not one. Quotes and shell variables around it do not matter.
const BY_NAME = /(?:^|[\s"'=])tfe-access(?:@[^\s"']*)?(?=$|[\s"'])/;

/** Every install of tfe-access from a package registry by its name in a text: none may be left. */
export function registryInstalls(text: string): string[] {
  return [...text.matchAll(INSTALL)].filter((m) => BY_NAME.test(m[1] ?? '')).map((m) => m[0].trim());
}
