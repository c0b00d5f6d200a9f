// The package's errors: URIError, and the refusal of text that is not
// Unicode (shared by index.js and the fast-uri and MCP faces).

/**
 * An invalid input: the global `URIError` with where (`index`, in UTF-16
 * code units like every JavaScript string index), what (`kind`, the
 * core's stable name) and in which component.
 */
export class URIError extends globalThis.URIError {
  constructor(message, { index, kind, component } = {}) {
    super(message);
    this.name = 'URIError';
    this.index = index;
    this.kind = kind;
    this.component = component;
  }
}

/**
 * A string argument as Unicode text: a lone surrogate (a UTF-16 code unit
 * of a pair without its other half) has no UTF-8, and so no URI:
 * URIError `not-unicode` at its index, as the Python package raises
 * (TextEncoder would write U+FFFD in its place, silently).
 */
export function unicode(s) {
  const i = loneSurrogate(s);
  if (i >= 0) throw notUnicode(s, i);
  return s;
}

// With the `u` flag a pair is one code point, outside this class: only a
// lone surrogate matches. (`isWellFormed` first: native, and at once for a
// string V8 holds as one byte a character; Node 18 has no isWellFormed.)
const LONE = /[\uD800-\uDFFF]/u;
export const LONE_ALL = /[\uD800-\uDFFF]/gu;

/** The UTF-16 index of the first lone surrogate of `s`, or -1. */
export function loneSurrogate(s) {
  if (typeof s.isWellFormed === 'function' && s.isWellFormed()) return -1;
  return s.search(LONE);
}

/** The URIError of the lone surrogate at index `i` of `s`. */
export function notUnicode(s, i) {
  const point = s.charCodeAt(i).toString(16).toUpperCase();
  return new URIError(`lone surrogate U+${point} at index ${i}: not Unicode text, which a URI is made of`, {
    index: i,
    kind: 'not-unicode',
  });
}

