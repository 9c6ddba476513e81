// The demo organization: acme as examples/acme describes it, after a few weeks of clicking in the
// UI (see the comment on top of the seed file). The seed is a file of the package, under
// examples/emulator/, so users can start the same organization with `tfe-access emulator --seed`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSeedFile } from '../../emulator/seed-file.js';
import type { SeedDocument } from '../../emulator/types.js';

/** The package root: src/cli/demo/ and dist/cli/demo/ are both three levels down. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DEMO_SEED_FILE = 'examples/emulator/acme.seed.yaml';
export const DEMO_ORGANIZATION = 'acme';
/** Not a secret: the organization token of the seed file; it opens only the demo's own emulator. */
export const DEMO_TOKEN = 'tfe-access-demo-token';

export function demoSeed(): SeedDocument {
  return loadSeedFile(join(PACKAGE_ROOT, DEMO_SEED_FILE));
}
