// urikit for JavaScript: the one Rust core (../../../crates/urikit) compiled to
// WebAssembly, with an idiomatic face. Nothing about URIs is decided here:
// every answer comes from the core; this file only moves text in and
// offsets or text out, and turns the core's failures into URIError.
import { exports as raw, wasm } from './load.js';
import { fastUriFace } from './fast-uri-face.js';
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
 * Parses `input` as a URI reference (RFC 3986), or by `profile`: `'uri'`
 * (the default) or `'iri'` (RFC 3987 IRI references); `rule: 'URI'` (or
 * `'IRI'`) requires a scheme.
 * Throws URIError for invalid input.
 */
export function parse(input, options) {
  const s = typeof input === 'string' ? input : text(input, 'input');
  const code = options === undefined ? 0 : profileCode(options.profile, options.rule);
  const len = put(s);
  // As many bytes as units: ASCII, so no surrogate.
  if (len !== s.length) unicode(s);
  try {
    wasm.parse_input(len, code);
  } catch (e) {
    throw failure(e);
  }
  // A plain array: cheaper to make than a typed array for 17 numbers.
  const v = offsetsView();
  const o = [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15], v[16]];
  return new ParsedURI(s, o);
}

// The batch forms (bindings/npm/wasm/src/batch.rs): STRIDE words per input, word 16 the
// host kind's index, -1 without a host, INVALID for an invalid input (word
// 0 then the index of its first bad character).
const STRIDE = 17;
const INVALID = -2;

/** The inputs of a batch as strings (a TypeError for anything else than a string, URL or ParsedURI). */
function strings(inputs) {
  if (!Array.isArray(inputs)) throw new TypeError('inputs must be an array');
  for (let i = 0; i < inputs.length; i++) {
    if (typeof inputs[i] !== 'string') return inputs.map((x, k) => text(x, `inputs[${k}]`));
  }
  return inputs;
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

/** Whether 16-bit answer words can hold every offset of `inputs`. */
function narrow(inputs) {
  for (let i = 0; i < inputs.length; i++) if (inputs[i].length > 32767) return false;
  return true;
}

/** Parses `inputs` a chunk at a time; the words of their answers (16- or 32-bit). */
function parseWords(inputs, code) {
  const n = inputs.length;
  const wide = !narrow(inputs);
  const Words = wide ? Int32Array : Int16Array;
  const out = new Words(n * STRIDE);
  for (let i = 0; i < n; i += CHUNK) {
    const end = Math.min(i + CHUNK, n);
    const bytes = putChunk(inputs, i, end);
    const ptr = call(wasm.parse_items, bytes, end - i, code, chunkAscii, wide);
    out.set(new Words(raw.memory.buffer, ptr, (end - i) * STRIDE), i * STRIDE);
    for (let j = 0; j < chunkLone.length; j += 2) invalidRow(out, chunkLone[j], chunkLone[j + 1]);
  }
  return out;
}

/**
 * Makes row `k` of batch answers invalid at `index` (a lone surrogate:
 * the module parsed the U+FFFD TextEncoder wrote in its place, one UTF-16
 * unit too, so the offsets of the row's other inputs stand).
 */
function invalidRow(words, k, index) {
  words.fill(-1, k * STRIDE, (k + 1) * STRIDE);
  words[k * STRIDE] = index;
  words[k * STRIDE + 16] = INVALID;
}

/** The words of the last `parse_lines`, copied out of the module's memory (16- or 32-bit). */
function linesWords(ptr, count) {
  const Words = wasm.batch_wide() ? Int32Array : Int16Array;
  return new Words(raw.memory.buffer, ptr, count).slice();
}

/**
 * Parses many inputs in one crossing of the WebAssembly boundary (the
 * inputs' text in, one array of offsets out): an array of `ParsedURI`,
 * with a `URIError` (not thrown) in the place of each invalid input.
 * `parseBatch` gives the same answers without an object per input.
 */
export function parseMany(inputs, { profile, rule } = {}) {
  const code = profileCode(profile, rule);
  const strs = strings(inputs);
  const n = strs.length;
  const all = parseWords(strs, code);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = all[i * STRIDE + 16] === INVALID ? failureOf(strs[i], code) : new ParsedURI(strs[i], all, i * STRIDE);
  }
  return out;
}

/** The URIError of parsing `source` alone (which the batch found invalid). */
function failureOf(source, code) {
  const lone = loneSurrogate(source);
  if (lone >= 0) return notUnicode(source, lone);
  try {
    wasm.parse(source, code);
    return new URIError('inconsistent batch answer', { kind: 'internal' });
  } catch (e) {
    return failure(e);
  }
}

const COMPONENT_INDEX = Object.fromEntries(COMPONENTS.map((name, k) => [name, k]));

/**
 * The answers of a batch (`parseBatch`, `parseLines`), column by column:
 * no object per input until one is asked for. `length`; `isValid(i)`;
 * `text(i)`; `component(i, name)` (the component's text, or `undefined`
 * when absent or the input is invalid: for `'port'`, `portText`); `errorIndex(i)`; `at(i)` (a `ParsedURI` or a
 * `URIError`); iterable.
 */
export class URIBatch {
  #src;
  #lines;
  #o;
  #code;
  /**
   * `source`: the inputs (an array of strings), or one text whose lines
   * are at `lines` (a start and a length per line).
   */
  constructor(source, lines, offsets, length, code) {
    this.#src = source;
    this.#lines = lines;
    this.#o = offsets;
    this.#code = code;
    /** How many inputs (or lines). */
    this.length = length;
  }
  /** Whether input `i` parsed. */
  isValid(i) {
    return this.#o[i * STRIDE + 16] !== INVALID;
  }
  /** The text of input (or line) `i`. */
  text(i) {
    const l = this.#lines;
    return l === null ? this.#src[i] : this.#src.slice(l[2 * i], l[2 * i] + l[2 * i + 1]);
  }
  /** Component `name` of input `i` (`'scheme'`, `'host'`, ...): `undefined` when absent or the input is invalid. */
  component(i, name) {
    const k = COMPONENT_INDEX[name];
    if (k === undefined) throw new TypeError(`unknown component ${JSON.stringify(name)}`);
    const o = this.#o;
    const b = i * STRIDE;
    const a = o[b + 2 * k];
    if (a < 0 || o[b + 16] === INVALID) return undefined;
    const l = this.#lines;
    if (l === null) return this.#src[i].slice(a, o[b + 2 * k + 1]);
    const at = l[2 * i];
    return this.#src.slice(at + a, at + o[b + 2 * k + 1]);
  }
  /** The UTF-16 index (in the input) of input `i`'s first bad character; -1 for a valid input. */
  errorIndex(i) {
    return this.#o[i * STRIDE + 16] === INVALID ? this.#o[i * STRIDE] : -1;
  }
  /** Input `i` as a `ParsedURI`, or its `URIError`. */
  at(i) {
    const s = this.text(i);
    return this.isValid(i) ? new ParsedURI(s, this.#o, i * STRIDE) : failureOf(s, this.#code);
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

/**
 * `parseMany`'s answers as a `URIBatch`: the same one crossing, and no
 * object per input until one is asked for (the fastest way to read
 * components of many inputs).
 */
export function parseBatch(inputs, { profile, rule } = {}) {
  const code = profileCode(profile, rule);
  const strs = strings(inputs);
  return new URIBatch(strs, null, parseWords(strs, code), strs.length, code);
}

/**
 * Parses each line of `text` (lines end at LF; a CR before it is not part
 * of the line) in one crossing: the text is encoded straight into the
 * module's memory, no string is split or joined, and the answer is a
 * `URIBatch` of offsets that makes no object per line until asked.
 */
export function parseLines(text, { profile, rule } = {}) {
  const code = profileCode(profile, rule);
  if (typeof text !== 'string') throw new TypeError('text must be a string');
  const bytes = put(text);
  const ptr = call(wasm.parse_lines, bytes, code, bytes === text.length);
  const n = wasm.lines_count();
  const lines = new Uint32Array(raw.memory.buffer, wasm.lines_ptr(), 2 * n).slice();
  const words = linesWords(ptr, n * STRIDE);
  // A line with a lone surrogate is invalid there (per line, as a batch
  // row): the first one of the line, at its index in the line.
  if (bytes !== text.length && loneSurrogate(text) >= 0) {
    let line = 0;
    let marked = -1;
    for (const m of text.matchAll(LONE_ALL)) {
      while (line + 1 < n && lines[2 * (line + 1)] <= m.index) line++;
      if (line !== marked) invalidRow(words, line, m.index - lines[2 * line]);
      marked = line;
    }
  }
  return new URIBatch(text, lines, words, n, code);
}

/**
 * Whether `input` matches the ABNF rule `rule` (the RFC's rule names:
 * `URI-reference` by default, `URI`, `absolute-URI`, `relative-ref`,
 * `IRI`, `IRI-reference`, `host`, `IPv6address`, `segment`, ...).
 * Text with a lone surrogate is no text at all: it throws URIError
 * `not-unicode` (as an unknown rule throws `unknown-rule`).
 */
export function validate(input, rule = 'URI-reference') {
  const s = text(input, 'input');
  try {
    wasm.validate(s, rule);
    return true;
  } catch (e) {
    const err = failure(e);
    if (err instanceof URIError && err.kind === 'unknown-rule') throw err;
    if (err instanceof URIError) return false;
    throw err;
  }
}

/**
 * `validate` for many inputs in one crossing: for each input `-1` when
 * it matches `rule`, else the index of its first bad character
 * (an Int32Array). No components are written: the fastest batch form.
 */
export function validateMany(inputs, rule = 'URI-reference') {
  const strs = strings(inputs);
  const n = strs.length;
  const out = new Int32Array(n);
  if (n === 0) call(wasm.validate_items, 0, 0, rule, true); // an unknown rule still throws
  for (let i = 0; i < n; i += CHUNK) {
    const end = Math.min(i + CHUNK, n);
    const bytes = putChunk(strs, i, end);
    const ptr = call(wasm.validate_items, bytes, end - i, rule, chunkAscii);
    out.set(new Int32Array(raw.memory.buffer, ptr, end - i), i);
    for (let j = 0; j < chunkLone.length; j += 2) out[chunkLone[j]] = chunkLone[j + 1];
  }
  return out;
}

/**
 * The profile an operation reads by: `profile` (`'uri'` or `'iri'`, the
 * core's names), else the boolean `iri` of 0.1, kept for one release.
 */
function opProfile(profile, iri) {
  return profile === undefined ? (iri ? 'iri' : 'uri') : profile;
}

/** Resolves `reference` against `base` (RFC 3986 5.2); `nonStrict: true` for the non-strict variant. */
export function resolve(base, reference, { nonStrict, strict = true, profile, iri = false } = {}) {
  // `nonStrict` is the name every face uses (the CLI's --non-strict, the
  // core's non_strict); `strict: false`, the package's first spelling,
  // still works.
  const lenient = nonStrict === undefined ? !strict : !!nonStrict;
  return call(wasm.resolve, text(base, 'base'), text(reference, 'reference'), lenient, opProfile(profile, iri));
}

/** The shortest reference that resolves from `base` to `target` (the core's make_relative). */
export function makeRelative(base, target, { profile, iri = false } = {}) {
  return call(wasm.make_relative, text(base, 'base'), text(target, 'target'), opProfile(profile, iri));
}

/** The old name of {@link makeRelative}, kept for one release. */
export const relative = makeRelative;

/** The normal form at `level`: `'syntax'` (6.2.2, the default), `'scheme'` (also 6.2.3) or `'string'`. */
export function normalize(input, { level = 'syntax', profile, iri = false } = {}) {
  return call(wasm.normalize, text(input, 'input'), level, opProfile(profile, iri));
}

/** Whether `a` and `b` are equivalent at `level` (6.2). */
export function equivalent(a, b, { level = 'syntax', ignoreFragment = false, profile, iri = false } = {}) {
  return call(wasm.equivalent, text(a, 'a'), text(b, 'b'), level, ignoreFragment, opProfile(profile, iri));
}

/** Percent-encodes `input` (as UTF-8) for `component`, one of ENCODE_SETS. */
export function encode(input, component) {
  return call(wasm.encode, text(input, 'input'), component);
}

/** Percent-decodes `input`; `form: true` reads `+` as a space; `lossy: true` replaces bytes that are not UTF-8 with U+FFFD. */
export function decode(input, { form = false, lossy = false } = {}) {
  return call(wasm.decode, text(input, 'input'), form, lossy);
}

/** The URI references in plain text (RFC 3986 Appendix C): `{uri, start, end, delimiter}`. */
export function extract(input, { relative = false, anyScheme = false } = {}) {
  return JSON.parse(call(wasm.extract, text(input, 'input'), relative, anyScheme));
}

/** The security findings (RFC 3986 section 7): `{kind, start, end, message}`. */
export function lint(input, { profile, iri = false } = {}) {
  return JSON.parse(call(wasm.lint, text(input, 'input'), opProfile(profile, iri)));
}

/**
 * The parsers `views` can list (the core's names): `rfc3986`, `java`,
 * `whatwg`. The readings of other languages' libraries (`urllib`, `go`,
 * `php`, ...) are in the package's second module: `urikit/views`.
 */
export const VIEW_PARSERS = Object.freeze(wasm.view_parser_names());

/**
 * The runtime's own WHATWG reading of `input` (Node's or the browser's
 * `URL`), as the fields of a view, each from the URL's own accessors; an
 * empty query or fragment is told from an absent one by the href, which
 * the accessors cannot.
 */
function whatwgView(input) {
  let u;
  try {
    u = new URL(input);
  } catch (e) {
    return { error: e.message };
  }
  const [beforeHash] = u.href.split('#');
  return {
    scheme: u.protocol.slice(0, -1),
    userinfo: u.username === '' && u.password === '' ? null : u.password === '' ? u.username : `${u.username}:${u.password}`,
    host: u.hostname === '' ? null : u.hostname,
    port: u.port === '' ? null : u.port,
    path: u.pathname,
    query: u.search !== '' ? u.search.slice(1) : beforeHash.endsWith('?') ? '' : null,
    fragment: u.hash !== '' ? u.hash.slice(1) : u.href.endsWith('#') ? '' : null,
  };
}

const absentAsUndefined = (value) => (value === null ? undefined : value);

/**
 * The views of `input` by the module function `f` (this module's
 * `views` or the second module's, `urikit/views`): the names checked by
 * the core's `Parser::select` in the module (a refusal thrown as a
 * TypeError with its `kind`, `index` in the list and `given` name), the
 * WHATWG reading made here, the answer as the record `views` returns.
 */
function viewsBy(f, input, parsers) {
  const s = text(input, 'input');
  if (!Array.isArray(parsers) || !parsers.every((p) => typeof p === 'string')) {
    throw new TypeError('parsers must be an array of parser names');
  }
  const whatwg = parsers.includes('whatwg') || parsers.includes('all') ? JSON.stringify(whatwgView(s)) : '';
  let json;
  try {
    json = f(s, JSON.stringify(parsers), whatwg);
  } catch (e) {
    if (e === null || typeof e !== 'object' || typeof e.given !== 'string') throw e;
    const err = new TypeError(e.message);
    Object.assign(err, { kind: e.kind, index: e.index, given: e.given });
    e.free();
    throw err;
  }
  const answer = JSON.parse(json);
  const byParser = {};
  for (const { parser, ...view } of answer.views) {
    byParser[parser] = 'error' in view ? { error: view.error } : Object.fromEntries(VIEW_KEYS.map((k) => [k, absentAsUndefined(view[k])]));
  }
  const findings = answer.findings.map((f) =>
    Object.fromEntries(FINDING_KEYS.map((k) => [k, k === 'values' ? f.values.map(absentAsUndefined) : f[k]])));
  return { input: s, views: byParser, findings };
}

// The record's keys in the order of `uri views --json` and Python's
// `urikit.views`, from the one record definition (urikit-views' `record`;
// the module's JSON objects have their keys sorted).
const [VIEW_KEYS, FINDING_KEYS] = JSON.parse(wasm.record_keys());

/**
 * Every parser's view of `input` (urikit_views) and where they disagree:
 * `rfc3986` (urikit, strict; the IRI profile for non-ASCII input), `java`
 * (java.net.URI as the core reads it) and `whatwg` (this runtime's own
 * `URL`). `{input, views: {PARSER: {scheme, userinfo, host, hostKind,
 * port, path, query, fragment} or {error}}, findings: [{kind, component,
 * weight, parsers, values}]}`, absent components `undefined`. `all` names
 * the three; another parser's name throws a TypeError (the readings of
 * other languages' libraries: `urikit/views`, whose `views` has them).
 */
export function views(input, { parsers = VIEW_PARSERS } = {}) {
  return viewsBy(wasm.views, input, parsers);
}

/** For the `urikit/views` entry only (not API, not in the declarations). */
export const _views = Object.freeze({ viewsBy });

/** The URI an IRI maps to (RFC 3987 3.1); `idna: true` maps the host by UTS #46 ToASCII. */
export function toURI(input, { idna = false } = {}) {
  return call(wasm.to_uri, text(input, 'input'), idna);
}

/** The IRI a URI maps to (RFC 3987 3.2); `idna: true` shows A-labels as U-labels. */
export function toIRI(input, { idna = false } = {}) {
  return call(wasm.to_iri, text(input, 'input'), idna);
}

function defaultStyle() {
  return typeof process === 'object' && process.platform === 'win32' ? 'windows' : 'unix';
}

/** The `file` URI of an absolute path (RFC 8089, or `profile: 'vscode'` as vscode-uri writes it). */
export function fromFilePath(path, { style = defaultStyle(), profile = 'rfc8089' } = {}) {
  return call(wasm.from_file_path, text(path, 'path'), style, profile);
}

/** The path of a `file` URI (RFC 8089, or `profile: 'vscode'` as vscode-uri's fsPath reads it). */
export function toFilePath(uri, { style = defaultStyle(), profile = 'rfc8089' } = {}) {
  return call(wasm.to_file_path, text(uri, 'uri'), style, profile);
}

/**
 * Refuses a variable (its name, a value, a list item, a key or value of
 * an associative array) with a lone surrogate: URIError `not-unicode`, at
 * its index in that string, naming the variable. (JSON.stringify would
 * write it as an escape the core cannot read as text.)
 */
function unicodeVars(vars) {
  if (vars === null || typeof vars !== 'object') return;
  for (const [name, value] of Object.entries(vars)) {
    const strings = [name];
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) strings.push(...value.filter((x) => typeof x === 'string'));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) strings.push(k, ...(typeof v === 'string' ? [v] : []));
    }
    for (const str of strings) {
      const i = loneSurrogate(str);
      if (i >= 0) {
        const e = notUnicode(str, i);
        e.message = `${e.message} (variable ${JSON.stringify(name)})`;
        throw e;
      }
    }
  }
}

/**
 * A URI Template (RFC 6570): `expand` fills it in, `match` reads the
 * variables back out of a URI (`mode`: `'exact'`, the inverse of expand;
 * `'lenient'` or `'lenient-form'`, as clients send URIs).
 */
export class UriTemplate {
  #t;
  constructor(template) {
    this.#t = call((t) => new wasm.Template(t), text(template, 'template'));
    this.template = template;
  }
  /** The variable names in order of appearance (repeats kept). */
  get variables() { return this.#t.variables(); }
  /** Expands with `vars` (strings, numbers, booleans, arrays, objects; null/undefined is undefined). */
  expand(vars = {}) {
    unicodeVars(vars);
    return call((json) => this.#t.expand(json), JSON.stringify(vars));
  }
  /**
   * The variables of `uri`, or `null` when it does not match: strings,
   * arrays (exploded lists) or objects (associative arrays). In the
   * lenient modes a hazard (a decoded `/` or a dot segment in a path
   * value) throws URIError; `matchDetails` reports it instead. The lenient
   * modes read URIs up to `maxLength` bytes (the core's default, 64 KiB,
   * when 0), and throw URIError `uri-too-long` beyond.
   */
  match(uri, { mode = 'exact', maxLength = 0 } = {}) {
    const d = this.matchDetails(uri, { mode, maxLength });
    if (d === null) return null;
    if (d.hazards.length) {
      const h = d.hazards[0];
      throw new URIError(`${h.message} in variable ${JSON.stringify(h.variable)}`, { kind: h.kind });
    }
    return d.vars;
  }
  /** `null`, or `{vars, rest, hazards}`: the unnamed query parameters and the path hazards too. */
  matchDetails(uri, { mode = 'exact', maxLength = 0 } = {}) {
    const json = call((u) => this.#t.match(u, mode, maxLength), text(uri, 'uri'));
    if (json === undefined) return null;
    return JSON.parse(json);
  }
  toString() { return this.template; }
}
/** The fast-uri-compatible face (also `urikit/fast-uri`), given to ajv as `uriResolver`. */
export const fastUri = fastUriFace({ parse, normalize, equivalent, URIError, unicode });

/** A format check: `validate`, with a string that is not Unicode text (a lone surrogate) not valid. */
function format(s, rule) {
  return typeof s === 'string' && loneSurrogate(s) >= 0 ? false : validate(s, rule);
}

/**
 * JSON Schema format checks (`uri`, `uri-reference`, `iri`,
 * `iri-reference`, `uri-template`) by the core, for a validator's
 * `addFormat` (ajv: `for (const [n, f] of Object.entries(jsonSchemaFormats)) ajv.addFormat(n, f)`).
 */
export const jsonSchemaFormats = Object.freeze({
  uri: (s) => format(s, 'URI'),
  'uri-reference': (s) => format(s, 'URI-reference'),
  iri: (s) => format(s, 'IRI'),
  'iri-reference': (s) => format(s, 'IRI-reference'),
  'uri-template': (s) => {
    try {
      new UriTemplate(s);
      return true;
    } catch (e) {
      if (e instanceof URIError) return false;
      throw e;
    }
  },
});
