// A minimal reader of `unknown` JSON for the saved-plan parser: every mistake names its path
// (`plan.changes[3].team.id`) and the file, and becomes one user error, never a wrong plan.
import { CLIError } from '../errors.js';

export type JsonRecord = Readonly<Record<string, unknown>>;

export class SavedPlanError extends CLIError {
  override readonly name: string = 'SavedPlanError';
  constructor(file: string, problem: string) {
    super(`${file} is not a usable saved plan: ${problem}. Plan again with \`tfe-access plan --out ${file}\`.`);
  }
}

export class Reader {
  constructor(
    readonly file: string,
    readonly value: JsonRecord,
    readonly path: string,
  ) {}

  static of(file: string, value: unknown, path: string): Reader {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SavedPlanError(file, `${path || 'the document'} is not an object`);
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
