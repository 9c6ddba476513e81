import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIError } from '../errors.js';
import { addressFrom, isLoopback } from './address.js';
import { connectionFrom, hostOfTokenVariable, tokenVariableOf } from './credentials.js';

const CANARY = 'canary-token-3f9a.atlasv1.secret';
const NO_FILES = () => undefined;

function connectionFromMessage(home: string): string {
  try {
    connectionFrom({}, {}, home);
  } catch (error: unknown) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('address', () => {
  it.each([
    [{ address: 'https://tfe.example.com' }, {}, 'https://tfe.example.com/api/v2', '--address'],
    [{ address: 'https://tfe.example.com/api/v2/' }, {}, 'https://tfe.example.com/api/v2', '--address'],
    [{}, { TFE_ADDRESS: 'https://tfe.example.com:8443/prefix/', TFE_HOSTNAME: 'other' }, 'https://tfe.example.com:8443/prefix/api/v2', 'TFE_ADDRESS'],
    [{}, { TFE_HOSTNAME: 'tfe.example.com' }, 'https://tfe.example.com/api/v2', 'TFE_HOSTNAME'],
    [{}, {}, 'https://app.terraform.io/api/v2', 'default'],
    [{ address: 'http://127.0.0.1:8080' }, {}, 'http://127.0.0.1:8080/api/v2', '--address'],
  ])('%j %j -> %s', (flags, env, baseUrl, source) => {
    expect(addressFrom(flags, env)).toMatchObject({ baseUrl, source });
  });
  it('refuses plain http to a non-loopback host, and other schemes', () => {
    expect(() => addressFrom({ address: 'http://tfe.example.com' }, {})).toThrow(/Refusing plain http:\/\/ to tfe\.example\.com/);
    expect(() => addressFrom({ address: 'ftp://x' }, {})).toThrow(CLIError);
    expect(() => addressFrom({ address: 'https://user:pw@x' }, {})).toThrow(/user name or password/);
  });
  it('regression: TFE_HOSTNAME=http://... becomes https://http//... and fails on DNS instead of pointing at TFE_ADDRESS', () => {
    for (const value of ['http://localhost:8080', 'https://tfe.example.com', 'tfe.example.com/prefix']) {
      expect(() => addressFrom({}, { TFE_HOSTNAME: value }), value).toThrow(
        `TFE_HOSTNAME takes a host name (such as tfe.example.com or tfe.example.com:8443), got "${value}": set TFE_ADDRESS for a full URL.`,
      );
    }
    // A host name with a port is still one.
    expect(addressFrom({}, { TFE_HOSTNAME: 'tfe.example.com:8443' }).baseUrl).toBe('https://tfe.example.com:8443/api/v2');
  });
  it('knows loopback hosts', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.10', '[::1]'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', 'example.com', '128.0.0.1', '[::2]'].some(isLoopback)).toBe(false);
  });
});

describe('token sources, in order', () => {
  it('TFE_TOKEN first', () => {
    const c = connectionFrom({}, { TFE_TOKEN: CANARY, TF_TOKEN_app_terraform_io: 'other' }, '/nowhere', NO_FILES);
    expect(c).toMatchObject({ token: CANARY, tokenSource: 'TFE_TOKEN', host: 'app.terraform.io' });
  });
  it('then TF_TOKEN_<host>, dots as underscores, hyphens as double underscores or as is', () => {
    expect(connectionFrom({}, { TF_TOKEN_app_terraform_io: CANARY }, '/nowhere', NO_FILES).tokenSource).toBe('TF_TOKEN_app_terraform_io');
    const env = { TFE_HOSTNAME: 'my-tfe.example.com', TF_TOKEN_my__tfe_example_com: CANARY };
    expect(connectionFrom({}, env, '/nowhere', NO_FILES).token).toBe(CANARY);
    expect(connectionFrom({}, { TFE_HOSTNAME: 'my-tfe.example.com', 'TF_TOKEN_my-tfe_example_com': CANARY }, '/nowhere', NO_FILES).token).toBe(CANARY);
    expect(hostOfTokenVariable('TF_TOKEN_App_Terraform_IO')).toBe('app.terraform.io');
    expect(tokenVariableOf('my-tfe.example.com')).toBe('TF_TOKEN_my__tfe_example_com');
  });
  it('then credentials.tfrc.json, then the JSON config of TF_CLI_CONFIG_FILE', () => {
    const home = mkdtempSync(join(tmpdir(), 'tfe-access-cred-'));
    mkdirSync(join(home, '.terraform.d'));
    writeFileSync(join(home, '.terraform.d', 'credentials.tfrc.json'), JSON.stringify({ credentials: { 'app.terraform.io': { token: CANARY } } }));
    expect(connectionFrom({}, {}, home)).toMatchObject({ token: CANARY, tokenSource: join(home, '.terraform.d', 'credentials.tfrc.json') });
    const config = join(home, 'cli.tfrc.json');
    writeFileSync(config, JSON.stringify({ credentials: { 'tfe.example.com:8443': { token: `${CANARY}-2` } } }));
    const c = connectionFrom({ address: 'https://tfe.example.com:8443' }, { TF_CLI_CONFIG_FILE: config }, home);
    expect(c).toMatchObject({ token: `${CANARY}-2`, tokenSource: config });
  });
  it('names every source tried, never a value, when there is no token', () => {
    const home = mkdtempSync(join(tmpdir(), 'tfe-access-cred-'));
    const config = join(home, 'terraformrc');
    writeFileSync(config, `credentials "app.terraform.io" { token = "${CANARY}" }`);
    let message = '';
    try {
      connectionFrom({}, { TF_CLI_CONFIG_FILE: config, TF_TOKEN_other_host: CANARY }, home);
    } catch (error: unknown) {
      expect(error).toBeInstanceOf(CLIError);
      message = (error as Error).message;
    }
    expect(message).toContain('No API token for app.terraform.io');
    for (const source of ['TFE_TOKEN', 'TF_TOKEN_app_terraform_io', 'credentials.tfrc.json (no such file)', 'terraformrc (not a JSON config'])
      expect(message).toContain(source);
    expect(message).not.toContain(CANARY);
    expect(connectionFromMessage(home)).toBe(
      `No API token for app.terraform.io. Tried, in order: TFE_TOKEN (not set), TF_TOKEN_app_terraform_io (not set), ${join(home, '.terraform.d', 'credentials.tfrc.json')} (no such file), TF_CLI_CONFIG_FILE (not set). Set TFE_TOKEN, or run \`terraform login app.terraform.io\`.`,
    );
  });
  it('refuses a token that could break the header, without showing it', () => {
    expect(() => connectionFrom({}, { TFE_TOKEN: `${CANARY}\nX-Evil: 1` }, '/nowhere', NO_FILES)).toThrow(/TFE_TOKEN contains whitespace/);
    try {
      connectionFrom({}, { TFE_TOKEN: `${CANARY}\n` }, '/nowhere', NO_FILES);
    } catch (error: unknown) {
      expect(String(error)).not.toContain(CANARY);
    }
  });
});
