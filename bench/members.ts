// `npm run bench -- --scenario members` (issue 27): the requests to read the membership of 200 teams
// and 1,000 people (bench/generate/people.ts) as a plan reads it, the team list then `readPeople`,
// beside the bound (the pages of the organization-membership list and of the team list, and 5), with
// the emulator in its own process at the plan scenarios' rate limit and latency. Writes
// `.bench/members.json`; a reader that needs more than the bound, or misreads a person, exits 1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { TfeClient } from '../src/api/client.js';
import type { LivePeople } from '../src/core/person.js';
import { readPeople } from '../src/live/people.js';
import { EmulatorProcess } from './emulator-control.js';
import { generatePeople, MEMBERS_SPEC, membersBound, pagesOf } from './generate/people.js';
import { BENCH_TOKEN } from './generate/seed.js';
import { RESULTS_DIR } from './throughput.js';

/** The plan scenarios' pace (reconcile/scenarios.ts, `small`): R=30, L=20 ms. */
const RATE_LIMIT = 30;
const LATENCY_MS = 20;

interface Phase {
  readonly requests: number;
  readonly wallMs: number;
}

async function measure<T>(emulator: EmulatorProcess, run: () => Promise<T>): Promise<Phase & { readonly value: T }> {
  await emulator.resetLog();
  const start = performance.now();
  const value = await run();
  const wallMs = performance.now() - start;
  return { value, wallMs, requests: (await emulator.counters()).counters.total };
}

/** Every generated person read with the teams they must be read with. */
function misread(read: LivePeople, expected: ReadonlyMap<string, readonly string[]>): string[] {
  const byEmail = new Map(read.people.map((p) => [p.email, p]));
  const key = (ids: readonly string[]): string => [...ids].sort().join(',');
  return [...expected].filter(([email, teams]) => key(byEmail.get(email)?.teamIds ?? ['(missing)']) !== key(teams)).map(([email]) => email);
}

export async function runMembers(): Promise<number> {
  const generated = generatePeople(MEMBERS_SPEC);
  const emulator = await EmulatorProcess.start({ seed: generated.seed, rateLimit: RATE_LIMIT, faults: { latencyMs: LATENCY_MS }, profile: 'current' });
  const client = new TfeClient({ baseUrl: `${emulator.url}/api/v2`, token: BENCH_TOKEN, rateLimit: RATE_LIMIT });
  try {
    const teams = await measure(emulator, () => client.listTeams(MEMBERS_SPEC.organization));
    const people = await measure(emulator, () => readPeople(client, MEMBERS_SPEC.organization, teams.value));
    const memberships = people.value.people.length;
    const bound = membersBound(memberships, teams.value.length);
    const total = teams.requests + people.requests;
    const wrong = misread(people.value, generated.teamsByEmail);
    const hidden = [...people.value.hidden.values()].reduce((n, ids) => n + ids.length, 0);
    const s = (ms: number): string => (ms / 1000).toFixed(2);
    const lines = [
      `bench members: the membership of ${MEMBERS_SPEC.teams} teams and ${MEMBERS_SPEC.people} people (${generated.invitedEmails.size} invited, ${generated.serviceEmails.size} service accounts, one in ${MEMBERS_SPEC.busyEvery} in ${MEMBERS_SPEC.manyTeams} teams, ${MEMBERS_SPEC.teamTokens} team tokens, ${MEMBERS_SPEC.hidden} hidden members of owners); emulator current, R=${RATE_LIMIT}, L=${LATENCY_MS} ms`,
      `  ${'phase'.padEnd(8)} ${'requests'.padStart(9)} ${'pages'.padStart(6)} ${'wall s'.padStart(7)}`,
      `  ${'teams'.padEnd(8)} ${String(teams.requests).padStart(9)} ${String(pagesOf(teams.value.length)).padStart(6)} ${s(teams.wallMs).padStart(7)}`,
      `  ${'people'.padEnd(8)} ${String(people.requests).padStart(9)} ${String(pagesOf(memberships)).padStart(6)} ${s(people.wallMs).padStart(7)}`,
      `  ${'members'.padEnd(8)} ${String(total).padStart(9)} ${String(pagesOf(memberships) + pagesOf(teams.value.length)).padStart(6)} ${s(teams.wallMs + people.wallMs).padStart(7)}`,
      `  read: ${teams.value.length} teams, ${memberships} memberships (${people.value.statusCounts?.invited ?? '?'} invited), ${hidden} hidden members; ${wrong.length} people read with the wrong teams`,
      '  targets:',
      `  ${total <= bound ? 'PASS' : 'MISS'}  members requests: ${total} (target <= ${bound}: ${pagesOf(memberships)} membership pages + ${pagesOf(teams.value.length)} team pages + 5)`,
      `  ${wrong.length === 0 ? 'PASS' : 'MISS'}  people read with their teams: ${generated.teamsByEmail.size - wrong.length} of ${generated.teamsByEmail.size}`,
    ];
    const record = {
      scenario: 'members',
      spec: MEMBERS_SPEC,
      teams: { requests: teams.requests, wallMs: teams.wallMs },
      people: { requests: people.requests, wallMs: people.wallMs },
      total,
      bound,
      memberships,
      hidden,
      misread: wrong.length,
    };
    process.stdout.write(`${lines.join('\n')}\nBENCH_JSON ${JSON.stringify(record)}\n`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(`${RESULTS_DIR}/members.json`, `${JSON.stringify(record, null, 2)}\n`);
    return total <= bound && wrong.length === 0 ? 0 : 1;
  } finally {
    await client.close();
    await emulator.stop();
  }
}
