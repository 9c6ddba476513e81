// The plan's checksum: sha256 of its changes in their canonical JSON form, so the same changes
// always give the same checksum. The one Node built-in a pure folder uses (eslint.config.js,
// PURE_BUILTINS): hashing reads nothing and writes nothing.
import { createHash } from 'node:crypto';
import { changeDocument } from '../core/plan-document.js';
import type { Change } from '../core/plan.js';

export function checksumOf(changes: readonly Change[]): string {
  return createHash('sha256').update(JSON.stringify(changes.map(changeDocument))).digest('hex');
}
