// The organization the selector tests plan against (selectors.test.ts, selectors-empty.test.ts): an
// emulator per test, a file to write, and the files' shapes they vary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';

const TOKEN = 'selectors-org-token';
/** "José", written precomposed (NFC, as the organization has it) and decomposed (NFD, as a file may). */
export const JOSE_NFC = 'Jos\u00e9';
export const JOSE_NFD = 'Jose\u0301';
export const ZOE_NFC = 'Zo\u00eb';
export const ZOE_NFD = 'Zoe\u0308';
export const CAFE_NFC = 'Caf\u00e9';
export const CAFE_NFD = 'Cafe\u0301';
const SEED: SeedDocument = {
  profile: 'current',
  organizations: [
    {
      name: 'acme',
      token: TOKEN,
      teams: ['owners', 'sre', 'dev', 'auditors', JOSE_NFC, ZOE_NFC].map((name, i) => ({ name, id: `team-t${i}`, visibility: 'organization' as const })),
      projects: [
        { name: 'platform', id: 'prj-platform1' },
        { name: 'legacy', id: 'prj-legacy1' },
        { name: CAFE_NFC, id: 'prj-cafe1' },
      ],
      workspaces: [
        { name: 'api-prod', id: 'ws-apiprod', project: 'platform', 'tag-names': ['prod'] },
        { name: 'api-dev', id: 'ws-apidev', project: 'platform', 'tag-names': ['dev'] },
        { name: 'old-prod', id: 'ws-oldprod', project: 'legacy', 'tag-names': ['prod'] },
        { name: 'cafe-api', id: 'ws-cafeapi', project: CAFE_NFC },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'api-prod', access: 'admin', id: 'tws-sreapi' },
        { team: 'dev', workspace: 'api-prod', access: 'write', id: 'tws-devapi' },
        { team: 'dev', workspace: 'api-dev', access: 'admin', id: 'tws-devdev' },
        { team: 'dev', workspace: 'old-prod', access: 'admin', id: 'tws-devold' },
      ],
    },
  ],
};

export interface World {
  readonly env: Record<string, string>;
  /** access.yaml in the test's directory. */
  readonly path: string;
  /** Writes access.yaml; its path. */
  file(text: string): string;
  /** Every request that is not a GET, as `METHOD path`. */
  writes(): string[];
}

/** A fresh emulator and directory for each test of the calling file. */
export function useWorld(): World {
  let emulator: RunningEmulator;
  let dir = '';
  const world = {
    env: {} as Record<string, string>,
    get path() {
      return join(dir, 'access.yaml');
    },
    file(text: string): string {
      writeFileSync(world.path, text);
      return world.path;
    },
    writes: (): string[] => emulator.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
  };
  beforeEach(async () => {
    emulator = await startEmulator({ seed: SEED, rateLimit: 0 });
    world.env = { TFE_TOKEN: TOKEN, TFE_ADDRESS: emulator.url };
    dir = mkdtempSync(join(tmpdir(), 'tfe-access-selectors-'));
  });
  afterEach(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return world;
}

export interface JsonPlan {
  changes: { action: string; team: { name: string; id: string }; target: { name: string } }[];
  warnings: { code: string; message: string }[];
  violations: unknown[];
}
export const planOf = (out: string): JsonPlan => JSON.parse(out) as JsonPlan;

/** `FILE:LINE:COL` of the first `needle` in `text`, pointing `offset` characters into it. */
export function place(path: string, text: string, needle: string, offset = 0): string {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`no ${needle}`);
  return `${path}:${line + 1}:${(lines[line] as string).indexOf(needle) + offset + 1}`;
}

export const SET = (match: string): string => `organization: acme
workspace-sets:
  s:
    match: ${match}
    teams: { sre: read }
`;
export const PROJECT_SET = (match: string): string => `organization: acme
project-sets:
  p:
    match: ${match}
    teams: { sre: read }
`;
export const POLICY = (rest: string): string => `organization: acme
policies:
  - name: x
${rest}`;
