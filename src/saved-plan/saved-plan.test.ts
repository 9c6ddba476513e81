import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGrantApi } from '../../test/apply/fake-grant-api.js';
import { savedPlanDocument, writeSavedPlan } from '../../test/support/saved-plan.js';
import { arbScenario, arbScenarioWithRoles } from '../../test/support/states.js';
import type { DesiredState } from '../core/desired-state.js';
import type { LiveState } from '../core/model.js';
import { grantChanges } from '../core/plan.js';
import { buildPlan as diffPlan } from '../diff/plan.js';
import { guardInputsOf, guardPlan } from '../guard/plan-refusals.js';
import { readSavedPlan } from './file.js';
import { fingerprintDesired, fingerprintGrants, INTEGRITY_KEY, integrityOf } from './fingerprint.js';
import { parseSavedPlan } from './parse.js';
import { SavedPlanError } from './reader.js';
import { savedPlanOf } from './saved-plan.js';
import { assertFresh, StalePlanError } from './stale.js';

/** The plan as `plan` makes it: the diff, then the guards. */
const buildPlan = (desired: DesiredState, live: LiveState) => guardPlan(diffPlan(desired, live), guardInputsOf(desired, live));
const sample = fc.sample(
  arbScenario.filter(({ desired, live }) => buildPlan(desired, live).changes.length > 1),
  { numRuns: 1, seed: 7 },
)[0]!;
const samplePlan = () => savedPlanOf(buildPlan(sample.desired, sample.live), sample.desired, sample.live, 'http://127.0.0.1:1');
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** What someone who edits a plan and recomputes its seal writes. */
const resealed = (document: Record<string, unknown>): Record<string, unknown> => ({ ...document, [INTEGRITY_KEY]: integrityOf(document) });
/** The path of every leaf value of a JSON document. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [path];
  const entries = Object.entries(value);
  return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-saved-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('saved plan document', () => {
  it('reads back exactly the plan and basis it was written from (property)', () => {
    fc.assert(
      fc.property(arbScenario, ({ desired, live }) => {
        const saved = savedPlanOf(buildPlan(desired, live), desired, live);
        expect(parseSavedPlan('p.json', roundTrip(savedPlanDocument(saved)))).toEqual(saved);
      }),
      { numRuns: 100 },
    );
  });

  it('reads back the roles a plan names, before and after (property)', () => {
    let named = 0;
    fc.assert(
      fc.property(arbScenarioWithRoles, ({ desired, live }) => {
        const saved = savedPlanOf(buildPlan(desired, live), desired, live);
        named += grantChanges(saved.plan).filter((c) => ('beforeRole' in c && c.beforeRole) || ('afterRole' in c && c.afterRole)).length;
        expect(parseSavedPlan('p.json', roundTrip(savedPlanDocument(saved)))).toEqual(saved);
      }),
      { numRuns: 100 },
    );
    expect(named).toBeGreaterThan(0);
  });

  it('refuses another format version, naming it', () => {
    const document = { ...savedPlanDocument(samplePlan()), format_version: 2 };
    expect(() => parseSavedPlan('p.json', document)).toThrow(SavedPlanError);
    expect(() => parseSavedPlan('p.json', document)).toThrow(/format_version is 2, and this tfe-access reads versions 3, 4, 5, 6 and 7 only/);
  });

  it('refuses a plan whose changes were edited after it was written: by the seal, and by the checksum when resealed', () => {
    const document = roundTrip(savedPlanDocument(samplePlan())) as any;
    document.plan.changes.pop();
    expect(() => parseSavedPlan('p.json', document)).toThrow(/integrity digest does not match its content/);
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(
      /plan\.checksum does not match its changes, organization, guard inputs, policies and violations/,
    );
  });

  it('refuses any edit of any value, wherever it is (property)', () => {
    const original = roundTrip(savedPlanDocument(samplePlan()));
    const leaves = leafPaths(original).filter((path) => path.at(-1) !== INTEGRITY_KEY);
    fc.assert(
      fc.property(fc.constantFrom(...leaves), fc.constantFrom<unknown>(0, 7, 'x', true, null), (path, value) => {
        const document = roundTrip(original) as Record<string, unknown>;
        const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], document);
        fc.pre(parent[path.at(-1)!] !== value);
        parent[path.at(-1)!] = value;
        expect(() => parseSavedPlan('p.json', document)).toThrow(SavedPlanError);
      }),
      { numRuns: 200 },
    );
  });

  it('names the path of a malformed field (in a file resealed after the edit)', () => {
    const document = roundTrip(savedPlanDocument(samplePlan())) as any;
    document.plan.changes[0].team.id = 7;
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(/plan\.changes\[0\]\.team\.id is not a string/);
  });

  it('refuses a permission the resource does not have (in a file resealed after the edit)', () => {
    const document = roundTrip(savedPlanDocument(samplePlan())) as any;
    const change = document.plan.changes.find((c: any) => c.after ?? c.before);
    (change.after ?? change.before).bogus = 'x';
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(/\.bogus is not a permission of team-/);
  });

  it('reads back how the grants were read (docs/connecting.md, "Reading by team"), and refuses a read it would not write', () => {
    const read = {
      strategy: 'by-target' as const,
      requests: 12,
      estimate: { byTarget: 11, byTeam: 9 },
      fallback: 'the server answered 404 to GET /team-workspaces',
    };
    const saved = samplePlan();
    const withRead = { ...saved, plan: { ...saved.plan, read } };
    expect(parseSavedPlan('p.json', roundTrip(savedPlanDocument(withRead)))).toEqual(withRead);
    const document = roundTrip(savedPlanDocument(withRead)) as any;
    document.plan.read.strategy = 'by-project';
    expect(() => parseSavedPlan('p.json', resealed(document))).toThrow(/plan\.read\.strategy is not one of by-target, by-team/);
    const extended = roundTrip(savedPlanDocument(withRead)) as any;
    extended.plan.read.extra = 1;
    expect(() => parseSavedPlan('p.json', resealed(extended))).toThrow(/plan\.read has keys a plan does not write/);
  });
});

describe('fingerprints', () => {
  it('do not depend on the order grants were listed or targets written in', () => {
    const target = [...sample.live.targets.values()].find((t) => t.grants.length > 1) ?? [...sample.live.targets.values()][0]!;
    expect(fingerprintGrants([...target.grants].reverse())).toBe(fingerprintGrants(target.grants));
    const reordered = { ...sample.desired, targets: [...sample.desired.targets].reverse() };
    expect(fingerprintDesired(reordered)).toBe(fingerprintDesired(sample.desired));
    expect(fingerprintDesired({ ...sample.desired, settings: { ...sample.desired.settings, maxRemovals: 99 } })).not.toBe(fingerprintDesired(sample.desired));
  });
});

describe('saved plan files', () => {
  it('are written with mode 0600, atomically, and read back', async () => {
    const file = join(dir, 'plan.json');
    await writeFile(file, 'old', { mode: 0o644 });
    await writeSavedPlan(file, samplePlan());
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['plan.json']);
    expect(await readSavedPlan(file)).toEqual(samplePlan());
  });

  it('refuses a file that is not JSON', async () => {
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"kind":');
    await expect(readSavedPlan(file)).rejects.toThrow(/broken\.json is not a saved plan of tfe-access: it is not JSON/);
  });

  it('holds no more than the document: address, ids, names, fingerprints', async () => {
    const file = join(dir, 'keys.json');
    await writeSavedPlan(file, samplePlan());
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')))).toEqual(['kind', 'format_version', 'address', 'basis', 'plan', 'integrity']);
  });
});

describe('assertFresh', () => {
  const grantsOf = () => [...sample.live.targets.values()].flatMap((t) => t.grants);

  it('accepts a reality that did not move', async () => {
    await expect(assertFresh(samplePlan(), new FakeGrantApi(grantsOf()), 2)).resolves.toBeUndefined();
  });

  it('names every target that moved', async () => {
    const api = new FakeGrantApi(grantsOf());
    const moved = [...sample.live.targets.values()][1]!;
    await api.addGrant(moved, 'team-someone-new', { access: 'read' });
    const error = await assertFresh(samplePlan(), api, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StalePlanError);
    expect((error as StalePlanError).moved.map((t) => t.id)).toEqual([moved.id]);
    expect((error as StalePlanError).exitCode).toBe(1);
    expect((error as Error).message).toContain(`${moved.type} "${moved.name}"`);
  });
});
