// State versions, as far as `recommend` needs them (docs/emulator.md, "State versions"): `GET
// /state-versions/:id`, which maps a `sv-` id of an audit event to its workspace (docs/api.md,
// "Audit trail as evidence of reads"), and the admin's set-up route `POST
// /emulator/organizations/:org/state-versions` (`{"state-versions": [{"workspace"}]}`, 201 with
// the ids made). A caller sees a state version of a workspace it can see, else 404; the seed
// profile has none (404), as for the runs index. A show is recorded in the audit trail, as the
// service records it (`state_version` `show`, no workspace).
import { type Answer, Invalid, NOT_FOUND, ok } from './answers.js';
import { recordWrite } from './audit-record.js';
import { param, type RequestContext } from './context.js';
import { optionalString, readPlainBody } from './people-body.js';

const CREATED = 201;

/** `GET /state-versions/:id`: the state version with its workspace relationship. */
export function showStateVersion(ctx: RequestContext): Answer {
  const id = param(ctx, 0);
  const stored = ctx.store.stateVersions.get(id);
  const workspace = stored === undefined ? undefined : ctx.store.workspaces.get(stored.workspaceId);
  if (ctx.store.profile.name === 'seed' || !stored || !workspace || !ctx.authz.canSeeWorkspace(workspace)) return NOT_FOUND;
  // The service records the read: a `state_version` `show` event naming the version alone.
  recordWrite(ctx, workspace.org, [{ id, type: 'state_version', action: 'show', meta: null }]);
  return ok({
    data: {
      id,
      type: 'state-versions',
      attributes: { 'created-at': new Date(stored.createdAt).toISOString(), serial: stored.serial, status: 'finalized' },
      relationships: { workspace: { data: { id: workspace.id, type: 'workspaces' } } },
    },
  });
}

/** `POST /emulator/organizations/:org/state-versions`, admin only: one state version per entry, on the workspace named. */
export function addStateVersionsRoute(ctx: RequestContext): Answer {
  const org = param(ctx, 0);
  if (ctx.authz.identity.kind !== 'admin' || !ctx.store.orgs.has(org)) return NOT_FOUND;
  const list = readPlainBody(ctx.body)['state-versions'];
  if (!Array.isArray(list)) throw new Invalid('/state-versions', 'state-versions must be a list');
  const made = list.map((raw: unknown, i) => {
    const workspace = ctx.store.workspaceByName(org, optionalString(readPlainBody(raw), 'workspace') ?? '');
    if (!workspace) throw new Invalid(`/state-versions/${i}/workspace`, 'workspace must name a workspace of the organization');
    return workspace;
  });
  const data = made.map((workspace) => {
    const id = ctx.store.newId('sv');
    const serial = [...ctx.store.stateVersions.values()].filter((s) => s.workspaceId === workspace.id).length;
    ctx.store.stateVersions.set(id, { workspaceId: workspace.id, createdAt: ctx.store.audit.now(), serial });
    return { id, workspace: workspace.id };
  });
  return ok({ data }, CREATED);
}
