// The npm package's link to its WebAssembly module (the one Rust core,
// ../../../crates/urikit): the URIError every function throws, the checks
// of text going in, the module's memory (the input buffer, the answer
// words, a batch's chunks) and the parsed reference. index.js and
// template.js build the package's API over it; nothing here decides
// anything about URIs.
import { exports as raw, wasm } from './load.js';
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
function unicode(s) {
  const i = loneSurrogate(s);
  if (i >= 0) throw notUnicode(s, i);
  return s;
}

// With the `u` flag a pair is one code point, outside this class: only a
// lone surrogate matches. (`isWellFormed` first: native, and at once for a
// string V8 holds as one byte a character; Node 18 has no isWellFormed.)
const LONE = /[\uD800-\uDFFF]/u;
const LONE_ALL = /[\uD800-\uDFFF]/gu;

/** The UTF-16 index of the first lone surrogate of `s`, or -1. */
function loneSurrogate(s) {
  if (typeof s.isWellFormed === 'function' && s.isWellFormed()) return -1;
  return s.search(LONE);
}

/** The URIError of the lone surrogate at index `i` of `s`. */
function notUnicode(s, i) {
  const point = s.charCodeAt(i).toString(16).toUpperCase();
  return new URIError(`lone surrogate U+${point} at index ${i}: not Unicode text, which a URI is made of`, {
    index: i,
    kind: 'not-unicode',
  });
}


/**
 * For the fast-uri and MCP faces only (not API, not in the declarations).
 * Not a module of its own: with these in a module index.js imports, a
 * `parse` in a process holding half a million strings took 220 ns
 * instead of 130 (bench/parse.mjs, the boundary case, five runs each).
 */
export const _text = Object.freeze({ unicode, loneSurrogate });

const SLOTS = 20;
const HOST_KINDS = wasm.host_kind_names();
const COMPONENTS = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
// The core's profile names (`urikit::Profile`, Python's `profile=`) that
// parse reads by, as the module's codes (0 URI-reference, 1 URI, 2
// IRI-reference, 3 IRI): `uri` and `iri` read references. The names of
// 0.1, `uri-reference` and `iri-reference`, stay for one release.
const PROFILES = { uri: 0, iri: 2, 'uri-reference': 0, 'iri-reference': 2 };

/** The names of the core's percent-encoding sets, for `encode`. */
export const ENCODE_SETS = Object.freeze(wasm.encode_set_names());

function failure(e) {
  if (e instanceof wasm.Failure) {
    const err = new URIError(e.message, { index: e.index, kind: e.kind, component: e.component });
    e.free();
    return err;
  }
  if (e instanceof WebAssembly.RuntimeError) recover();
  return e;
}

/**
 * After a trap (a bug of the module, or an allocation that aborted: the
 * module refuses the ones it can see coming, `input-too-large`): forget
 * the buffers this file keeps the addresses of. The module lends its
 * buffers out for the length of a call (bindings/npm/wasm/src/slot.rs), so the trapped
 * call's buffers are lost to it, never locked: the next call reserves
 * new ones, and the module stays usable. The trap itself is rethrown.
 */
function recover() {
  inPtr = 0;
  inCap = 0;
  inView = new Uint8Array(0);
  lensPtr = -1;
  bytes = new Uint8Array(raw.memory.buffer);
  view = new Int32Array(raw.memory.buffer, wasm.offsets_ptr(), SLOTS);
}

/** The URIError of a call whose text the module's memory cannot hold. */
function tooLarge(units) {
  return new URIError(
    `input too large: ${units} UTF-16 code units need more WebAssembly memory than it can grow to`,
    { kind: 'input-too-large' },
  );
}

/** Calls `f` and turns the core's failure into a thrown URIError. */
function call(f, ...args) {
  try {
    return f(...args);
  } catch (e) {
    throw outOfMemory(failure(e), args);
  }
}

/**
 * A trap of a call given a string the memory cannot hold (wasm-bindgen's
 * glue copies a string argument into the module, and its allocation
 * aborts: a trap, after which the module is usable again, see `recover`):
 * URIError `input-too-large`. Any other trap is itself.
 */
function outOfMemory(e, args) {
  if (!(e instanceof WebAssembly.RuntimeError)) return e;
  let units = 0;
  for (const a of args) if (typeof a === 'string') units += a.length;
  // Three bytes a unit at most, twice over (the copy, and an answer as long).
  return units > 1 << 16 && !wasm.fits(Math.min(6 * units, 0xffffffff)) ? tooLarge(units) : e;
}

function text(value, what) {
  if (typeof value === 'string') return unicode(value);
  if (value instanceof ParsedURI) return value.text;
  if (value instanceof URL) return value.href;
  throw new TypeError(`${what} must be a string, not ${value === null ? 'null' : typeof value}`);
}

/**
 * The module's code for `profile` and `rule`: the rule `URI` (or `IRI`)
 * requires a scheme, as `uri parse --rule URI` does (0.1 spelled it
 * `profile: 'uri'`, which now means a reference, as in every face).
 */
function profileCode(profile = 'uri', rule = undefined) {
  const p = PROFILES[profile];
  if (p === undefined) {
    throw new URIError(`unknown profile '${profile}' (expected uri, iri)`, { kind: 'unknown-profile' });
  }
  if (rule === undefined) return p;
  const r = String(rule).toLowerCase();
  const base = r.startsWith('iri') ? 2 : p;
  if (r === 'uri' || r === 'iri') return base + 1;
  if (r === 'uri-reference' || r === 'iri-reference') return base;
  throw new URIError(`unknown rule '${rule}' for parse (expected URI-reference, URI, IRI-reference, IRI)`, {
    kind: 'unknown-rule',
  });
}

const encoder = new TextEncoder();
// Views of the module's memory. When the memory grows, its old buffer is
// detached and a view of it has length 0: a cheaper test than the buffer
// getter (`memory.buffer` is a call into the runtime), which took a tenth
// of a single `parse`.
let bytes = new Uint8Array(raw.memory.buffer);
function memory8() {
  if (bytes.length === 0) bytes = new Uint8Array(raw.memory.buffer);
  return bytes;
}

/**
 * Writes `s` as UTF-8 into the module's input buffer and returns its
 * length in bytes: `encodeInto` (native code) straight into the module's
 * memory. wasm-bindgen's own string passing copies character by character
 * in JavaScript and allocates and frees for every call; for a batch that
 * copy took longer than the parse.
 */
let inPtr = 0;
let inCap = 0;
function reserve(n) {
  if (n > inCap) {
    // 0: the memory cannot grow that far (the buffer is as it was).
    const ptr = n > 0xffffffff ? 0 : call(wasm.input_reserve, n);
    if (ptr === 0) throw tooLarge(n);
    inPtr = ptr;
    inCap = n;
  }
  return inPtr;
}

// The input buffer as a view, kept: a short text is encoded into it by one
// `encodeInto` without making a view per call (a `charCodeAt` loop into
// the memory took 480 to 530 ns per `parse` of a gsd URL, this 340).
let inView = new Uint8Array(0);
function inputView() {
  if (inView.length === 0 || inView.byteOffset !== inPtr || inView.length !== inCap) {
    inView = memory8().subarray(inPtr, inPtr + inCap);
  }
  return inView;
}

function put(s) {
  const n = s.length;
  if (n < 128) {
    // Room for three bytes a unit.
    reserve(384);
    return encoder.encodeInto(s, inputView()).written;
  }
  let ptr = reserve(n);
  const r = encoder.encodeInto(s, memory8().subarray(ptr, ptr + n));
  if (r.read === n) return r.written;
  // Not ASCII: room for three bytes a code unit (the buffer may move).
  ptr = reserve(n * 3);
  return encoder.encodeInto(s, memory8().subarray(ptr, ptr + n * 3)).written;
}

let view = new Int32Array(raw.memory.buffer, wasm.offsets_ptr(), SLOTS);
function offsetsView() {
  if (view.length === 0) view = new Int32Array(raw.memory.buffer, wasm.offsets_ptr(), SLOTS);
  return view;
}

/**
 * A parsed URI reference: the input text and the offsets of its
 * components. Components are sliced from the text when read; an absent
 * component is `undefined`, an empty one `""`. (Offsets: 16 words from
 * `base`, a start and an end per component, `-1` when absent, then the
 * host kind's index.)
 */
export class ParsedURI {
  #s;
  #o;
  #b;
  constructor(source, offsets, base = 0) {
    this.#s = source;
    this.#o = offsets;
    this.#b = base;
  }
  /** The input, exactly as parsed. */
  get text() {
    return this.#s;
  }
  #part(k) {
    const a = this.#o[this.#b + 2 * k];
    return a < 0 ? undefined : this.#s.slice(a, this.#o[this.#b + 2 * k + 1]);
  }
  get scheme() { return this.#part(0); }
  get authority() { return this.#part(1); }
  get userinfo() { return this.#part(2); }
  get host() { return this.#part(3); }
  /**
   * The port as a number, as every face gives it (the CLI's JSON, SQL,
   * Python); `undefined` when absent, empty or past 65535. Its digits as
   * written are `portText` (0.1's `port`).
   */
  get port() {
    const t = this.#part(4);
    if (t === undefined || t === '' || t.length > 5) return undefined;
    const n = Number(t);
    return n <= 65535 ? n : undefined;
  }
  /** The port's digits as written (`"0080"`, `""` for an empty port); `undefined` when absent. */
  get portText() { return this.#part(4); }
  get path() { return this.#part(5); }
  get query() { return this.#part(6); }
  get fragment() { return this.#part(7); }
  /** `reg-name`, `ipv4`, `ipv6` or `ipvfuture` (the core's names); `undefined` without a host. */
  get hostKind() {
    const k = this.#o[this.#b + 16];
    return k < 0 ? undefined : HOST_KINDS[k];
  }
  /** Whether this is a relative reference (no scheme). */
  get isRelative() { return this.#o[this.#b] < 0; }
  /** `[start, end)` of each present component, in UTF-16 code units. */
  get offsets() {
    const out = {};
    COMPONENTS.forEach((name, k) => {
      const a = this.#o[this.#b + 2 * k];
      if (a >= 0) out[name] = [a, this.#o[this.#b + 2 * k + 1]];
    });
    return out;
  }
  toString() { return this.text; }
  toJSON() {
    const out = {};
    for (const name of COMPONENTS) {
      const v = this[name];
      if (v !== undefined) out[name] = v;
      if (name === 'port' && this.portText !== undefined) out.portText = this.portText;
    }
    if (this.host !== undefined) out.hostKind = this.hostKind;
    return out;
  }
}

/**
 * A large batch crosses a chunk of inputs at a time: each chunk is joined
 * and encoded by one `encodeInto` (native code) straight into the
 * module's input buffer, parsed there, and its answers copied out. One
 * call per input costs more than the copy; one join of a whole large
 * batch makes a string the size of the batch, which measured twice the
 * time of the chunks' small ones; and the chunks' input and answers stay
 * small, in the cache, and so does the module's memory (which never
 * shrinks).
 */
const CHUNK = 1024;

/**
 * Writes `inputs[from..to]` one after another into the module's input
 * buffer and their lengths in bytes into its lengths buffer. A chunk that
 * is not all ASCII is encoded again an input at a time (a UTF-16 unit then
 * is not a byte, and a lone surrogate at an input's end must not pair with
 * the next input's). Returns the bytes written; `chunkAscii` says whether
 * every character was ASCII.
 */
let lensPtr = -1;
let chunkAscii = true;
// The inputs of the last chunk with a lone surrogate: [k, its index, ...].
let chunkLone = [];
function putChunk(inputs, from, to) {
  if (lensPtr < 0) {
    const ptr = call(wasm.lens_reserve, CHUNK);
    if (ptr === 0) throw tooLarge(CHUNK);
    lensPtr = ptr;
  }
  chunkLone = [];
  const s = from === 0 && to === inputs.length ? inputs.join('') : inputs.slice(from, to).join('');
  reserve(s.length);
  const r = encoder.encodeInto(s, inputView());
  if (r.written === s.length && r.read === s.length) {
    const lens = new Uint32Array(raw.memory.buffer, lensPtr, to - from);
    for (let k = from; k < to; k++) lens[k - from] = inputs[k].length;
    chunkAscii = true;
    return r.written;
  }
  reserve(3 * s.length);
  const m = memory8();
  const lens = new Uint32Array(raw.memory.buffer, lensPtr, to - from);
  let at = 0;
  for (let k = from; k < to; k++) {
    const w = encoder.encodeInto(inputs[k], m.subarray(inPtr + at, inPtr + inCap)).written;
    lens[k - from] = w;
    at += w;
    if (w !== inputs[k].length) {
      const i = loneSurrogate(inputs[k]);
      if (i >= 0) chunkLone.push(k, i);
    }
  }
  chunkAscii = false;
  return at;
}

export {
  unicode,
  LONE_ALL,
  loneSurrogate,
  notUnicode,
  COMPONENTS,
  failure,
  call,
  text,
  profileCode,
  put,
  offsetsView,
  CHUNK,
  chunkAscii,
  chunkLone,
  putChunk,
};
