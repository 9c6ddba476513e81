// Who changed it in every format (docs/drift.md, "Who changed it"; docs/plan.md, "Formats"): the
// text's words after each item and its one line on the read, the Markdown table, the JSON's
// `attribution` and `audit` against the schema; and drift without an audit token as a user runs it.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, demoSeed } from '../../src/cli/demo/seed.js';
import type { AuditEvent, AuditTrailReader } from '../../src/core/audit.js';
import { grantChanges, type Plan, planChanges } from '../../src/core/plan.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator } from '../../src/emulator/types.js';
import { planFromFiles } from '../../src/pipeline/use-cases/plan.js';
import { renderPlan } from '../../src/render/render.js';
import { ROOT, runCli } from '../support/cli.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const PLATFORM = 'prj-lnRUcOl7uebdFUEI';

let emulator: RunningEmulator;
let env: Record<string, string>;
let attributed: Plan;

const validate = new Ajv2020({ strict: false }).compile(JSON.parse(readFileSync(`${ROOT}schemas/plan.schema.json`, 'utf8')) as object);

function event(
  id: string,
  at: string,
  action: string,
  team: string,
  name: string,
  type: AuditEvent['actor']['type'] = 'Client',
  impersonator: string | null = null,
): AuditEvent {
  return { id, at, actor: { id: `user-${name}`, name, type, impersonator }, resourceType: 'project', resourceId: PLATFORM, action, team };
}

beforeAll(async () => {
  // An organization older than the trail's 14 days: an item with no event may be older than what was read.
  const seed = demoSeed();
  seed.organizations[0] = { ...seed.organizations[0]!, 'created-at': '2025-01-02T03:04:05.000Z' };
  emulator = await startEmulator({ seed, rateLimit: 0 });
  env = { TFE_TOKEN: DEMO_TOKEN, TFE_ADDRESS: emulator.url };
  const events = [
    event('e1', '2026-11-20T14:03:27.000Z', 'remove_team', 'auditors', 'ana'),
    event('e2', '2026-11-21T09:30:00.000Z', 'add_team', 'interns', 'bo', 'Impersonated', 'admin-1'),
  ];
  const reader: AuditTrailReader = { readAuditTrail: () => Promise.resolve({ kind: 'read', events, pages: 1 }) };
  const connection = { env: { ...env, HOME: '/nonexistent' }, rateLimit: 0, concurrency: 4 };
  const result = await planFromFiles({
    paths: ['examples/acme'],
    cwd: ROOT,
    connection,
    run: { now: NOW },
    read: { concurrency: 4 },
    audit: { always: true, reader },
  });
  attributed = result.plan;
});
afterAll(() => emulator.stop());

describe('attribution in each format', () => {
  it('text: each item says who and when, or why not; one line on what the read covered; drift ends with both ways out', () => {
    const text = renderPlan(attributed, 'text', { color: false, kind: 'drift' });
    expect(text).toContain('Who changed it: from the audit trail since 2026-11-12 12:00 UTC (2 events read in 1 request).\n');
    expect(text).toMatch(/^ {2}\+ auditors {4}custom {2}by ana \(Client\) 2026-11-20 14:03 UTC$/m);
    expect(text).toMatch(/^ {2}- interns {5}read {2}by bo \(Impersonated by admin-1\) 2026-11-21 09:30 UTC$/m);
    expect(text).toMatch(/^ {2}~ developers {2}write -> custom \(role deployer\) {2}\(who: not known: older-than-retention\)$/m);
    expect(text.endsWith('To write live access into the files (adopt):\n  tfe-access drift --adopt examples/acme\n')).toBe(true);
    expect(text).toContain('To put live access back as the files say (revert):\n  tfe-access apply examples/acme\n');
  });

  it('text of a plan (not drift): who, but no ways out', () => {
    const text = renderPlan(attributed, 'text', { color: false, kind: 'plan' });
    expect(text).toContain('by ana (Client)');
    expect(text).not.toContain('tfe-access drift --adopt');
  });

  it('markdown: one table of every item, fit for a pull request body', () => {
    const md = renderPlan(attributed, 'markdown', { color: false, kind: 'drift' });
    expect(md).toContain(
      [
        '**Who changed it**',
        '',
        'Who changed it: from the audit trail since 2026-11-12 12:00 UTC (2 events read in 1 request).',
        '',
        '| item | who | token type | when | event |',
        '|---|---|---|---|---|',
        '| + project platform: auditors custom | ana | Client | 2026-11-20 14:03 UTC | `project.remove_team` |',
        '| ~ project platform: developers write -&gt; custom (role deployer) | not known: older-than-retention |  |  |  |',
        '| - project platform: interns read | bo | Impersonated by admin-1 | 2026-11-21 09:30 UTC | `project.add_team` |',
        '| ~ workspace networking-prod: developers write -&gt; read | not known: older-than-retention |  |  |  |',
        '',
      ].join('\n'),
    );
    expect(md).toContain('- write live access into the files (adopt): `tfe-access drift --adopt examples/acme`\n');
  });

  it('json: attribution on each change, audit at the top, valid against the schema', () => {
    const document = JSON.parse(renderPlan(attributed, 'json', { color: false })) as { changes: { attribution: unknown }[]; audit: unknown };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.changes[0]?.attribution).toEqual({
      actor: 'ana',
      type: 'Client',
      impersonator: null,
      at: '2026-11-20T14:03:27.000Z',
      event: 'project.remove_team',
      self: false,
    });
    expect(document.changes[1]?.attribution).toEqual({ unattributed: 'older-than-retention' });
    expect(document.audit).toEqual({
      since: new Date(NOW - 14 * DAY).toISOString(),
      until: new Date(NOW).toISOString(),
      events: 2,
      pages: 1,
      logged: null,
      unavailable: null,
      detail: null,
    });
  });

  it('json: team and member changes carry it too, valid against the schema; a wrong one is refused', () => {
    const team = { unattributed: 'not-recorded' } as const;
    const member = { actor: 'ana', type: 'System', impersonator: null, at: '2026-11-20T14:03:27.000Z', event: 'team.add_member', self: true } as const;
    const plan: Plan = {
      ...attributed,
      ...planChanges({
        grant: grantChanges(attributed),
        team: [{ action: 'delete', id: 'team-abc', name: 'by-hand', grants: [], attribution: team }],
        member: [
          {
            action: 'remove',
            team: { name: 'ops', id: 'team-ops' },
            person: { email: 'bo@example.com', username: 'bo', membershipId: 'ou-1', status: 'active' },
            attribution: member,
          },
        ],
      }),
      pendingInvites: [],
    };
    const document = JSON.parse(renderPlan(plan, 'json', { color: false })) as {
      team_changes: { attribution: unknown }[];
      member_changes: { attribution: unknown }[];
    };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.team_changes[0]?.attribution).toEqual(team);
    expect(document.member_changes[0]?.attribution).toEqual(member);
    const text = renderPlan(plan, 'text', { color: false });
    expect(text).toMatch(/- by-hand {2}delete .* {2}\(who: not known: not-recorded\)$/m);
    expect(text).toMatch(/- bo@example.com {2}remove from ops {2}by self 2026-11-20 14:03 UTC$/m);
    const wrong = { ...document, member_changes: [{ ...document.member_changes[0], attribution: { unattributed: 'because' } }] };
    expect(validate(wrong)).toBe(false);
  });
});

describe('drift without an audit token, as a user runs it', () => {
  it('works as before, exit 2, one line for the whole run, and the exact commands of this run', async () => {
    const run = await runCli(['drift', 'examples/acme', '--target', 'project:platform'], { env });
    expect(run.code).toBe(2);
    expect(run.out.match(/^Who changed it/gm)).toHaveLength(1);
    expect(run.out).toContain('Who changed it: not known for any item, no audit token was given (TFE_AUDIT_TOKEN; docs/drift.md, "Who changed it").\n');
    expect(run.out).not.toContain('(who: not known');
    expect(run.out).toContain('  tfe-access apply examples/acme --target project:platform\n');
    expect(run.out).toContain('  tfe-access drift --adopt examples/acme --target project:platform\n');
  });

  it('json: each change says no-audit-token, the audit says why, valid against the schema', async () => {
    const run = await runCli(['drift', 'examples/acme', '--format', 'json'], { env });
    const document = JSON.parse(run.out) as { changes: { attribution: unknown }[]; audit: unknown };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.changes.map((c) => c.attribution)).toEqual(document.changes.map(() => ({ unattributed: 'no-audit-token' })));
    expect(document.audit).toEqual({ since: null, until: null, events: 0, pages: 0, logged: null, unavailable: 'no-audit-token', detail: null });
  });

  it('a path with a space is quoted in the commands', async () => {
    const plan = { ...attributed, scope: { ...attributed.scope, paths: ['access files/acme'] } };
    expect(renderPlan(plan, 'text', { color: false, kind: 'drift' })).toContain("  tfe-access apply 'access files/acme'\n");
  });

  it('no drift: no ways out', async () => {
    const plan: Plan = { ...attributed, changes: [], summary: { add: 0, update: 0, remove: 0 } };
    expect(renderPlan(plan, 'text', { color: false, kind: 'drift' })).not.toContain('tfe-access apply');
    expect(renderPlan(plan, 'markdown', { color: false, kind: 'drift' })).not.toContain('Settle it');
  });
});
