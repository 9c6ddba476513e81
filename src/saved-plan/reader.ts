// A minimal reader of `unknown` JSON for the saved-plan parser: every mistake names its path
// (`plan.changes[3].team.id`) and the file, and becomes one user error, never a wrong plan.
import { formatInstant, INSTANT_PATTERN, msOf } from '../core/expiry.js';
import { CLIError } from '../errors.js';

export type JsonRecord = Readonly<Record<string, unknown>>;

/** A saved plan of tfe-access that can't be used (edited, damaged, another version): plan it again. */
export class SavedPlanError extends CLIError {
  override readonly name: string = 'SavedPlanError';
  constructor(file: string, problem: string, message = `${file} is not a usable saved plan: ${problem}. Plan again with \`tfe-access plan --out ${file}\`.`) {
    super(message);
  }
}

/**
 * A file that is no saved plan at all (a desired-state file, say): "plan again --out" it would
 * overwrite it, so the hint says what --plan takes instead.
 */
export class NotASavedPlanError extends SavedPlanError {
  override readonly name: string = 'NotASavedPlanError';
  constructor(file: string, problem: string) {
    const paths = /\.ya?ml$/i.test(file) ? `name it without --plan: \`tfe-access apply ${file}\`` : 'name them without --plan: `tfe-access apply PATHS`';
    super(
      file,
      problem,
      `${file} is not a saved plan of tfe-access: ${problem}. --plan takes the file written by \`tfe-access plan --out FILE\`; to apply desired-state files, ${paths}.`,
    );
  }
}

export class Reader {
  constructor(
    readonly file: string,
    readonly value: JsonRecord,
    readonly path: string,
  ) {}

  static of(file: string, value: unknown, path: string): Reader {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw path === '' ? new NotASavedPlanError(file, 'the document is not a JSON object') : new SavedPlanError(file, `${path} is not an object`);
    }
    return new Reader(file, value as JsonRecord, path);
  }

  at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  fail(problem: string): never {
    throw new SavedPlanError(this.file, problem);
  }

  string(key: string): string {
    const value = this.value[key];
    return typeof value === 'string' ? value : this.fail(`${this.at(key)} is not a string`);
  }

  boolean(key: string): boolean {
    const value = this.value[key];
    return typeof value === 'boolean' ? value : this.fail(`${this.at(key)} is not a boolean`);
  }

  integer(key: string): number {
    const value = this.value[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : this.fail(`${this.at(key)} is not a non-negative integer`);
  }

  /** An instant in the form plans write it (core/expiry.ts), and a real one: it reads back to itself (2026-02-30 does not). */
  instant(key: string): string {
    const value = this.string(key);
    return new RegExp(INSTANT_PATTERN).test(value) && formatInstant(msOf(value)) === value
      ? value
      : this.fail(`${this.at(key)} "${value}" is not an instant in UTC`);
  }

  object(key: string): Reader {
    return Reader.of(this.file, this.value[key], this.at(key));
  }

  array(key: string): unknown[] {
    const value = this.value[key];
    return Array.isArray(value) ? value : this.fail(`${this.at(key)} is not an array`);
  }

  objects(key: string): Reader[] {
    return this.array(key).map((item, i) => Reader.of(this.file, item, `${this.at(key)}[${i}]`));
  }
}
