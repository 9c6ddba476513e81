// The tool's own name and version: what `tfe-access --version` prints (cli/main.ts) and what an
// evidence bundle's manifest records (docs/evidence.md, "Evidence bundle"). One place, so the two
// never disagree.
export const TOOL = { name: 'tfe-access', version: '0.1.0' } as const;
