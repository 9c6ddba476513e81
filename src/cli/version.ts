// The tool's version, apart from main.ts so a command can name it (an evidence manifest does)
// without importing the entry that imports the commands.
export const TOOL_VERSION = '0.1.0';
