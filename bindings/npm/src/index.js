// urikit for JavaScript: the one Rust core (../../../crates/urikit) compiled to
// WebAssembly, with an idiomatic face. Nothing about URIs is decided here:
// every answer comes from the core; this file only moves text in and
// offsets or text out, and turns the core's failures into URIError.
import { exports as raw, wasm } from './load.js';
import { fastUriFace } from './fast-uri-face.js';
import {
  URIError,
  ParsedURI,
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
} from './core.js';

import { UriTemplate } from './template.js';

export { URIError, ParsedURI, _text, ENCODE_SETS } from './core.js';
export { UriTemplate };
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
