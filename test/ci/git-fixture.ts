// A real git repository for the drift recipes' tests, all on this machine: a bare repository as the
// `origin` (what GitHub or GitLab holds), seeded with desired-state files on `main`, and fresh
// clones of it (what each CI job checks out).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FILES = 'tfe-access/';
export const FILE = 'tfe-access/acme.yaml';
export const SEED = 'organization: acme # the one organization\nworkspaces:\n  - name: app-prod\n    teams: { sre: admin }\n';

/** The environment git runs in: no user or system configuration of this machine. */
export const gitEnv = (home: string): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: home,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
});

export function git(cwd: string, home: string, args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv(home), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export interface Origin {
  readonly root: string;
  /** The bare repository. */
  readonly path: string;
  /** A fresh clone of the default branch, as a job checks it out. */
  clone(): string;
  /** A file's text at a ref of the origin, or undefined when the ref or the file is not there. */
  show(ref: string, file: string): string | undefined;
  /** The commit a ref of the origin points at, or undefined. */
  commit(ref: string): string | undefined;
  /** Run git in the origin. */
  git(args: string[]): string;
}

export function makeOrigin(parent: string): Origin {
  const root = mkdtempSync(join(parent, 'git-'));
  const path = join(root, 'origin.git');
  git(root, root, ['init', '--quiet', '--bare', '--initial-branch=main', path]);
  const seed = join(root, 'seed');
  git(root, root, ['clone', '--quiet', path, seed]);
  mkdirSync(join(seed, 'tfe-access'));
  writeFileSync(join(seed, FILE), SEED);
  writeFileSync(join(seed, 'README.md'), '# access\n');
  git(seed, root, ['add', '.']);
  git(seed, root, ['-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'seed']);
  git(seed, root, ['push', '--quiet', 'origin', 'HEAD:refs/heads/main']);
  let clones = 0;
  const tryGit = (args: string[]): string | undefined => {
    try {
      return git(path, root, args);
    } catch {
      return undefined;
    }
  };
  return {
    root,
    path,
    clone() {
      const dir = join(root, `job-${++clones}`);
      git(root, root, ['clone', '--quiet', '--branch', 'main', path, dir]);
      return dir;
    },
    show: (ref, file) => tryGit(['show', `${ref}:${file}`]),
    commit: (ref) => tryGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]),
    git: (args) => git(path, root, args),
  };
}
