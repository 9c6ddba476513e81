// The process's stdout and stderr as the CLI writes them (docs/performance.md, "Start-up"). Node
// makes process.stdout and process.stderr at their first use, and making one loads Node's stream
// modules (for a pipe, its socket's too): about a tenth of a bare `node -e 0`, at every start.
// A file or a terminal takes the bytes as fs.writeSync gives them, which is what Node's own stream
// does for a file and, on Linux and macOS, for a terminal: those are written directly, and no
// stream is made. A pipe or a socket is left to Node's stream (it waits for a slow reader without
// blocking the process), made at the first write. Once Node's stream exists, made by anything,
// every write goes through it, so the bytes keep their order; a write that fails hands what is
// left to it as well, and the stream reports the error as it always has (interrupt.ts).
import { Buffer } from 'node:buffer';
import { fstatSync, writeSync } from 'node:fs';

export type StdioName = 'stdout' | 'stderr';

const FD: { readonly [N in StdioName]: number } = { stdout: 1, stderr: 2 };

/** Node's streams made so far, and who waits for them to be made. */
const made = new Set<StdioName>();
const waiting: { [N in StdioName]: ((stream: NodeJS.WriteStream) => void)[] } = { stdout: [], stderr: [] };
let watching = false;

/**
 * Once per process: Node's getters of process.stdout and process.stderr, wrapped to tell `whenMade`
 * when the stream is made. Where a getter cannot be wrapped, the stream is made now.
 */
function watchMaking(): void {
  if (watching) return;
  watching = true;
  for (const name of ['stdout', 'stderr'] as const) {
    const descriptor = Object.getOwnPropertyDescriptor(process, name);
    const get = descriptor?.get;
    if (!get || descriptor.configurable !== true) {
      madeNow(name, process[name]);
      continue;
    }
    let stream: NodeJS.WriteStream | undefined;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: descriptor.enumerable ?? true,
      get(): NodeJS.WriteStream {
        if (!stream) {
          stream = get.call(process) as NodeJS.WriteStream;
          madeNow(name, stream);
        }
        return stream;
      },
    });
  }
}

function madeNow(name: StdioName, stream: NodeJS.WriteStream): void {
  made.add(name);
  for (const call of waiting[name].splice(0)) call(stream);
}

/** Calls `call` with Node's stream `name` once it is made (at once if it is): never makes it. */
export function whenMade(name: StdioName, call: (stream: NodeJS.WriteStream) => void): void {
  watchMaking();
  if (made.has(name)) call(process[name]);
  else waiting[name].push(call);
}

/** A regular file or a character device (a terminal, /dev/null): written directly. */
function takesDirectWrites(fd: number): boolean {
  try {
    const info = fstatSync(fd);
    return info.isFile() || info.isCharacterDevice();
  } catch {
    return false;
  }
}

/** The process's stdout or stderr; makes Node's stream only when it has to (above). */
export function stdioOutput(name: StdioName): { write(chunk: string): boolean } {
  watchMaking();
  const fd = FD[name];
  let direct: boolean | undefined;
  return {
    write(chunk: string): boolean {
      direct ??= takesDirectWrites(fd);
      if (!direct || made.has(name)) return process[name].write(chunk);
      const bytes = Buffer.from(chunk, 'utf8');
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
      } catch {
        // EAGAIN (a terminal another process left non-blocking), a closed or full output: Node's
        // stream waits, or reports it, as it did before this module.
        direct = false;
        return process[name].write(bytes.subarray(written));
      }
      return true;
    },
  };
}
