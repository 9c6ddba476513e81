#!/usr/bin/env node
// The bin (dist/cli/main.js): the CLI (cli/main.ts, dist/cli/cli.js) and the files it requires,
// loaded with the code caches the build made for them (cli/bundle-loader.ts; docs/performance.md, "Start-up").
// Only this file is compiled from its source at every start: keep it this small.
import type { Module } from 'node:module';
import { join } from 'node:path';
import { bundleLoader } from './bundle-loader.js';

const here = import.meta.dirname;
// Built as CommonJS (scripts/bundle.mjs), the bin has Node's `require` and `module` of its own:
// its require resolves from dist/cli/, as the bundle's files need, and its module's class is Module.
const node = { require, Module: module.constructor as typeof Module };
const cli = bundleLoader(here, join(here, '..', 'code-cache'), node).load('cli.js') as typeof import('./main.js');
cli.start();
