/**
 * The text form of a UUID (any version, hyphenated, case-insensitive), as PostgreSQL's uuid
 * type accepts it. Ids that do not match answer 404 without a query: PostgreSQL would reject
 * them with a 22P02 error (a 500) if they reached a uuid column.
 */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a string in the text form of a UUID (see UUID_RE); false for anything else. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
