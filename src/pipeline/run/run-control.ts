// How a run stops before its end (docs/reliability.md, "Reliability"): the caller's signal (SIGINT, SIGTERM, a
// closed stdout), the --timeout deadline, or a server that stopped answering (the client's breaker).
// Two signals: `signal` says "start nothing new" (apply's executor watches it); `requests` ends the
// requests in flight. Before any write both fire together; once writes started, requests in flight
// get GRACE_MS to finish, so a change is not cut in the middle when it need not be.
import { RunStoppedError } from '../../errors.js';

/** How long writes in flight may take to finish after a stop before their requests are ended. */
export const GRACE_MS = 5_000;

export interface StopRequest {
  /** The caller's stop: its reason is a RunStoppedError (a signal, a closed stdout). */
  readonly signal?: AbortSignal | undefined;
  /** `--timeout`: the bound of the whole run, in milliseconds. */
  readonly timeoutMs?: number | undefined;
}

export class RunControl {
  private readonly stopping = new AbortController();
  private readonly cutting = new AbortController();
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly detach: () => void;
  private writing = false;

  constructor(
    request: StopRequest,
    private readonly graceMs: number = GRACE_MS,
  ) {
    const outer = request.signal;
    const onAbort = (): void => this.stop(outer?.reason);
    if (outer?.aborted) onAbort();
    else outer?.addEventListener('abort', onAbort, { once: true });
    this.detach = () => outer?.removeEventListener('abort', onAbort);
    const timeout = request.timeoutMs;
    if (timeout !== undefined) this.after(timeout, () => this.stop(new RunStoppedError(`the run took longer than --timeout (${timeout / 1000} s)`)));
  }

  /** Aborted at the stop: start nothing new. Its reason says why. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Aborted when requests in flight must end: at the stop, or GRACE_MS after it once writes started. */
  get requests(): AbortSignal {
    return this.cutting.signal;
  }

  stop(reason: unknown): void {
    if (this.stopping.signal.aborted) return;
    this.stopping.abort(reason);
    if (this.writing) this.after(this.graceMs, () => this.cutting.abort(reason));
    else this.cutting.abort(reason);
  }

  /** From now on a stop lets the writes in flight finish first (for GRACE_MS at most). */
  startWrites(): void {
    this.writing = true;
  }

  /** The stop's reason in place of the error it caused (an aborted request, a read failed on the way). */
  reasonFor(error: unknown): unknown {
    return this.stopping.signal.aborted ? this.stopping.signal.reason : error;
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.detach();
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(run, ms);
    // A deadline never keeps the process alive by itself.
    timer.unref();
    this.timers.push(timer);
  }
}

/** `work` under one RunControl: a stop (--timeout, a dead server) is the one line shown, not what it broke on the way. */
export async function underControl<T>(request: StopRequest, work: (control: RunControl) => Promise<T>): Promise<T> {
  const control = new RunControl(request);
  try {
    return await work(control);
  } catch (error: unknown) {
    throw control.reasonFor(error);
  } finally {
    control.dispose();
  }
}
