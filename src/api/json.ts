// Type guards for reading JSON documents from `unknown` with the JSON path of every problem, so a
// wrong body becomes a WireFormatError that says where it is wrong.
import { WireFormatError } from './errors/wire-format-error.js';

export type UnknownObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is UnknownObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads fields of one JSON object; every failure names `context` and the field's path. */
export class ObjectReader {
  constructor(
    readonly value: UnknownObject,
    readonly path: string,
    readonly context: string,
  ) {}

  static of(value: unknown, path: string, context: string): ObjectReader {
    if (!isObject(value)) throw new WireFormatError(context, `${path || 'the body'} is not an object`);
    return new ObjectReader(value, path, context);
  }

  /** The error to throw for `problem`, e.g. `throw reader.error('x is missing')`. */
  error(problem: string): WireFormatError {
    return new WireFormatError(this.context, problem);
  }

  at(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  string(key: string): string {
    const value = this.value[key];
    if (typeof value !== 'string' || value === '') throw this.error(`${this.at(key)} is ${describeWire(value)}, expected a string`);
    return value;
  }

  optionalString(key: string): string | undefined {
    const value = this.value[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw this.error(`${this.at(key)} is ${describeWire(value)}, expected a string`);
    return value;
  }

  /** A nested object; absent or null reads as an empty object ("nothing reported"). */
  optionalObject(key: string): ObjectReader {
    const value = this.value[key];
    if (value === undefined || value === null) return new ObjectReader({}, this.at(key), this.context);
    return ObjectReader.of(value, this.at(key), this.context);
  }

  object(key: string): ObjectReader {
    if (this.value[key] === undefined) throw this.error(`${this.at(key)} is missing`);
    return ObjectReader.of(this.value[key], this.at(key), this.context);
  }

  array(key: string): readonly unknown[] {
    const value = this.value[key];
    if (!Array.isArray(value)) throw this.error(`${this.at(key)} is ${describeWire(value)}, expected an array`);
    return value;
  }
}

export function describeWire(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `a ${typeof value}`;
}
