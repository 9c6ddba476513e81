// The canary token's three homes (docs/api.md, "Authentication conventions"): TFE_TOKEN, the
// TF_TOKEN_<host> variable, and the credentials.tfrc.json of `terraform login` in a temporary
// HOME. Every command runs once per source; `expectClean` looks for the canary in every text
// the tool printed and every file it wrote.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { CANARY, type ScriptServer } from '../api/script-server.js';

export { CANARY };
/** A second canary, never valid anywhere: the "bad token" runs use it. */
export const BAD_CANARY = 'canary-bad-51f0.atlasv1.never-valid-never-printed';

export type Source = 'TFE_TOKEN' | 'TF_TOKEN_host' | 'credentials file';
export const SOURCES: readonly Source[] = ['TFE_TOKEN', 'TF_TOKEN_host', 'credentials file'];

/** The environment that hands `token` to the CLI through `source`, with a fresh HOME. */
export async function envFor(source: Source, token: string, address: string): Promise<{ env: Record<string, string>; home: string }> {
  const home = await mkdtemp(join(tmpdir(), 'tfe-access-home-'));
  const hostname = new URL(address).hostname;
  const env: Record<string, string> = { HOME: home, TFE_ADDRESS: address, TFE_ACCESS_DEBUG: '1' };
  if (source === 'TFE_TOKEN') env.TFE_TOKEN = token;
  if (source === 'TF_TOKEN_host') env[`TF_TOKEN_${hostname.replaceAll('.', '_')}`] = token;
  if (source === 'credentials file') {
    await mkdir(join(home, '.terraform.d'), { recursive: true });
    await writeFile(join(home, '.terraform.d', 'credentials.tfrc.json'), JSON.stringify({ credentials: { [hostname]: { token } } }));
  }
  return { env, home };
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/** Neither canary in any of `texts`, nor in any file under `dirs` (the credentials file excepted). */
export async function expectClean(what: string, texts: readonly string[], dirs: readonly string[] = []): Promise<void> {
  for (const text of texts) {
    expect(text.includes(CANARY), `${what}: the canary leaked into ${text.slice(0, 300)}`).toBe(false);
    expect(text.includes(BAD_CANARY), `${what}: the bad canary leaked into ${text.slice(0, 300)}`).toBe(false);
  }
  for (const dir of dirs) {
    for (const file of await filesUnder(dir)) {
      if (file.endsWith('credentials.tfrc.json')) continue;
      const text = await readFile(file, 'utf8');
      expect(text.includes(CANARY) || text.includes(BAD_CANARY), `${what}: a canary was written into ${file}`).toBe(false);
    }
  }
}

export async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

export const removeAll = (...dirs: string[]): Promise<void[]> => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));

/** The servers and folders a test file makes, closed and removed after each test. */
export function cleanedAfterEach(): { readonly servers: ScriptServer[]; readonly dirs: string[] } {
  const made = { servers: [] as ScriptServer[], dirs: [] as string[] };
  afterEach(async () => {
    await Promise.all(made.servers.map((s) => s.close()));
    await removeAll(...made.dirs);
    made.servers.length = 0;
    made.dirs.length = 0;
  });
  return made;
}
