// The tool's own name and version, as an evidence bundle's manifest records them (docs/evidence.md,
// "Evidence bundle") and `tfe-access --version` prints: one constant, so a command names it without
// importing the entry that imports the commands; test/evidence/tool.test.ts keeps it equal to package.json.
export const TOOL = { name: 'tfe-access', version: '0.1.0' } as const;
