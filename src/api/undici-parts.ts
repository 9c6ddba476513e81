// The two parts of undici this tool uses, required one by one: the package's main module loads every
// client it has (fetch, WebSocket, caches, mocks, proxies), about 130 ms of a plan's start, where the
// connection pool and its request() take about 40 (docs/development.md, "Dependencies"). The package's main
// module does exactly this: it adds the `api` functions (request among them) to every dispatcher.
// `test/api/undici-parts.test.ts` checks that these are the package's own Pool and request.
import { createRequire } from 'node:module';
import type { Dispatcher, Pool as PoolType } from 'undici';

const load = createRequire(import.meta.url);

export const Pool = load('undici/lib/dispatcher/pool.js') as typeof PoolType;
const requestOf = load('undici/lib/api/api-request.js') as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** `pool.request(options)`, as the package's main module would add it. */
export function request(pool: PoolType, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return requestOf.call(pool, options);
}
