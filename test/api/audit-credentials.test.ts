// The audit token (docs/connecting.md, "Audit token"): TFE_AUDIT_TOKEN, else `audit_token` beside
// `token` in the host's block of the credentials files, by the API token's host rules; absent is
// no error; the same character check; no message ever holds it.
import { describe, expect, it } from 'vitest';
import { auditConnectionFrom, findAuditToken } from '../../src/api/credentials.js';

const CANARY = 'audit-canary-5c1e.atlasv1.secret';
const HOME = '/home/me';
const LOGIN_FILE = `${HOME}/.terraform.d/credentials.tfrc.json`;

function files(contents: Record<string, unknown>): (path: string) => string | undefined {
  return (path) => (path in contents ? JSON.stringify(contents[path]) : undefined);
}

const lookup = (env: Record<string, string>, read: (path: string) => string | undefined, host = 'tfe.example.com') => ({
  env,
  homeDir: HOME,
  hostname: host.split(':')[0] ?? host,
  host,
  read,
});

describe('the audit token', () => {
  it('TFE_AUDIT_TOKEN first, whatever the files hold', () => {
    const read = files({ [LOGIN_FILE]: { credentials: { 'tfe.example.com': { token: 't', audit_token: 'from-file' } } } });
    expect(findAuditToken(lookup({ TFE_AUDIT_TOKEN: CANARY }, read))).toEqual({ token: CANARY, source: 'TFE_AUDIT_TOKEN' });
  });

  it("else the credentials file's audit_token beside token in the host's block, the source naming the file and the field", () => {
    const read = files({ [LOGIN_FILE]: { credentials: { 'tfe.example.com': { token: 'main', audit_token: CANARY } } } });
    expect(findAuditToken(lookup({}, read))).toEqual({ token: CANARY, source: `${LOGIN_FILE} (audit_token)` });
  });

  it('the host with its port first, then the bare host name, as for the API token; TF_CLI_CONFIG_FILE after the login file', () => {
    const config = '/etc/tf.json';
    const read = files({
      [LOGIN_FILE]: { credentials: { 'tfe.example.com': { token: 'main' } } },
      [config]: { credentials: { 'tfe.example.com:8443': { audit_token: CANARY }, 'tfe.example.com': { audit_token: 'bare' } } },
    });
    expect(findAuditToken(lookup({ TF_CLI_CONFIG_FILE: config }, read, 'tfe.example.com:8443'))?.token).toBe(CANARY);
  });

  it('absent is no error: no variable, no file, no field, another host', () => {
    expect(findAuditToken(lookup({}, () => undefined))).toBeUndefined();
    const read = files({ [LOGIN_FILE]: { credentials: { 'tfe.example.com': { token: 'main' }, 'other.test': { audit_token: CANARY } } } });
    expect(findAuditToken(lookup({}, read))).toBeUndefined();
    expect(auditConnectionFrom({ address: 'https://tfe.example.com' }, {}, HOME, read)).toBeUndefined();
  });

  it('the main token is never taken for the audit token (TFE_TOKEN, TF_TOKEN_..., the file token)', () => {
    const read = files({ [LOGIN_FILE]: { credentials: { 'tfe.example.com': { token: 'main' } } } });
    expect(findAuditToken(lookup({ TFE_TOKEN: 'main', TF_TOKEN_tfe_example_com: 'main' }, read))).toBeUndefined();
  });

  it('whitespace or control characters: one line naming the source, never the token', () => {
    let message = '';
    try {
      findAuditToken(lookup({ TFE_AUDIT_TOKEN: `${CANARY}\n` }, () => undefined));
    } catch (error: unknown) {
      message = (error as Error).message;
    }
    expect(message).toBe('The token from TFE_AUDIT_TOKEN contains whitespace or control characters.');
    expect(message).not.toContain(CANARY);
  });

  it('the connection: the same address rules as the API token, the audit token and its source', () => {
    const connection = auditConnectionFrom({ address: 'http://127.0.0.1:8080' }, { TFE_AUDIT_TOKEN: CANARY }, HOME, () => undefined);
    expect(connection).toEqual({ baseUrl: 'http://127.0.0.1:8080/api/v2', host: '127.0.0.1:8080', token: CANARY, tokenSource: 'TFE_AUDIT_TOKEN' });
  });
});
