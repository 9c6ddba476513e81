// drift --adopt writing names YAML must quote (issue 39: team names as the service takes them): the
// document markers `---` and `...` (which yaml writes alone as a block scalar, over two lines), `<<`
// (a merge key when plain, which the files refuse), a
// colon, `#`, a leading `*`, `&`, `!` or `[`, a comma, a closing bracket, and strings that look like
// a boolean, a number or null, each written into a flow map and a block map of the files and into a
// flow list; the edited files read back as the same model (validate), and plan clean against the
// live access they were adopted from.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SeedOrganization } from '../../src/emulator/types.js';
import { runCli } from '../support/cli.js';
import { emulatorAndFolder } from '../support/world.js';

const TOKEN = 'acme-org-token';
const NAMES = ['---', '...', '<<', 'a: b', '#ops', 'x #y', '*star', '&amp', '!bang', '[sq', 'a,b', 'x]', 'yes', '1e3', 'null', '- dash', '? q', '"q"', "'s"];
const id = (i: number): string => `team-q${i}`;

const LIVE: SeedOrganization = {
  name: 'acme',
  token: TOKEN,
  teams: [{ name: 'owners', id: 'team-owners' }, { name: 'dev', id: 'team-dev' }, ...NAMES.map((name, i) => ({ name, id: id(i) }))],
  people: [
    { email: 'ana@acme.test', username: 'ana', teams: ['owners', 'dev'] },
    { email: 'bo@acme.test', username: 'bo', teams: ['dev', ...NAMES] },
  ],
  workspaces: [
    { name: 'flow', id: 'ws-flow' },
    { name: 'block', id: 'ws-block' },
  ],
  'team-workspaces': [
    { team: 'dev', workspace: 'flow', access: 'read' },
    { team: 'dev', workspace: 'block', access: 'read' },
    ...NAMES.flatMap((team) => [
      { team, workspace: 'flow', access: 'plan' as const },
      { team, workspace: 'block', access: 'write' as const },
    ]),
  ],
};

const FILE = `organization: acme
teams:
  dev: { members: [ana@acme.test] }
${NAMES.map((n) => `  ${JSON.stringify(n)}: { members: [] }`).join('\n')}
workspaces:
  flow: { teams: { dev: read } }
  block:
    teams:
      dev: read
`;

const at = emulatorAndFolder({ seed: { organizations: [LIVE] }, token: TOKEN, prefix: 'tfe-access-quoted-', files: { 'access.yaml': FILE } });

describe('drift --adopt with names YAML must quote', () => {
  it('writes each into flow maps, block maps and flow lists so the files read back the same and plan clean', async () => {
    const cli = (...args: string[]) => runCli([...args, '--rate-limit', '10000'], { env: at.env });
    expect((await runCli(['validate', at.dir])).code).toBe(0);
    const adopted = await cli('drift', at.dir, '--adopt');
    expect(adopted.code, adopted.out + adopted.err).toBe(2);
    const text = await readFile(`${at.dir}/access.yaml`, 'utf8');
    const document = parse(text);
    expect(document.workspaces.flow.teams).toEqual({ dev: 'read', ...Object.fromEntries(NAMES.map((n) => [n, 'plan'])) });
    expect(document.workspaces.block.teams).toEqual({ dev: 'read', ...Object.fromEntries(NAMES.map((n) => [n, 'write'])) });
    expect(document.teams.dev.members).toEqual(['ana@acme.test', 'bo@acme.test']);
    for (const n of NAMES) expect(document.teams[n], n).toEqual({ members: ['bo@acme.test'] });
    const validated = await runCli(['validate', at.dir]);
    expect(validated.code, validated.out + validated.err).toBe(0);
    const again = await cli('plan', at.dir, '--detailed-exitcode');
    expect(again.code, again.out + again.err).toBe(0);
  }, 120_000);
});
