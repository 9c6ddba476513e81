import { describe, expect, it } from 'vitest';
import { CLIError } from '../errors.js';
import { durationFlag, parse } from './args.js';

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
  // `--port -1` was this case; a negative number is now the option's value (issue 19, item 3), so
  // a value that is no number keeps the regression.
  it('regression: an ambiguous value (`--port -x`) is one line, not node:util advice over three', () => {
    const message = messageOf(['--port', '-x']);
    expect(message).not.toContain('\n');
    expect(message).toBe(
      "Option '--port' argument is ambiguous. Did you forget to specify the option argument for '--port'? Run `tfe-access emulator --help` for the options.",
    );
  });

  it('a negative number after a string option is its value, as with `=`', () => {
    expect(parse('emulator', ['--port', '-1'], { port: { type: 'string' } }).values.port).toBe('-1');
    expect(parse('emulator', ['--port', '-1'], { port: { type: 'string' } })).toEqual(parse('emulator', ['--port=-1'], { port: { type: 'string' } }));
  });

  it('an unknown flag names itself and the help', () => {
    expect(messageOf(['--bogus'])).toBe("Unknown option '--bogus'. Run `tfe-access emulator --help` for the options.");
  });
});

describe('durations (--timeout)', () => {
  const duration = (raw: string): number | undefined => durationFlag(parse('plan', ['--timeout', raw], { timeout: { type: 'string' } }), 'timeout');

  it('reads Go notation: 90s, 5m, 1h30m, 500ms, 1.5s', () => {
    expect([duration('90s'), duration('5m'), duration('1h30m'), duration('500ms'), duration('1.5s')]).toEqual([90_000, 300_000, 5_400_000, 500, 1_500]);
  });

  it('refuses a bare number, an unknown unit and zero on one line', () => {
    for (const raw of ['90', '5 m', '1d', '0s', 's', '']) {
      expect(() => duration(raw), raw).toThrow(`--timeout must be a duration such as 90s, 5m or 1h30m, got "${raw}".`);
    }
  });
});
