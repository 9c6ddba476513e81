// Which permission attributes the server supports, and the desired grants that need one it does
// not (docs/api.md, "Server capabilities"). Pure. An attribute newer than the seed is supported
// when the server is HCP Terraform (it always runs the current API), or when a grant read from it
// reports the key; it is not when the grants read lack the key. With neither, support is unknown.
// A desired value other than the custom default then fails the run before any write: a server
// without the attribute would drop it silently, and its grants could never show the loss.
import { newerPermissions, type PermissionSpec, type Resource } from '../core/access.js';
import { RESOURCE_OF, type DesiredGrant, type DesiredState, type DesiredTarget, type LiveState } from '../core/model.js';
import { describeServer, HCP_TERRAFORM, type ServerInfo } from '../core/server.js';

export type Support = 'supported' | 'unsupported' | 'unknown';

/** Support of one newer attribute, from the server's name and the grants read. */
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
  return sawGrant ? 'unsupported' : 'unknown';
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

function line(need: Need, support: Support, server: string): string {
  const { target, grant, spec } = need;
  const at = grant.source ? `${grant.source.file}:${grant.source.line}:${grant.source.col}: ` : '';
  const value = String(grant.access.access === 'custom' ? grant.access.permissions[spec.key] : '');
  const why =
    support === 'unsupported'
      ? `is not supported by ${server}: its grants do not report it`
      : `may not be supported by ${server}: no grant read from it reports it or lacks it, so a write could drop it unseen`;
  return `${at}${target.type} "${target.name}", team "${grant.team}": ${spec.key}: ${value} ${why}; leave it out (default ${String(spec.customDefault)}) or use a server that has it`;
}

/** One line per desired value the server cannot be trusted to keep; empty when there is none. */
export function unsupportedProblems(desired: DesiredState, live: LiveState, server: ServerInfo): string[] {
  const wanted = needs(desired);
  if (wanted.length === 0) return [];
  const described = describeServer(server);
  const cache = new Map<string, Support>();
  const problems: string[] = [];
  for (const need of wanted) {
    const resource = RESOURCE_OF[need.target.type];
    const id = `${resource} ${need.spec.key}`;
    const support = cache.get(id) ?? supportOf(resource, need.spec.key, live, server);
    cache.set(id, support);
    if (support !== 'supported') problems.push(line(need, support, described));
  }
  return problems;
}
