// The error hierarchy. Only the CLI entry maps these to exit codes and decides whether a stack is
// shown (never for a user error).

export const EXIT = {
  ok: 0,
  error: 1,
  changes: 2,
  refused: 3,
} as const;

/** An error whose message is meant for the user, with the exit code it ends the process with. */
export class CLIError extends Error {
  override readonly name: string = 'CLIError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
  ) {
    super(message);
  }
}

/**
 * Why a run stopped before its end, from outside its work: a signal, a closed stdout, --timeout, a
 * server that stopped answering. The reason of the run's AbortSignal: whatever error the stop
 * causes on the way (an aborted request, a failed read) is reported as this instead.
 */
export class RunStoppedError extends CLIError {
  override readonly name: string = 'RunStoppedError';
}

/** A bug: shown with its stack only when TFE_ACCESS_DEBUG is set. */
export class InternalError extends Error {
  override readonly name: string = 'InternalError';
}

export function isCLIError(value: unknown): value is CLIError {
  return value instanceof CLIError;
}

/** The message of any thrown value, without assuming it is an Error. */
export function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message;
  return String(value);
}
