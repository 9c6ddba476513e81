// Servers that stall (issue 9, build 3, "slow bodies / stalls"): no headers ever, or half a body
// then silence. Every attempt ends at its timeout (shortened here through SessionOptions.timeouts;
// the CLI's are 30 s) and the call fails with a TransportError naming the request and the
// timeout, without the token. A body that is slow but keeps coming is read whole.
import { describe, expect, it } from 'vitest';
import type { TfeClient } from '../../src/api/client.js';
import { TransportError } from '../../src/api/errors/transport-error.js';
import { expectNoCanary, type ScriptServer, type Step } from '../api/script-server.js';
import { scriptedClients } from '../api/scripted-client.js';

const TIMEOUTS = { headersMs: 150, bodyMs: 150 };
const RETRY = { retries: 1, baseDelayMs: 1, maxDelayMs: 2 };
const PAGE = '{"data":[],"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":0}}}';

const scripted = scriptedClients({ rateLimit: 0, retry: RETRY, timeouts: TIMEOUTS });
const clientFor = (step: Step): Promise<{ client: TfeClient; server: ScriptServer }> => scripted([step]);

const stallBeforeHeaders: Step = () => undefined;
const stallMidBody: Step = (res) => {
  res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': String(PAGE.length) });
  res.write(PAGE.slice(0, 20));
};
const slowButSteady: Step = (res) => {
  res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'content-length': String(PAGE.length) });
  let at = 0;
  const next = (): void => {
    if (at >= PAGE.length) return void res.end();
    res.write(PAGE.slice(at, at + 10));
    at += 10;
    setTimeout(next, 40);
  };
  next();
};

describe('stalled and slow servers', () => {
  it.each([
    ['no headers', stallBeforeHeaders, 'UND_ERR_HEADERS_TIMEOUT'],
    ['half a body', stallMidBody, 'UND_ERR_BODY_TIMEOUT'],
  ])('%s: each attempt times out, then a TransportError names the request', async (_name, step, code) => {
    const { client, server } = await clientFor(step);
    const error = await client.listTeams('acme').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toMatch(new RegExp(`^Request failed without an answer \\(${code}\\): GET /organizations/acme/teams`));
    expect(server.seen).toHaveLength(1 + RETRY.retries);
    expectNoCanary(error);
  });

  it('a body that keeps coming, slower in total than the body timeout, is read whole', async () => {
    const { client } = await clientFor(slowButSteady);
    expect(await client.listTeams('acme')).toEqual([]);
  });
});
