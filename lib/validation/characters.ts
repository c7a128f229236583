// Characters no text field accepts. A NUL reaches PostgreSQL as error 22021 (a 500 before this check);
// the other C0 controls and DEL are invisible in every screen and only ever arrive from a script or a
// paste gone wrong. A lone UTF-16 surrogate cannot be encoded as UTF-8: the driver would silently store
// U+FFFD in its place. Multi-line fields (an observation) keep tab, line feed and carriage return.
const LONE_SURROGATE = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const SINGLE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F]|${LONE_SURROGATE}`);
const MULTI_LINE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]|${LONE_SURROGATE}`);

/** True when `value` holds a character no text field accepts (see above). */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** Passwords never reach the database, but a NUL is refused there too, so no stored secret holds one. */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}
