// A small in-memory GrantApi for the executor's unit tests: the service's rules that matter to the
// executor (one grant per team and target, 422 "Team has already been taken", 404 for a missing
// grant) and scripted faults, including writes applied whose answer is then lost.

import type { GrantApi } from '../../src/apply/ports.js';
import type { Resource } from '../../src/core/access.js';
import { type Access, type LiveGrant, RESOURCE_OF, type RemoveOutcome, type TargetRef } from '../../src/core/model.js';
import { reportedOf } from '../support/states.js';

type GrantTarget = Pick<TargetRef, 'type' | 'id'>;

import { OutcomeUnknownError } from '../../src/api/errors/outcome-unknown-error.js';
import { RemoteError } from '../../src/api/errors/remote-error.js';

export type Call =
  | { kind: 'list'; targetId: string }
  | { kind: 'add'; teamId: string; targetId: string; access: Access }
  | { kind: 'update'; grantId: string; access: Access }
  | { kind: 'remove'; grantId: string };

/** What to do to a call: `lost` applies it and loses the answer, `fail` does nothing and errors. */
export type Fault = 'lost' | 'fail' | 'server-error' | undefined;

/** Shared by every fake, so grants copied from one fake to another never collide. */
let nextId = 1;

export class FakeGrantApi implements GrantApi {
  readonly grants = new Map<string, LiveGrant>();
  readonly calls: Call[] = [];

  constructor(
    initial: LiveGrant[] = [],
    private readonly fault: (call: Call, index: number) => Fault = () => undefined,
  ) {
    for (const grant of initial) this.grants.set(grant.id, grant);
  }

  of(targetId: string): LiveGrant[] {
    return [...this.grants.values()].filter((g) => g.targetId === targetId);
  }

  private async record(call: Call, path: string, method: string, act: () => unknown): Promise<unknown> {
    const fault = this.fault(call, this.calls.length);
    this.calls.push(call);
    await Promise.resolve();
    if (fault === 'fail') throw new RemoteError(method, path, 500, [{ status: '500', title: 'internal error' }]);
    if (fault === 'server-error' && method === 'POST') throw new OutcomeUnknownError(method, path, 'status 502');
    const result = act();
    if (fault === 'lost') throw new OutcomeUnknownError(method, path, 'ECONNRESET');
    return result;
  }

  async listGrants(target: GrantTarget): Promise<readonly LiveGrant[]> {
    return (await this.record({ kind: 'list', targetId: target.id }, '/team-x', 'GET', () => this.of(target.id))) as LiveGrant[];
  }

  addGrant(target: GrantTarget, teamId: string, access: Access): Promise<unknown> {
    const grant = { resource: RESOURCE_OF[target.type], teamId, targetId: target.id };
    return this.record({ kind: 'add', teamId, targetId: target.id, access }, `/${grant.resource}`, 'POST', () => {
      if (this.of(grant.targetId).some((g) => g.teamId === grant.teamId)) {
        throw new RemoteError('POST', `/${grant.resource}`, 422, [{ status: '422', title: 'invalid attribute', detail: 'Team has already been taken' }]);
      }
      const id = `${grant.resource === 'team-projects' ? 'tprj' : 'tws'}-new${nextId++}`;
      this.grants.set(id, {
        id,
        resource: grant.resource,
        teamId: grant.teamId,
        targetId: grant.targetId,
        access: reportedOf(grant.resource, access),
        extra: {},
      });
    });
  }

  updateGrant(resource: Resource, grantId: string, access: Access): Promise<unknown> {
    return this.record({ kind: 'update', grantId, access }, `/${resource}/${grantId}`, 'PATCH', () => {
      const grant = this.grants.get(grantId);
      if (!grant) throw new RemoteError('PATCH', `/${resource}/${grantId}`, 404, [{ status: '404', title: 'not found' }]);
      this.grants.set(grantId, { ...grant, access: reportedOf(resource, access) });
    });
  }

  removeGrant(resource: Resource, grantId: string): Promise<RemoveOutcome> {
    return this.record({ kind: 'remove', grantId }, `/${resource}/${grantId}`, 'DELETE', () => {
      if (!this.grants.delete(grantId)) throw new RemoteError('DELETE', `/${resource}/${grantId}`, 404, [{ status: '404', title: 'not found' }]);
      return 'removed';
    }) as Promise<RemoveOutcome>;
  }
}
