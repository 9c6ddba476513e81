// The keyed seal of saved plans (docs/apply.md, "Saved plans": who can change one). With
// TFE_ACCESS_PLAN_KEY set (a CI secret), `plan --out` adds an HMAC-SHA256 of the bytes the public
// seal covers (fingerprint.ts, sealedText), and `apply --plan` and `show` with the key refuse a
// file whose HMAC is missing or wrong: whoever can only edit the file can recompute the public
// seal and the checksum, not the HMAC. The key comes from the environment the CLI passes in, and
// is never printed, logged or saved: it lives in a private field, which neither util.inspect nor
// JSON.stringify shows.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { JsonValue } from '../core/json-value.js';
import { CLIError } from '../errors.js';
import { HMAC_KEY, INTEGRITY_KEY, integrityOf, sealedText } from './fingerprint.js';

export const PLAN_KEY_ENV = 'TFE_ACCESS_PLAN_KEY';
/** A shorter key could be guessed offline by whoever can read a plan; `openssl rand -hex 32` gives 64 characters. */
export const MIN_PLAN_KEY_LENGTH = 16;

/** What the reader found of the keyed seal: checked with the key, or present and not checked (no key). Absent: no HMAC. */
export type HmacState = 'verified' | 'not-verified';

export class PlanKey {
  readonly #secret: string;

  private constructor(secret: string) {
    this.#secret = secret;
  }

  /** The key of the environment; undefined when TFE_ACCESS_PLAN_KEY is not set. */
  static from(env: Readonly<Record<string, string | undefined>>): PlanKey | undefined {
    const value = env[PLAN_KEY_ENV];
    if (value === undefined) return undefined;
    // An unset CI secret is often an empty variable: sealing with it would seal with nothing.
    if (value.trim() === '') throw new CLIError(`${PLAN_KEY_ENV} is set but empty: set it to the secret that seals saved plans, or unset it.`);
    if (value.length < MIN_PLAN_KEY_LENGTH)
      throw new CLIError(`${PLAN_KEY_ENV} is shorter than ${MIN_PLAN_KEY_LENGTH} characters: use a long random secret (\`openssl rand -hex 32\`).`);
    return new PlanKey(value);
  }

  /** HMAC-SHA256 (hex) of what the seals cover. */
  hmacOf(document: Readonly<Record<string, unknown>>): string {
    return createHmac('sha256', this.#secret).update(sealedText(document)).digest('hex');
  }

  /** True when `hmac` is the document's, compared in constant time. */
  verifies(document: Readonly<Record<string, unknown>>, hmac: string): boolean {
    const expected = Buffer.from(this.hmacOf(document), 'utf8');
    const given = Buffer.from(hmac, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The saved plan's document sealed (render/plan/saved-plan-document.ts writes the rest): `integrity`
 * covers every other key (parse.ts checks it), and with the key, `hmac` covers the same bytes.
 */
export function sealDocument(content: { readonly [key: string]: JsonValue }, key?: PlanKey): { [key: string]: JsonValue } {
  return { ...content, [INTEGRITY_KEY]: integrityOf(content), ...(key ? { [HMAC_KEY]: key.hmacOf(content) } : {}) };
}
