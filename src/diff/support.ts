// Which permission attributes the server supports, and the desired grants that need one it does
// not (docs/api.md, "Server capabilities"). Pure. An attribute newer than the seed is supported
// when the server is HCP Terraform (it always runs the current API) or a grant read from it reports
// the key; it is not when the server is older than the ping, or the grants read all lack the key.
// A desired value other than the custom default on a server without the attribute fails the run
// before any write: the server would drop it silently, and its grants could never show the loss.
// With nothing to tell either way (no grant of the kind read), the plan goes on with a warning:
// the next plan reads the grant it wrote, and says.
import { newerPermissions, type PermissionSpec, type Resource } from '../core/access.js';
import { type DesiredState } from '../core/desired-state.js';
import { type DesiredGrant, type DesiredTarget, type LiveState, RESOURCE_OF } from '../core/model.js';
import type { PlanWarning } from '../core/plan.js';
import { describeServer, HCP_TERRAFORM, type ServerInfo } from '../core/server.js';
import { silenced } from './warnings.js';

export type Support = 'supported' | 'unsupported' | 'unknown';

/** Support of one newer attribute, from the server's name and version and the grants read. */
export function supportOf(resource: Resource, key: string, live: LiveState, server: ServerInfo): Support {
  if (server.app === HCP_TERRAFORM) return 'supported';
  let sawGrant = false;
  for (const target of live.targets.values()) {
    for (const grant of target.grants) {
      if (grant.resource !== resource) continue;
      if (grant.access.permissions[key] !== undefined) return 'supported';
      sawGrant = true;
    }
  }
  // A server without GET /ping predates API versioning, years before these attributes.
  return sawGrant || !server.pinged ? 'unsupported' : 'unknown';
}

interface Need {
  readonly target: DesiredTarget;
  readonly grant: DesiredGrant;
  readonly spec: PermissionSpec;
}

/** Desired custom grants that set a newer attribute to something other than its default. */
function needs(desired: DesiredState): Need[] {
  const out: Need[] = [];
  for (const target of desired.targets) {
    const specs = newerPermissions(RESOURCE_OF[target.type]);
    for (const grant of target.grants) {
      if (grant.access.access !== 'custom') continue;
      for (const spec of specs) if (grant.access.permissions[spec.key] !== spec.customDefault) out.push({ target, grant, spec });
    }
  }
  return out;
}

function valueOf(need: Need): string {
  return String(need.grant.access.access === 'custom' ? need.grant.access.permissions[need.spec.key] : '');
}

function problem(need: Need, server: string, pinged: boolean): string {
  const { target, grant, spec } = need;
  const at = grant.source ? `${grant.source.file}:${grant.source.line}:${grant.source.col}: ` : '';
  const why = pinged ? 'its grants do not report it' : 'it predates them';
  return `${at}${target.type} "${target.name}", team "${grant.team}": ${spec.key}: ${valueOf(need)} is not supported by ${server} (${why}); leave it out (default ${String(spec.customDefault)}) or use a server that has it`;
}

function warning(need: Need, server: string): PlanWarning {
  const { target, grant, spec } = need;
  return {
    code: 'permission-support-unknown',
    message: `${target.type} ${target.name}: team ${grant.team} gets ${spec.key}: ${valueOf(need)}, and no grant read from ${server} tells whether it supports ${spec.key}; a server without it would drop it, which the next plan shows.`,
    team: grant.team,
  };
}

export interface SupportFindings {
  /** Desired values the server does not support: the run fails before any write. */
  readonly problems: readonly string[];
  /** Desired values whose support nothing tells: the plan says so. */
  readonly warnings: readonly PlanWarning[];
}

/** The desired values a server may not keep, by what is known of its support. */
export function supportFindings(desired: DesiredState, live: LiveState, server: ServerInfo): SupportFindings {
  const wanted = needs(desired);
  if (wanted.length === 0) return { problems: [], warnings: [] };
  const described = describeServer(server);
  const cache = new Map<string, Support>();
  const problems: string[] = [];
  const warnings: PlanWarning[] = [];
  for (const need of wanted) {
    const resource = RESOURCE_OF[need.target.type];
    const id = `${resource} ${need.spec.key}`;
    const support = cache.get(id) ?? supportOf(resource, need.spec.key, live, server);
    cache.set(id, support);
    if (support === 'unsupported') problems.push(problem(need, described, server.pinged));
    if (support === 'unknown' && !silenced(desired, need.target).has('permission-support-unknown')) warnings.push(warning(need, described));
  }
  return { problems, warnings };
}
