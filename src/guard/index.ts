// The safety guards of apply: checked on the whole plan before the first call.
export { checkGuards, incompleteTargetsOf, type GuardContext } from './guards.js';
export { describeRefusals, GuardRefusedError, type GuardName, type Refusal } from './refusal.js';
