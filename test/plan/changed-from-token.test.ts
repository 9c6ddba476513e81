// Issue 40, crossed with who reads (issue 24): a scoped plan made with a team token that is not an
// owner's, whose team the files do not name, sees what the full plan sees: the token's own team is
// read by id, so the coverage and the changes of the touched target are the full plan's.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closeGuardedWorld, DEV_TOKEN, openGuardedWorld } from '../apply/support.js';
import { runCli } from '../support/cli.js';

const BASE = 'organization: guarded\nworkspaces:\n  net:\n    prune: false\n    teams:\n      ops: read\n';
const HEAD = BASE.replace('ops: read', 'ops: write');

interface Document {
  readonly changes: unknown[];
  readonly complete: boolean;
  readonly incomplete: unknown[];
  readonly scope: { readonly changed_from?: { readonly scoped: boolean; readonly targets: readonly string[] } };
}

describe("plan --changed-from with a team token that is not an owner's", () => {
  it('the touched target as the full plan sees it: the same changes, the same coverage', async () => {
    const world = await openGuardedWorld('tfe-access-changed-token-', BASE);
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', world.dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: 'ignore' });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-q', '-m', 'base');
      writeFileSync(world.file, HEAD);
      const env = { ...world.env, TFE_TOKEN: DEV_TOKEN };
      const plan = async (...more: string[]) =>
        JSON.parse((await runCli(['plan', world.file, '--format', 'json', ...more], { env, cwd: world.dir })).out) as Document;
      const full = await plan();
      const scoped = await plan('--changed-from', 'HEAD');
      expect(scoped.scope.changed_from).toMatchObject({ scoped: true, targets: ['workspace:net'] });
      expect(scoped.changes).toEqual(full.changes);
      expect(scoped.changes).toHaveLength(1);
      expect({ complete: scoped.complete, incomplete: scoped.incomplete }).toEqual({ complete: full.complete, incomplete: full.incomplete });
    } finally {
      await closeGuardedWorld(world);
    }
  });
});
