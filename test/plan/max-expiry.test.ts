// `max-expiry` end to end against the emulator, the clock injected (TFE_ACCESS_NOW; docs/effective-access.md,
// "Policies"): a grant of at least the level on a covered target must end within the days, as the
// files give it (`expires:`) or, for a live grant the files do not give, never (it is permanent).
// plan lists the violations in every format and exits 3, apply refuses and writes nothing, drift
// lists a live one (exit 2), a saved plan carries the grants' ends it was checked with (sealed)
// and apply --plan checks them again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../src/emulator/types.js';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { INTEGRITY_KEY, integrityOf } from '../../src/saved-plan/fingerprint.js';
import { runCli } from '../support/cli.js';
import { violationsOf } from '../support/violations.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'max-expiry-org-token';
const NOW = '2026-03-01T12:00:00Z';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'oncall', 'dev', 'data'].map((name) => ({ name, id: `team-${name}`, visibility: 'organization' as const })),
      projects: [{ name: 'platform', id: 'prj-platform1' }],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'etl-prod', id: 'ws-etlprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        // Not in the files: permanent, as far as they know.
        { team: 'data', workspace: 'etl-prod', access: 'admin', id: 'tws-dataetl' },
        { team: 'dev', workspace: 'api-dev', access: 'admin', id: 'tws-devapidev' },
      ],
    },
  ],
};

const POLICY = `policies:
  - name: break-glass admin ends within a week
    workspaces: { tags: [prod] }
    max-expiry: { access: admin, days: 7 }
`;

/** api-prod: sre's admin ends in 4 days, oncall's as `oncall` says; etl-prod as `etl` says (nothing: not managed). */
const files = (oncall: string, etl = ''): string => `organization: acme
workspaces:
  api-prod:
    teams:
      sre: { access: admin, expires: 2026-03-04 }
      oncall: ${oncall}
${etl}${POLICY}`;

/** oncall's admin ends in two months; data's live admin on etl-prod, which the files do not manage, never ends. */
const BREAKS = files('{ access: admin, expires: 2026-04-30 }');
/** oncall's ends in 5 days (a date ends with its day), data's in 6 on etl-prod, now managed; dev's plan grant is below the level. */
const KEEPS = files(
  '{ access: admin, expires: 2026-03-05 }',
  `  etl-prod:
    teams:
      data: { access: admin, expires: "2026-03-07T12:00:00Z" }
      dev: plan
`,
);

const world = emulatorAndFolder({ seed: SEED, token: TOKEN, prefix: 'tfe-access-max-expiry-', env: { TFE_ACCESS_NOW: NOW } });
const { file, writes } = world;

const BROKEN = [
  'team "oncall" has admin on workspace "api-prod" until end of 2026-04-30 UTC: a grant of admin must expire within 7 days',
  'team "data" has admin on workspace "etl-prod" with no expiry: a grant of admin must expire within 7 days',
];

describe('max-expiry against the emulator', () => {
  it('respected: every admin grant on a prod workspace ends within the week, as the files give it; plan exits 0', async () => {
    const run = await runCli(['plan', file(KEEPS), '--format', 'json'], { env: world.env });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(violationsOf(run.out)).toEqual([]);
  });

  it('violated: a grant that ends too late and a live one the files do not give; plan lists them in JSON (valid), text and Markdown, and exits 3', async () => {
    const path = file(BREAKS);
    const json = await runCli(['plan', path, '--format', 'json'], { env: world.env });
    expect(json.code).toBe(3);
    // docs/evidence.md, "New and live violations": oncall's grant is the change's (new, it blocks); data's is live already (listed, not counted).
    expect(json.err).toBe('plan: the access once applied breaks a policy of the files; apply will refuse this plan.\n');
    const violations = violationsOf(json.out);
    expect(violations.map((v) => `${v.target?.name} | ${v.team?.name} | ${v.status}`)).toEqual(['api-prod | oncall | new', 'etl-prod | data | live']);
    expect(violations.map((v) => v.message)).toEqual(BROKEN);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(JSON.parse(json.out)), JSON.stringify(validate.errors)).toBe(true);
    const text = await runCli(['plan', path], { env: world.env });
    expect(text.code).toBe(3);
    for (const message of BROKEN) expect(text.out).toContain(`  [break-glass admin ends within a week] ${message}\n`);
    expect(text.out).toContain('Already live, not caused by this change (1 violation); they do not block:\n');
    const markdown = await runCli(['plan', path, '--format', 'markdown'], { env: world.env });
    expect(markdown.code).toBe(3);
    expect(markdown.out).toContain('until end of 2026-04-30 UTC');
  });

  it('apply refuses the plan that breaks it (exit 3) and writes nothing', async () => {
    const run = await runCli(['apply', file(BREAKS), '--auto-approve'], { env: world.env });
    expect(run.code).toBe(3);
    // Refused for the violation the change makes; the one already live is not the plan's to refuse.
    expect(run.err).toContain(`[break-glass admin ends within a week] ${BROKEN[0]}`);
    expect(run.err).not.toContain(BROKEN[1]);
    expect(writes()).toEqual([]);
  });

  it('drift lists a live grant that never ends (exit 2), with no change to make', async () => {
    const path = file(files('{ access: admin, expires: 2026-03-05 }').replace(/ {6}oncall:.*\n/, ''));
    const json = await runCli(['drift', path, '--format', 'json'], { env: world.env });
    expect(json.code).toBe(2);
    expect((JSON.parse(json.out) as { changes: unknown[] }).changes).toEqual([]);
    expect(violationsOf(json.out).map((v) => `${v.target?.name} | ${v.team?.name} | ${v.message}`)).toEqual([`etl-prod | data | ${BROKEN[1]}`]);
    expect(json.err).toBe('drift: live access breaks a policy of the files.\n');
    const text = await runCli(['drift', path], { env: world.env });
    expect(text.code).toBe(2);
    expect(text.out).toContain(`  [break-glass admin ends within a week] ${BROKEN[1]}\n`);
  });

  it('report checks it on the access it reports: live, and once the files are applied (--after)', async () => {
    const path = file(BREAKS);
    const live = await runCli(['report', path, '--format', 'json'], { env: world.env });
    expect(live.code, live.err).toBe(0);
    expect(violationsOf(live.out).map((v) => v.message)).toEqual([BROKEN[1]]);
    const after = await runCli(['report', path, '--after', '--format', 'json'], { env: world.env });
    expect(after.code, after.err).toBe(0);
    expect(violationsOf(after.out).map((v) => v.message)).toEqual(BROKEN);
  });

  it('no more than the days: a grant that ends exactly a week ahead keeps it, one that ends later breaks it', async () => {
    const earlier = await runCli(['plan', file(KEEPS), '--format', 'json'], { env: { ...world.env, TFE_ACCESS_NOW: '2026-02-27T00:00:00Z' } });
    // oncall's admin ends 2026-03-06T00:00:00Z, 7 days on; data's 2026-03-07T12:00:00Z, 8 and a half.
    expect(violationsOf(earlier.out).map((v) => v.message)).toEqual([
      'team "data" has admin on workspace "etl-prod" until 2026-03-07T12:00:00Z: a grant of admin must expire within 7 days',
    ]);
    // data's admin breaks it as it is already (its end is the files' either way): the change does not make it, so it does not block (docs/evidence.md).
    expect(violationsOf(earlier.out).map((v) => v.status)).toEqual(['live']);
    expect(earlier.code).toBe(0);
  });

  it("a saved plan carries the grants' ends it was checked with, sealed; apply --plan checks them again and applies", async () => {
    const planFile = join(world.dir, 'reviewed.plan.json');
    const planned = await runCli(['plan', file(KEEPS), '--out', planFile], { env: world.env });
    expect(planned.code, planned.err).toBe(0);
    const document = JSON.parse(readFileSync(planFile, 'utf8')) as Record<string, unknown> & { basis: { expiries: unknown[] } };
    expect(document.basis.expiries).toEqual([
      { team: 'team-oncall', target: 'ws-apiprod', at: '2026-03-06T00:00:00Z' },
      { team: 'team-sre', target: 'ws-apiprod', at: '2026-03-05T00:00:00Z' },
      { team: 'team-data', target: 'ws-etlprod', at: '2026-03-07T12:00:00Z' },
    ]);
    // Without oncall's end, its admin grant would be permanent: an edit refused by the seal, and with the seal redone, by the check (exit 3).
    const edited: Record<string, unknown> = { ...document, basis: { ...document.basis, expiries: document.basis.expiries.slice(1) } };
    const { [INTEGRITY_KEY]: seal, ...rest } = edited;
    const forged = join(world.dir, 'forged.plan.json');
    writeFileSync(forged, JSON.stringify({ ...rest, [INTEGRITY_KEY]: seal }));
    const unsealed = await runCli(['apply', '--plan', forged, '--auto-approve'], { env: world.env });
    expect(unsealed.code).toBe(1);
    expect(unsealed.err).toContain('is not a usable saved plan');
    writeFileSync(forged, JSON.stringify({ ...rest, [INTEGRITY_KEY]: integrityOf(rest) }));
    const refused = await runCli(['apply', '--plan', forged, '--auto-approve'], { env: world.env });
    expect(refused.code).toBe(3);
    expect(refused.err).toContain('team "oncall" has admin on workspace "api-prod" with no expiry');
    expect(writes()).toEqual([]);
    const applied = await runCli(['apply', '--plan', planFile, '--auto-approve'], { env: world.env });
    expect(applied.code, applied.err).toBe(0);
    expect(writes().length).toBeGreaterThan(0);
  });
});
