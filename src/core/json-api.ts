// Names of the JSON:API wire that the client (src/api) and the emulator both speak. They share no
// code but these constants (docs/api.md, "Seed: resources and fields" and "Seed: endpoints").
import type { Resource } from './access.js';
import type { TargetType } from './model.js';

/** Every request and answer (docs/api.md, "Seed: endpoints"); 415 without it on writes. */
export const MEDIA_TYPE = 'application/vnd.api+json';

/** The relationship of a grant that names its target, and the target's resource type. */
export const TARGET_RELATIONSHIP: { readonly [R in Resource]: { readonly name: TargetType; readonly type: 'projects' | 'workspaces' } } = {
  'team-projects': { name: 'project', type: 'projects' },
  'team-workspaces': { name: 'workspace', type: 'workspaces' },
};
