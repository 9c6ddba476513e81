// Preloaded into the CLI process the bench spawns (`node --import rss-probe.js dist/cli/main.js`):
// at exit it writes the process's peak resident set size (KiB, getrusage's ru_maxrss) to the file
// named by BENCH_RSS_FILE. Portable where /usr/bin/time is not, and measures exactly that process.
import { writeFileSync } from 'node:fs';

export const RSS_FILE_ENV = 'BENCH_RSS_FILE';

const file = process.env[RSS_FILE_ENV];
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
