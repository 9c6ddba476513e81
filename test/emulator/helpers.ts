// Shared helpers of the emulator's end-to-end tests: a tiny fetch client and a seed fixture.
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../../src/emulator/start.js';
import type { EmulatorOptions, RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { CLIError } from '../../src/errors.js';

export const MEDIA = 'application/vnd.api+json';
export const ADMIN = DEFAULT_ADMIN_TOKEN;

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface Client {
  get(path: string, token?: string | null): Promise<Reply>;
  post(path: string, body: unknown, token?: string | null): Promise<Reply>;
  patch(path: string, body: unknown, token?: string | null): Promise<Reply>;
  del(path: string, token?: string | null): Promise<Reply>;
  raw(path: string, init: RequestInit): Promise<Reply>;
}

export function client(emu: RunningEmulator, defaultToken: string | null = ADMIN): Client {
  const raw = async (path: string, init: RequestInit): Promise<Reply> => {
    const res = await fetch(`${emu.url}/api/v2${path}`, init);
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
  };
  const call = (method: string, path: string, body: unknown, token: string | null | undefined) => {
    const t = token === undefined ? defaultToken : token;
    const headers: Record<string, string> = { 'Content-Type': MEDIA };
    if (t !== null) headers.Authorization = `Bearer ${t}`;
    return raw(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  };
  return {
    get: (path, token) => call('GET', path, undefined, token),
    post: (path, body, token) => call('POST', path, body, token),
    patch: (path, body, token) => call('PATCH', path, body, token),
    del: (path, token) => call('DELETE', path, undefined, token),
    raw,
  };
}

/** A small organization with every kind of team the authorization rules distinguish. */
export const SEED: SeedDocument = {
  organizations: [
    {
      name: 'acme',
      email: 'admin@acme.test',
      token: 'acme-org-token',
      teams: [
        { name: 'owners', id: 'team-owners', tokens: ['owners-token'] },
        { name: 'platform-admins', id: 'team-padmin', tokens: ['padmin-token'] },
        { name: 'developers', id: 'team-dev', tokens: ['dev-token'] },
        { name: 'observers', id: 'team-obs', tokens: ['obs-token'] },
        { name: 'vault', id: 'team-vault', visibility: 'secret', tokens: ['vault-token'] },
        { name: 'sre', id: 'team-sre', tokens: ['sre-token'] },
        { name: 'org-managers', id: 'team-mgr', tokens: ['mgr-token'], 'organization-access': { 'manage-projects': true } },
      ],
      projects: [
        { name: 'platform', id: 'prj-platform' },
        { name: 'other', id: 'prj-other' },
      ],
      workspaces: [
        { name: 'networking-prod', project: 'platform', id: 'ws-net' },
        { name: 'standalone', id: 'ws-alone' },
      ],
      'team-projects': [
        { team: 'platform-admins', project: 'platform', access: 'admin', id: 'tprj-padmin' },
        { team: 'developers', project: 'platform', access: 'read', id: 'tprj-dev' },
        { team: 'observers', project: 'platform', access: 'read', id: 'tprj-obs' },
        { team: 'vault', project: 'platform', access: 'custom', id: 'tprj-vault', 'workspace-access': { runs: 'plan' } },
      ],
      'team-workspaces': [
        { team: 'sre', workspace: 'standalone', access: 'admin', id: 'tws-sre' },
        { team: 'developers', workspace: 'standalone', access: 'read', id: 'tws-dev' },
        { team: 'observers', workspace: 'standalone', access: 'read', id: 'tws-obs' },
        { team: 'vault', workspace: 'standalone', access: 'write', id: 'tws-vault' },
      ],
    },
    { name: 'globex', token: 'globex-org-token', teams: [{ name: 'devs', id: 'team-globex-devs', tokens: ['globex-dev-token'] }] },
  ],
};

export async function withEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ seed: SEED, rateLimit: 0, ...options });
}

export function projectGrantBody(projectId: string, teamId: string, attributes: Record<string, unknown>): unknown {
  return {
    data: {
      type: 'team-projects',
      attributes,
      relationships: { project: { data: { type: 'projects', id: projectId } }, team: { data: { type: 'teams', id: teamId } } },
    },
  };
}

export function workspaceGrantBody(workspaceId: string, teamId: string, attributes: Record<string, unknown>): unknown {
  return {
    data: {
      type: 'team-workspaces',
      attributes,
      relationships: { workspace: { data: { type: 'workspaces', id: workspaceId } }, team: { data: { type: 'teams', id: teamId } } },
    },
  };
}

/** A fresh emulator on the SEED fixture for every test of the file, with an admin client. */
export function useEmulator(options: EmulatorOptions = {}): { readonly emu: RunningEmulator; readonly api: Client } {
  const current = {} as { emu: RunningEmulator; api: Client };
  beforeEach(async () => {
    current.emu = await withEmulator(options);
    current.api = client(current.emu);
  });
  afterEach(() => current.emu.stop());
  return current;
}

/** The one-line error of starting an emulator on `seed`, or "no error". */
export async function seedError(seed: unknown): Promise<string> {
  try {
    const emu = await startEmulator({ seed: seed as SeedDocument });
    await emu.stop();
    return 'no error';
  } catch (error: unknown) {
    return error instanceof CLIError ? error.message : `not a CLIError: ${String(error)}`;
  }
}
