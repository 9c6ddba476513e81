// What `plan --out` writes (src/pipeline/disk/saved-plan-file.ts, over render/plan/saved-plan-document.ts),
// for the tests of src/saved-plan/, which read it back: the writer sits above the reader, so they
// reach it here.
export { savedPlanDocument, writeSavedPlan } from '../../src/pipeline/disk/saved-plan-file.js';
