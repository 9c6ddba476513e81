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
