// The JSON Schema dialect every schema of the project is written in, and the type of a schema
// value, apart from the schema builders, so that each builder can import them without a cycle.

export type JsonSchema = { readonly [key: string]: unknown };

export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
