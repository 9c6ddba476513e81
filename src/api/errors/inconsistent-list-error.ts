// A paginated list whose pages do not add up (a total that changes, a repeated item, a page that
// points backwards). Usually the list changed while it was read; the client reads it once more
// from the start before giving up, because a list read wrong becomes a wrong plan.
import { WireFormatError } from './wire-format-error.js';

export class InconsistentListError extends WireFormatError {
  override readonly name: string = 'InconsistentListError';
}
