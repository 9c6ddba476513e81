// Issue 40, Acceptance: over random organizations, random live drift and random edits of the files,
// a scoped plan (`--changed-from`, docs/plan.md "Scoped plans") makes the full plan's changes on the
// targets and teams the change touches, and no other; it refuses nothing the full plan accepts; its
// policy verdicts on the touched targets are the full plan's. Each run starts its own emulator on
// the random organization (loopback) and plans in process, REF a directory of base files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanResult } from '../../src/assemble/plan-over.js';
import { changesOf, grantChanges } from '../../src/core/plan.js';
import type { TeamChange } from '../../src/core/teams.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { SeedDocument } from '../../src/emulator/types.js';
import { planFolder } from '../support/plan-folder.js';
import { tokenEnv } from '../support/world.js';

const TOKEN = 'scoped-property-token';
const TEAMS = ['t0', 't1', 't2', 't3'];
const WORKSPACES = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
const LEVELS = ['read', 'plan', 'write', 'admin', 'r'] as const;
type Level = (typeof LEVELS)[number];

/** The files of one side: workspace entries (team -> level, `r` the role), their prune, the role, the teams' visibility. */
interface Side {
  readonly entries: ReadonlyMap<string, { readonly prune: boolean; readonly teams: ReadonlyMap<string, Level> }>;
  readonly role: 'plan' | 'apply';
  readonly visibility: ReadonlyMap<string, 'organization' | 'secret'>;
  readonly policy: boolean;
}

const level = fc.constantFrom(...LEVELS);
const entry = fc.record({ prune: fc.boolean(), teams: fc.dictionary(fc.constantFrom(...TEAMS), level, { maxKeys: 3 }) });
const side: fc.Arbitrary<Side> = fc
  .record({
    entries: fc.dictionary(fc.constantFrom(...WORKSPACES), entry, { maxKeys: 5 }),
    role: fc.constantFrom('plan', 'apply'),
    visibility: fc.dictionary(fc.constantFrom(...TEAMS), fc.constantFrom('organization', 'secret'), { maxKeys: 2 }),
    policy: fc.boolean(),
  })
  .map((s) => ({
    ...s,
    entries: new Map(Object.entries(s.entries).map(([w, e]) => [w, { prune: e.prune, teams: new Map(Object.entries(e.teams)) }])),
    visibility: new Map(Object.entries(s.visibility)),
  }));

/** An edit of the base: some entries changed, added or taken out, the role or a team's visibility changed; the policy as it was. */
const edited = (base: Side): fc.Arbitrary<Side> =>
  fc.record({ more: side, take: fc.subarray(WORKSPACES), keepRole: fc.boolean(), keepTeams: fc.boolean() }).map(({ more, take, keepRole, keepTeams }) => {
    const entries = new Map(base.entries);
    for (const w of take) {
      const replacement = more.entries.get(w);
      if (replacement) entries.set(w, replacement);
      else entries.delete(w);
    }
    return { entries, role: keepRole ? base.role : more.role, visibility: keepTeams ? base.visibility : more.visibility, policy: base.policy };
  });

function yamlOf(s: Side): string {
  const lines = [
    'organization: prop',
    'settings:',
    '  max-removals: 1000',
    'roles:',
    '  workspace:',
    `    r: { runs: ${s.role}, state-versions: read-outputs }`,
  ];
  if (s.visibility.size > 0) lines.push('teams:', ...[...s.visibility].flatMap(([t, v]) => [`  ${t}:`, `    visibility: ${v}`]));
  if (s.entries.size > 0) lines.push('workspaces:');
  for (const [w, e] of s.entries)
    lines.push(`  ${w}:`, `    prune: ${e.prune}`, '    teams:', ...(e.teams.size > 0 ? [...e.teams].map(([t, l]) => `      ${t}: ${l}`) : []));
  // An entry with no team writes `teams: {}`.
  const text = lines.join('\n').replace(/ {4}teams:(?=\n {2}\w|$)/g, '    teams: {}');
  const policy = s.policy ? '\npolicies:\n  - name: nobody administers\n    workspaces: { names: ["*"] }\n    max-access: write\n' : '\n';
  return text + policy;
}

/** The live organization: every team and workspace, and random grants (the drift). */
const live = fc.array(
  fc.record({ team: fc.constantFrom(...TEAMS), workspace: fc.constantFrom(...WORKSPACES), access: fc.constantFrom('read', 'plan', 'write', 'admin') }),
  {
    maxLength: 12,
  },
);

function seedOf(grants: readonly { team: string; workspace: string; access: string }[]): SeedDocument {
  const unique = [...new Map(grants.map((g) => [`${g.team} ${g.workspace}`, g])).values()];
  return {
    organizations: [
      {
        name: 'prop',
        token: TOKEN,
        teams: TEAMS.map((name) => ({ name })),
        projects: [{ name: 'p' }],
        workspaces: WORKSPACES.map((name) => ({ name, project: 'p' })),
        'team-workspaces': unique,
      },
    ],
  };
}

const grantKey = (c: ReturnType<typeof grantChanges>[number]): string =>
  `${c.action} ${c.team.name} ${c.target.type}:${c.target.name} ${JSON.stringify('after' in c ? c.after : null)}`;
const teamKey = (c: TeamChange): string => JSON.stringify(c);
const violationKey = (v: { policy: string; target?: { name: string } | null; team?: { name: string } | null }): string =>
  `${v.policy} ${v.target?.name} ${v.team?.name}`;

async function plans(seed: SeedDocument, base: string, head: string): Promise<{ full: PlanResult; scoped: PlanResult }> {
  const emulator = await startEmulator({ seed, rateLimit: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-head-'));
  const baseDir = mkdtempSync(join(tmpdir(), 'tfe-access-scoped-base-'));
  try {
    writeFileSync(join(dir, 'access.yaml'), head);
    writeFileSync(join(baseDir, 'access.yaml'), base);
    const env = tokenEnv(emulator.url, TOKEN);
    const full = await planFolder(dir, env, { policyState: 'after' });
    const scoped = await planFolder(dir, env, { policyState: 'after', changedFrom: baseDir });
    return { full, scoped };
  } finally {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(baseDir, { recursive: true, force: true });
  }
}

describe('a scoped plan against the full plan', () => {
  it('the same changes on what the change touches and none elsewhere; no refusal the full plan lacks; the same verdicts there', async () => {
    let scopedRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        side.chain((base) => fc.tuple(fc.constant(base), edited(base), live)),
        async ([base, head, grants]) => {
          const { full, scoped } = await plans(seedOf(grants), yamlOf(base), yamlOf(head));
          const changedFrom = scoped.plan.scope.changedFrom;
          expect(changedFrom).toBeDefined();
          if (!changedFrom?.scoped) {
            expect(scoped.plan.checksum).toBe(full.plan.checksum);
            return;
          }
          scopedRuns++;
          const targets = new Set(changedFrom.targets);
          const teams = new Set(changedFrom.teams);
          const inScope = (c: ReturnType<typeof grantChanges>[number]): boolean => targets.has(`${c.target.type}:${c.target.name}`);
          expect(grantChanges(scoped.plan).map(grantKey)).toEqual(grantChanges(full.plan).filter(inScope).map(grantKey));
          const teamChanges = (r: PlanResult) => changesOf(r.plan.changes, 'team');
          expect(teamChanges(scoped).map(teamKey)).toEqual(
            teamChanges(full)
              .filter((c) => teams.has(c.name))
              .map(teamKey),
          );
          const guards = new Set(full.plan.refusals.map((r) => r.guard));
          for (const refusal of scoped.plan.refusals) expect(guards).toContain(refusal.guard);
          const violations = (r: PlanResult) =>
            (r.plan.violations ?? []).filter((v) => v.target && targets.has(`workspace:${v.target.name}`)).map(violationKey);
          expect(violations(scoped)).toEqual(violations(full));
        },
      ),
      { numRuns: 30 },
    );
    // The property said something: most random edits are scoped.
    expect(scopedRuns).toBeGreaterThan(10);
  }, 240_000);
});
