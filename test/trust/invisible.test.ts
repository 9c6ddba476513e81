// Issue 36, finding 8: names and emails refuse invisible and bidirectional characters (Unicode
// format characters, category Cf), each at its FILE:LINE:COL naming the code point, every one of a
// run together; a policy exception's reason, free text, may hold them.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function validate(text: string): Promise<{ code: number; out: string; err: string }> {
  dir = await mkdtemp(join(tmpdir(), 'tfe-access-invisible-'));
  await writeFile(join(dir, 'access.yaml'), text);
  let out = '';
  let err = '';
  const io: IO = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) }, env: {}, isTTY: false, cwd: dir };
  const code = await main(['validate', 'access.yaml'], io);
  return { code, out, err };
}

const ZWSP = '\u200B';

describe('finding 8: invisible and bidirectional characters in names and emails', () => {
  it("finding 8: U+200B in an email of members:, in a team name and in a grant's team are refused at FILE:LINE:COL, all in one run", async () => {
    const run = await validate(`organization: globex
teams:
  data-eng:
    members: [ana@globex.test, erin@globex.test${ZWSP}]
  sre${ZWSP}:
    members:
      - bo@globex.test
workspaces:
  web:
    teams:
      data-eng${ZWSP}: read
`);
    expect(run.code).toBe(1);
    const lines = run.out.trimEnd().split('\n');
    expect(lines).toContain(
      'access.yaml:4:32: teams.data-eng.members[1]: "erin@globex.test<U+200B>" holds an invisible or bidirectional character, U+200B ZERO WIDTH SPACE: it would show as "erin@globex.test" and be another name; remove it',
    );
    expect(lines).toContain(
      'access.yaml:5:3: teams["sre<U+200B>"]: "sre<U+200B>" holds an invisible or bidirectional character, U+200B ZERO WIDTH SPACE: it would show as "sre" and be another name; remove it',
    );
    expect(lines).toContain(
      'access.yaml:11:7: workspaces.web.teams["data-eng<U+200B>"]: "data-eng<U+200B>" holds an invisible or bidirectional character, U+200B ZERO WIDTH SPACE: it would show as "data-eng" and be another name; remove it',
    );
    expect(lines.at(-1)).toMatch(/^\d+ problems in 1 file\.$/);
  });

  it("finding 8: bidi controls in a grant's team and a workspace name are named by their code points", async () => {
    const run = await validate(`organization: globex
workspaces:
  "web\u202Eved":
    teams:
      "dev\u2066\u2069": read
`);
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      'access.yaml:3:3: workspaces["web<U+202E>ved"]: "web<U+202E>ved" holds an invisible or bidirectional character, U+202E RIGHT-TO-LEFT OVERRIDE',
    );
    expect(run.out).toContain('U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE');
  });

  it("finding 8: a policy exception's reason, free text, may hold a joiner", async () => {
    const run = await validate(`organization: globex
workspaces:
  web:
    teams:
      dev: read
policies:
  - name: at most write
    workspaces: { names: [web] }
    max-access: write
    exceptions:
      - { team: dev, workspace: web, reason: "on call \u{1F468}\u200D\u{1F4BB}", expires: 2099-01-01 }
`);
    expect(run.out).not.toContain('invisible');
    expect(run.code, run.out).toBe(0);
  });
});
