// The one test for "a JSON object": what a parsed document, a response body or a command's
// argument holds when it has named fields. Arrays are not records.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
