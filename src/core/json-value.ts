// A JSON document as plain data: what the plan, report and saved-plan documents are built of.
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
