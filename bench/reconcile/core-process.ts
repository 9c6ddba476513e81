// One pure-core call timed in a fresh Node process (`core-process.js diff|buildPlan`): "cold" then
// means what it means for the CLI, which runs buildPlan once per run; in the bench's own process
// the apply phase has already warmed that code. Prints the figures as one JSON line.
import { CORE_CALLS, type CoreCall, measureCall } from './core.js';
import { CORE_ORGANIZATION } from './scenarios.js';

const call = process.argv[2] as CoreCall;
if (!CORE_CALLS.includes(call)) throw new Error(`usage: core-process.js ${CORE_CALLS.join('|')}`);
process.stdout.write(`${JSON.stringify(measureCall(CORE_ORGANIZATION, call))}\n`);
