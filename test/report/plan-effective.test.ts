// What a plan does to effective access, end to end against the report organization: the rises and
// falls per team with their cause, the shadowed grant changes, in every format; and the reads it
// takes beyond the managed targets (only where a change reaches targets the files do not manage).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { planSchema } from '../../src/render/schemas/plan-schema.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';
import { ORG_TOKEN, SEED } from './seed.js';

const world = emulatorAndFolder({ seed: SEED, token: ORG_TOKEN, prefix: 'tfe-access-plan-effective-', per: 'file' });

// Manages project platform (not its workspaces) and workspace lake (not its project, data).
// developers: platform write -> maintain; vault gets platform write (it is already admin on
// networking-prod by a workspace grant the files do not manage); sre: platform read -> write
// (manage-projects: shadowed); vault gets read on lake (its data maintain grant holds it at admin).
const FILE = `organization: acme
projects:
  platform:
    teams:
      developers: maintain
      sre: write
      vault: write
workspaces:
  lake:
    teams:
      ops: read
      vault: read
`;

describe('plan: what the changes do to effective access', () => {
  it('json: every rise and fall with its cause, shadowed changes with what holds them, valid against the plan schema', async () => {
    writeFileSync(join(world.dir, 'tfe-access.yaml'), FILE);
    world.emulator.resetLog();
    const run = await runCli(['plan', world.dir, '--format', 'json', '--rate-limit', '0'], { env: world.env, cwd: world.dir });
    expect(run.code, run.err).toBe(0);
    const document = JSON.parse(run.out);
    const validate = new Ajv2020({ strict: false }).compile(planSchema());
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const lines = (document.effective_changes as any[]).map(
      (e) =>
        `${e.team.name} ${e.target.type} ${e.target.name}: ${e.before} -> ${e.after} ${e.direction} via ${e.via.map((v: any) => `${v.type} ${v.name} ${v.action} ${v.access}`).join(' + ')}${e.held_by ? ` held by ${JSON.stringify(e.held_by)}` : ''}`,
    );
    expect(lines).toEqual([
      'developers project platform: write -> maintain rises via project platform update maintain',
      'developers workspace networking-dev: write -> admin rises via project platform update maintain',
      'developers workspace networking-prod: write -> admin rises via project platform update maintain',
      'sre project platform: admin -> admin none via project platform update write held by [{"kind":"organization","permission":"manage-projects"}]',
      'vault project platform: null -> write rises via project platform add write',
      'vault workspace lake: admin -> admin none via workspace lake add read held by [{"kind":"project","name":"data","id":"prj-data","access":"maintain"}]',
      // networking-prod is not listed: vault's workspace grant there (admin, not in the files) holds it.
      'vault workspace networking-dev: null -> write rises via project platform add write',
    ]);
    // Beyond the plan's own reads: the two unmanaged workspaces of platform (its workspace list
    // came with name resolution) and, for lake, the project list and the grants of project data.
    const reads = (path: string, id: string) => world.emulator.requests.filter((r) => r.path.endsWith(path) && r.query.includes(id)).length;
    expect([reads('/team-workspaces', 'ws-netprod'), reads('/team-workspaces', 'ws-netdev'), reads('/team-projects', 'prj-data')]).toEqual([1, 1, 1]);
  });

  it('text and markdown say the same in words', async () => {
    const text = await runCli(['plan', world.dir, '--no-color', '--rate-limit', '0'], { env: world.env, cwd: world.dir });
    expect(text.out).toContain(
      [
        'Effective access:',
        '  developers: write -> maintain on project platform, through project platform: maintain',
        '  developers: write -> admin on 2 workspaces, through project platform: maintain',
        '      networking-dev, networking-prod',
        '  vault: none -> write on project platform, through project platform: write',
        '  vault: none -> write on workspace networking-dev, through project platform: write',
        '  = sre: no effect on project platform: the change to write leaves it admin, held by organization manage-projects',
        '  = vault: no effect on workspace lake: adding read leaves it admin, held by project data: maintain',
      ].join('\n'),
    );
    const markdown = await runCli(['plan', world.dir, '--format', 'markdown', '--rate-limit', '0'], { env: world.env, cwd: world.dir });
    expect(markdown.out).toContain('**Effective access**\n\n- developers: write -&gt; maintain on project platform, through project platform: maintain\n');
    expect(markdown.out).toContain('- developers: write -&gt; admin on 2 workspaces, through project platform: maintain<br>networking-dev, networking-prod\n');
    expect(markdown.out).toContain('- vault: no effect on workspace lake: adding read leaves it admin, held by project data: maintain\n');
  });
});
