// A stand-in `gh` that keeps pull requests between runs (a JSON file, GH_STATE), for the drift
// workflow's steps: `pr list --head`, `pr create`, `pr edit`, `pr comment`, `pr close`, and the
// repository's default branch. It prints what `gh` prints after the workflow's `--jq` filters (the
// filters themselves are not evaluated) and records every call.
import { existsSync, readFileSync } from 'node:fs';

export interface PullRequest {
  number: number;
  state: 'open' | 'closed';
  head: string;
  base: string;
  title: string;
  body: string;
  comments: string[];
}
export interface GhState {
  pulls: PullRequest[];
  calls: string[][];
}

export const FAKE_GH_PULLS = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
const file = process.env.GH_STATE;
const state = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { pulls: [], calls: [] };
state.calls.push(args);
const opt = (name) => args[args.indexOf(name) + 1];
const pull = () => state.pulls.find((p) => p.number === Number(args[2]));
const sub = args.slice(0, 2).join(' ');
if (args[0] === 'api' && args[1] === 'repos/' + process.env.GH_REPO && opt('--jq') === '.default_branch') {
  process.stdout.write('main\\n');
} else if (sub === 'pr list') {
  const open = state.pulls.filter((p) => p.state === opt('--state') && p.head === opt('--head'));
  if (open.length > 0) process.stdout.write(open[0].number + '\\n');
} else if (sub === 'pr create') {
  const number = state.pulls.length + 1;
  const body = fs.readFileSync(opt('--body-file'), 'utf8');
  state.pulls.push({ number, state: 'open', head: opt('--head'), base: opt('--base'), title: opt('--title'), body, comments: [] });
  process.stdout.write('https://github.com/' + process.env.GH_REPO + '/pull/' + number + '\\n');
} else if (sub === 'pr edit') {
  pull().body = fs.readFileSync(opt('--body-file'), 'utf8');
} else if (sub === 'pr comment') {
  pull().comments.push(opt('--body'));
} else if (sub === 'pr close') {
  pull().state = 'closed';
  pull().comments.push(opt('--comment'));
} else {
  process.stderr.write('fake gh: unexpected call: ' + args.join(' ') + '\\n');
  process.exit(9);
}
fs.writeFileSync(file, JSON.stringify(state));
`;

export function readGhState(file: string): GhState {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as GhState) : { pulls: [], calls: [] };
}
