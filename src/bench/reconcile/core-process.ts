// The pure-core benchmark in a fresh Node process: "cold" then means what it means for the CLI,
// which runs buildPlan once per run. In the bench's own process the apply phase has already run
// the diff and warmed its code. Prints the CoreFigures as one JSON line.
import { measureCore } from './core.js';
import { CORE_ORGANIZATION } from './scenarios.js';

process.stdout.write(`${JSON.stringify(measureCore(CORE_ORGANIZATION))}\n`);
