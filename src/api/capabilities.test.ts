import { describe, expect, it } from 'vitest';
import { serverInfoFrom } from './capabilities.js';
import { announcedRateLimit } from './session.js';

describe('the ping headers', () => {
  it('read the product, its versions and the rate limit', () => {
    expect(
      serverInfoFrom({
        'tfp-appname': 'Terraform Enterprise',
        'tfp-api-version': '2.6.0',
        'x-tfe-version': 'v202604-1',
        'x-tfe-current-version': '1.2.0',
        'x-ratelimit-limit': '12',
      }),
    ).toEqual({ pinged: true, app: 'Terraform Enterprise', apiVersion: '2.6.0', version: 'v202604-1', numericVersion: '1.2.0', rateLimit: 12 });
  });
  it('leave out what is absent (older releases and HCP Terraform send fewer)', () => {
    expect(serverInfoFrom({ 'tfp-appname': 'HCP Terraform', 'tfp-api-version': '2.5' })).toEqual({ pinged: true, app: 'HCP Terraform', apiVersion: '2.5' });
    expect(serverInfoFrom({})).toEqual({ pinged: true });
  });
  it('drop hostile values: control characters, escapes, overlong or non-numeric text never reach a message or the plan', () => {
    const hostile = {
      'tfp-appname': 'HCP\u001b[31m Terraform',
      'tfp-api-version': '2.6\n::error::x',
      'x-tfe-version': 'v'.repeat(200),
      'x-tfe-current-version': '$(rm -rf)',
      'x-ratelimit-limit': '12abc',
    };
    expect(serverInfoFrom(hostile)).toEqual({ pinged: true });
  });
  it('drop a value that echoes the token', () => {
    const redact = (text: string): string => text.split('tok.atlasv1.secret').join('[redacted]');
    expect(serverInfoFrom({ 'x-tfe-version': 'tok.atlasv1.secret', 'tfp-api-version': '2.6.0' }, redact)).toEqual({ pinged: true, apiVersion: '2.6.0' });
  });
  it.each([
    ['30', 30],
    ['12.0', 12],
    [' 7 ', 7],
    ['0', undefined],
    ['-5', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['9999999999', undefined],
  ])('X-RateLimit-Limit %j is %j requests per second', (raw, expected) => {
    expect(announcedRateLimit({ 'x-ratelimit-limit': raw })).toBe(expected);
  });
});
