#!/usr/bin/env node
// The bin (dist/cli/main.js): the CLI (cli/main.ts, dist/cli/cli.js) and the files it requires,
// loaded with the code caches the build made for them (cli/bundle-loader.ts; docs/performance.md, "Start-up").
// Only this file is compiled from its source at every start: keep it this small.
import { join } from 'node:path';
import { bundleLoader } from './bundle-loader.js';

const here = import.meta.dirname;
const cli = bundleLoader(here, join(here, '..', 'code-cache')).load('cli.js') as typeof import('./main.js');
cli.start();
