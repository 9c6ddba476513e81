// What the demo says: the steps it runs and the words around them. Pure text, kept apart from the
// mechanics in run.ts so the story can be read (and reworded) in one place.
import { EXIT } from '../../errors.js';

/** What earlier steps printed that later ones use: the checksum of the plan the reviewer read. */
export interface DemoContext {
  readonly checksum?: string;
}

export interface DemoStep {
  readonly title: string;
  readonly before: string;
  readonly argv: (context: DemoContext) => readonly string[];
  /** The exit code that means the step did what the story says. */
  readonly expect: number;
  readonly after: string;
}

export const INTRO = (
  url: string,
  organization: string,
  files: string,
): string => `tfe-access demo: the whole job on a local emulator. No account, no token, no network.

The emulator of the HCP Terraform API is running at ${url} with the organization
"${organization}". Its team access drifted from ${files}, the files that describe it: someone
raised developers to write by hand, an intern got access, the auditors' grant was lost, and a
break-glass grant was made for an incident (that team is in settings.ignore-teams).
`;

export const DEMO_STEPS = (files: string, organization: string): readonly DemoStep[] => [
  {
    title: 'Validate the files (offline: YAML, the JSON Schema, the rules across files)',
    before: 'In CI this runs on every pull request, with --format github for inline annotations.',
    argv: () => ['validate', files],
    expect: EXIT.ok,
    after: 'Valid: the plan can be trusted to mean what the files say.',
  },
  {
    title: 'Plan: read live access and show what would change',
    before: 'This is the plan a reviewer reads; CI posts it on the pull request (--format markdown).',
    argv: () => ['plan', files],
    expect: EXIT.ok,
    after: 'Nothing has changed yet: plan only reads. The break-glass grant is not in the plan (ignored team).',
  },
  {
    title: 'Apply: make the changes',
    before:
      'After the merge, CI applies with --auto-approve and the checksum of the plan the reviewer read:\napply refuses (and changes nothing) if a fresh plan differs from it.',
    argv: ({ checksum }) => ['apply', files, '--auto-approve', ...(checksum ? ['--checksum', checksum] : [])],
    expect: EXIT.ok,
    after: 'Applied: adds and updates first, removals last, each checked by the safety guards.',
  },
  {
    title: 'Drift: check that live access now matches the files',
    before: 'On a schedule, CI runs drift; exit 2 means someone changed access by hand again.',
    argv: () => ['drift', files],
    expect: EXIT.ok,
    after: 'No drift: live access matches the files (exit 0).',
  },
  {
    title: 'Export: how you start on an organization that has no files yet',
    before: 'export writes live access as a desired-state file; plan of that file shows no changes.',
    argv: () => ['export', '--organization', organization, '--workspace', 'billing-api-prod'],
    expect: EXIT.ok,
    after: 'With --all (and --split-by project --out DIR) it writes the whole organization.',
  },
];

export const OUTRO = (seconds: number, requests: number): string => `
Done in ${seconds.toFixed(1)} s, ${requests} API requests; the emulator is stopped.

Next, on your own organization (a token in TFE_TOKEN, or \`terraform login\`):
  tfe-access export --organization YOUR_ORG --all --out tfe-access.yaml
  tfe-access plan tfe-access.yaml          # no changes: the file describes what is there
Then edit the file, review the plan, and apply. docs/ci.md, "CI on GitHub Actions", sets it up in CI.
`;
