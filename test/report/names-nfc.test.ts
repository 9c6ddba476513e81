// `report --team`, `--project` and `--workspace` find a name typed in another Unicode normalisation
// than the organization's (issue 24, Build 8: names compare after NFC; a terminal may type "é"
// decomposed), as the files' names are found (test/plan/selectors-empty.test.ts). The scope keeps
// the names as given; a name that is not there at all is still an error with near misses.
import { describe, expect, it } from 'vitest';
import { CAFE_NFC, CAFE_NFD, JOSE_NFC, JOSE_NFD, useWorld } from '../plan/selectors-world.js';
import { runCli } from '../support/cli.js';

const w = useWorld();

type Json = { projects: { name: string }[]; workspaces: { name: string; teams: { name: string }[] }[]; scope: { teams: string[]; projects: string[] } };

describe('report names after Unicode NFC', () => {
  it("--team and --project written decomposed find the organization's team and project", async () => {
    // José given read on cafe-api, as the organization spells both.
    const granted = await runCli(
      ['apply', w.file(`organization: acme\nworkspaces:\n  cafe-api:\n    prune: false\n    teams:\n      ${JOSE_NFC}: read\n`), '--auto-approve'],
      { env: w.env },
    );
    expect(granted.code, granted.err).toBe(0);
    const run = await runCli(['report', '--organization', 'acme', '--team', JOSE_NFD, '--project', CAFE_NFD, '--format', 'json'], { env: w.env });
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as Json;
    expect(report.projects.map((p) => p.name)).toEqual([CAFE_NFC]);
    expect(report.workspaces.map((x) => `${x.name}: ${x.teams.map((t) => t.name).join(', ')}`)).toEqual([`cafe-api: ${JOSE_NFC}`]);
    expect(report.scope).toMatchObject({ teams: [JOSE_NFD], projects: [CAFE_NFD] });
  });

  it('a name that differs by more than normalisation is still not found, with a near miss', async () => {
    const run = await runCli(['report', '--organization', 'acme', '--team', 'Josi'], { env: w.env });
    expect(run.code).toBe(1);
    expect(run.err).toBe(`tfe-access report: team "Josi" in organization "acme": not found, or the token may not see it. Did you mean "${JOSE_NFC}"?\n`);
  });
});
