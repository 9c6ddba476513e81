// What `plan --out` writes (src/pipeline/saved-plan-file.ts, over render/saved-plan-document.ts),
// for the tests of src/saved-plan/, which read it back: the writer sits above the reader, so they
// reach it here.
export { savedPlanDocument, writeSavedPlan } from '../../src/pipeline/saved-plan-file.js';
