// The one SHA-256 of the tool, as lowercase hex: the plan's checksum, saved plans' fingerprints,
// export's header, the evidence bundle's files and review rows' keys all hash through it. Pure
// (hashing reads and writes nothing), so the one Node built-in of a pure folder is here
// (eslint.config.js, PURE_BUILTINS).
import { createHash } from 'node:crypto';

export function sha256Hex(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
