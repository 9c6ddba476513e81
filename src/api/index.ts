// The API layer's public surface: what commands, the resolver, the live reader and apply import.
export { addressFrom, isLoopback, API_ROOT, DEFAULT_HOSTNAME, type Address, type Env } from './address.js';
export { connectionFrom, findToken, tokenVariableOf, type Connection } from './credentials.js';
export { TfeClient, type ClientOptions } from './client.js';
export { DEFAULT_CONCURRENCY, type RequestEvent } from './session.js';
export { DEFAULT_RATE_LIMIT } from './limiter.js';
export { DEFAULT_RETRIES, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export { PAGE_SIZE, MAX_PAGES } from './paginate.js';
export { RemoteError, isRemoteError } from './errors/remote-error.js';
export { TransportError } from './errors/transport-error.js';
export { OutcomeUnknownError } from './errors/outcome-unknown-error.js';
export { WireFormatError } from './errors/wire-format-error.js';
export { InconsistentListError } from './errors/inconsistent-list-error.js';
export type { ApiErrorObject } from './errors/error-objects.js';
