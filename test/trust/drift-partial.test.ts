// Issue 24, Build 5: drift says what it could not see in every format, as plan does
// (test/plan/scope.test.ts has plan's partial and drift's filtered). The token is team padmin's
// (admin of project platform, not an owner's): it sees the secret team vault's grant there, not vault.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { closeGuardedWorld, openGuardedWorld, PADMIN_TOKEN } from '../apply/support.js';
import { runCli } from '../support/cli.js';

const FILE = 'organization: guarded\nprojects:\n  platform:\n    teams:\n      padmin: admin\n      interns: read\n';
const UNSEEN = 'Partial: grants on project "platform" name teams the token cannot see.';
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema());

describe('drift made with a token that cannot see a secret team holding a grant', () => {
  it('says partial in JSON (valid, with the reason), in text under the summary and in a Markdown warning', async () => {
    const world = await openGuardedWorld('tfe-access-drift-partial-', FILE);
    try {
      const padmin = { ...world.env, TFE_TOKEN: PADMIN_TOKEN };
      const json = await runCli(['drift', world.file, '--format', 'json'], { env: padmin });
      expect(json.code, json.err).toBe(0);
      const document = JSON.parse(json.out) as Record<string, unknown>;
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
      expect(document).toMatchObject({
        complete: false,
        incomplete: [{ code: 'grants-of-unseen-teams', targets: ['project "platform"'] }],
        scope: { paths: [world.file], targets: [] },
      });
      expect((await runCli(['drift', world.file], { env: padmin })).out.split('\n')[1]).toBe(UNSEEN);
      const markdown = (await runCli(['drift', world.file, '--format', 'markdown'], { env: padmin })).out;
      expect(markdown).toContain(`> [!WARNING]\n> ${UNSEEN}\n`);
      expect(markdown).toContain('<!-- tfe-access-drift organization=guarded -->');
      // The owner's drift of the same files is whole.
      expect(JSON.parse((await runCli(['drift', world.file, '--format', 'json'], { env: world.env })).out)).toMatchObject({ complete: true, incomplete: [] });
    } finally {
      await closeGuardedWorld(world);
    }
  });
});
