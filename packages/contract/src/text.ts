/**
 * Text the API refuses anywhere in a request: the NUL character U+0000,
 * which PostgreSQL cannot store in `text` or `jsonb` (it answered 500 before), and unpaired
 * UTF-16 surrogates (U+D800 to U+DFFF without their partner), which are not Unicode scalar
 * values and cannot be encoded as UTF-8 nor stored in `jsonb`. Tabs, newlines and other
 * control characters are allowed. The server applies this rule to every body, query and path
 * string before validation (apps/server/src/http/unsafe-text.ts); the web may use it to
 * check input before sending.
 */

/**
 * Matches the first unsafe character of a string: U+0000 or a lone surrogate. With the `u`
 * flag a well-formed surrogate pair is one code point above U+FFFF, so only unpaired halves
 * fall in the class. No `g` flag, so `test` keeps no state between calls.
 */
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point of this pattern
export const UNSAFE_TEXT_PATTERN = /[\u{0}\u{D800}-\u{DFFF}]/u;

/** Message for a string holding U+0000 (a `details[].message` of a 400 VALIDATION_ERROR). */
export const NUL_TEXT_MESSAGE = 'Must not contain the NUL character (U+0000)';
/** Message for a string holding an unpaired UTF-16 surrogate. */
export const LONE_SURROGATE_MESSAGE = 'Must not contain an unpaired UTF-16 surrogate (U+D800 to U+DFFF)';

/**
 * Why `text` is refused, or null when it is safe. Returns `NUL_TEXT_MESSAGE` or
 * `LONE_SURROGATE_MESSAGE` for the first unsafe character (scanning left to right).
 * Never throws; runs in time linear in the string's length.
 */
export function unsafeTextReason(text: string): string | null {
  const match = UNSAFE_TEXT_PATTERN.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? NUL_TEXT_MESSAGE : LONE_SURROGATE_MESSAGE;
}

/** True when `text` holds neither U+0000 nor an unpaired UTF-16 surrogate. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT_PATTERN.test(text);
}
