// An MCP-compatible UriTemplate (the class of @modelcontextprotocol/sdk's
// shared/uriTemplate: constructor, expand, match, toString, variableNames,
// isTemplate), over urikit's RFC 6570 core. `match` reads URIs as clients
// send them (the core's lenient mode: query parameters optional and in any
// order, unnamed ones ignored), which is what the SDK's issues #149 and
// #1079 ask for; values that would leave their path segment once decoded
// (a `/` or a dot segment) do not match. URIs are read up to the SDK's
// limit (MAX_TEMPLATE_LENGTH, 1,000,000; here in UTF-8 bytes). See
// docs/javascript.md.
import { UriTemplate as Core, URIError, _text } from './index.js';
import { wasm } from './load.js';

const SDK_MAX_LENGTH = 1_000_000;

export class UriTemplate {
  #core;
  /** Whether `str` holds at least one template expression (by the RFC 6570 grammar). */
  static isTemplate(str) {
    // Not Unicode text (a lone surrogate): no template.
    if (_text.loneSurrogate(String(str)) >= 0) return false;
    let t;
    try {
      t = new wasm.Template(String(str));
    } catch (e) {
      if (e instanceof wasm.Failure) {
        e.free();
        return false;
      }
      throw e;
    }
    const n = t.expression_count();
    t.free();
    return n > 0;
  }
  constructor(template) {
    this.#core = new Core(template);
  }
  /** The variable names in order (repeats kept). */
  get variableNames() {
    return this.#core.variables;
  }
  toString() {
    return this.#core.template;
  }
  /** Expands with string or string-array variables (RFC 6570). */
  expand(variables) {
    return this.#core.expand(variables);
  }
  /** The variables of `uri` (strings; arrays for exploded lists), or null. */
  match(uri) {
    let d;
    try {
      d = this.#core.matchDetails(uri, { mode: 'lenient', maxLength: SDK_MAX_LENGTH });
    } catch (e) {
      if (e instanceof URIError) return null;
      throw e;
    }
    if (d === null || d.hazards.length) return null;
    const out = {};
    for (const [k, v] of Object.entries(d.vars)) {
      out[k] = typeof v === 'string' || Array.isArray(v) ? v : Object.entries(v).flat();
    }
    return out;
  }
}
