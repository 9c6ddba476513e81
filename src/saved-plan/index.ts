// Saved plans: `plan --out FILE` writes one, `apply --plan FILE` reads, checks and applies it.
export { canonicalJson, fingerprintDesired, fingerprintGrants } from './fingerprint.js';
export { MAX_SAVED_PLAN_BYTES, readSavedPlan, SAVED_PLAN_MODE, writeSavedPlan } from './file.js';
export { parseSavedPlan } from './parse.js';
export { SavedPlanError } from './reader.js';
export { SAVED_PLAN_FORMAT_VERSION, SAVED_PLAN_KIND, savedPlanDocument, savedPlanOf, type BasisTarget, type PlanBasis, type SavedPlan } from './saved-plan.js';
export { assertFresh, movedTargets, StalePlanError } from './stale.js';
