// The bench's side of emulator-process.ts: fork it with a config, then ask it, one message at a
// time, for its CPU time and counters (and the requests by path) or to change its rate limit.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Counters } from '../src/emulator/types.js';
import type { EmulatorConfig, Span, ToChild, ToParent } from './emulator-process.js';

export class EmulatorProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly dir: string,
  ) {}

  static async start(config: EmulatorConfig): Promise<EmulatorProcess> {
    const dir = mkdtempSync(join(tmpdir(), 'tfe-access-bench-emulator-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    const child = fork(fileURLToPath(new URL('./emulator-process.js', import.meta.url)), [file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ready = await reply(child, 'ready');
    return new EmulatorProcess(child, ready.kind === 'ready' ? ready.url : '', dir);
  }

  /** CPU time (user + system) of the emulator process so far, in seconds. */
  async cpuSeconds(): Promise<number> {
    const answer = await this.ask({ kind: 'cpu' }, 'cpu');
    return answer.kind === 'cpu' ? answer.micros / 1e6 : 0;
  }

  /** The counters since the last reset, and when the first of those requests arrived and the last was answered. */
  async counters(): Promise<{ counters: Counters; span?: Span; byPath: Record<string, number> }> {
    const answer = await this.ask({ kind: 'counters' }, 'counters');
    if (answer.kind !== 'counters') throw new Error('the emulator process answered out of turn');
    return { counters: answer.counters, ...(answer.span ? { span: answer.span } : {}), byPath: answer.byPath };
  }

  async resetLog(): Promise<void> {
    await this.ask({ kind: 'reset' }, 'done');
  }

  async setRateLimit(perSecond: number): Promise<void> {
    await this.ask({ kind: 'rate-limit', perSecond }, 'done');
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ kind: 'stop' } satisfies ToChild);
    await exited;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private ask(message: ToChild, kind: ToParent['kind']): Promise<ToParent> {
    const answer = reply(this.child, kind);
    this.child.send(message);
    return answer;
  }
}

function reply(child: ChildProcess, kind: ToParent['kind']): Promise<ToParent> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`the emulator process exited (${code})`));
    const onMessage = (message: ToParent): void => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
