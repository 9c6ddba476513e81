// The request log and its counters. Records carry the caller's identity, never its token.
import type { Counters, RequestRecord } from './types.js';

export class RequestLog {
  records: RequestRecord[] = [];

  add(record: RequestRecord): RequestRecord {
    this.records.push(record);
    return record;
  }

  reset(): void {
    this.records = [];
  }

  counters(): Counters {
    const byStatus: Record<number, number> = {};
    let rateLimited = 0;
    let faults = 0;
    for (const r of this.records) {
      byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
      if (r.status === 429) rateLimited += 1;
      if (r.fault !== undefined) faults += 1;
    }
    return { total: this.records.length, byStatus, rateLimited, faults };
  }
}
