import { describe, expect, it } from 'vitest';
import { CLIError } from '../errors.js';
import { parse } from './args.js';

function messageOf(argv: string[]): string {
  try {
    parse('emulator', argv, { port: { type: 'string' } });
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(CLIError);
    return (error as CLIError).message;
  }
  throw new Error('parse did not fail');
}

describe('flag errors', () => {
  it('regression: an ambiguous value (`--port -1`) is one line, not node:util advice over three', () => {
    const message = messageOf(['--port', '-1']);
    expect(message).not.toContain('\n');
    expect(message).toBe("Option '--port' argument is ambiguous. Did you forget to specify the option argument for '--port'? Run `tfe-access emulator --help` for the options.");
  });

  it('an unknown flag names itself and the help', () => {
    expect(messageOf(['--bogus'])).toBe("Unknown option '--bogus'. Run `tfe-access emulator --help` for the options.");
  });
});
