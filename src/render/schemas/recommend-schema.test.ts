import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recommendSchema } from './recommend-schema.js';

const SCHEMA_FILE = new URL('../../../schemas/recommend.schema.json', import.meta.url);

describe('schemas/recommend.schema.json', () => {
  it('is the schema built by recommendSchema (WRITE_SCHEMA=1 rewrites it)', () => {
    const generated = `${JSON.stringify(recommendSchema(), null, 2)}\n`;
    if (process.env.WRITE_SCHEMA) writeFileSync(SCHEMA_FILE, generated);
    expect(existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });
});
