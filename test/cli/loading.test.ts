// Commands are loaded lazily: `tfe-access --help` imports no command module, and `validate` (offline)
// never imports the HTTP stack. Proven on the built CLI with a module hook that records every import.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.IMPORTS_LOG, result.url + '\\n');
  return result;
}
`;
const REGISTER = `import { register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url));
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tfe-access-loading-'));
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  writeFileSync(join(dir, 'register.mjs'), REGISTER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The URLs of every module the built CLI imports for these arguments, and its exit code. */
function importsOf(args: string[]): { code: number | null; urls: string[] } {
  const log = join(dir, `${args.join('_').replace(/\W/g, '_')}.log`);
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, 'dist/cli/main.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', IMPORTS_LOG: log },
  });
  return { code: run.status, urls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const HTTP_STACK = /\/dist\/api\/|\/node_modules\/undici\//;

describe('lazy commands', () => {
  it('tfe-access --help imports no command module', () => {
    const { code, urls } = importsOf(['--help']);
    expect(code).toBe(0);
    expect(urls.some((url) => url.endsWith('/dist/cli/registry.js'))).toBe(true);
    expect(urls.filter((url) => url.includes('/dist/cli/commands/'))).toEqual([]);
  });

  it('validate imports its own command, and nothing of the HTTP stack', () => {
    const { code, urls } = importsOf(['validate', 'examples/acme']);
    expect(code).toBe(0);
    expect(urls.filter((url) => url.includes('/dist/cli/commands/')).map((url) => url.replace(/.*\/dist\//, ''))).toEqual(['cli/commands/validate.js']);
    expect(urls.filter((url) => HTTP_STACK.test(url))).toEqual([]);
  });

  it('the hook sees the HTTP stack where it is imported (plan --help)', () => {
    const { code, urls } = importsOf(['plan', '--help']);
    expect(code).toBe(0);
    expect(urls.some((url) => HTTP_STACK.test(url))).toBe(true);
  });
});
