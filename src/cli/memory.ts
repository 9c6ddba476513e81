// One full garbage collection, between loading the desired state and reading live access.
// Parsing a large desired-state file leaves its garbage in the heap (the YAML token stream and
// nodes: about 170 MiB for a 1.4 MB file of 10,000 workspaces), and V8 sets its next collection by
// what was alive during that parse; the grant lists read next then grow the heap up to that mark
// before V8 collects again. Collecting once here, when only the desired state is alive (about
// 15 MB), brought the peak of that plan from 285-332 MiB to about 230 MiB (docs/performance.md, "Performance").
// V8 has no API for it: `gc` exists only in a context created after `--expose-gc` is set. That flag
// is process-wide, so only the CLI, which owns its process, turns it on: it hands this function to
// the use cases as `RunOptions.afterLoad` (src/pipeline/run/request.ts). It is turned off again once
// the context has its `gc`: V8 takes a code cache only under the flags it was made with, and the
// files a run loads after this one start from theirs (cli/bundle-loader.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

export function collectGarbage(): void {
  try {
    if (!collect) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
      setFlagsFromString('--no-expose-gc');
    }
    collect();
  } catch {
    // Only memory is at stake: a runtime without the hook plans the same, with a higher peak.
    collect = () => undefined;
  }
}
