// The tool's own name and version, as an evidence bundle's manifest records them (docs/evidence.md,
// "Evidence bundle"). \`tfe-access --version\` prints cli/main.ts's VERSION, kept apart so that
// \`--help\` loads no more than it did; test/evidence/tool.test.ts keeps the two and package.json equal.
export const TOOL = { name: 'tfe-access', version: '0.1.0' } as const;
