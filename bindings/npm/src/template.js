// URI Templates (RFC 6570) for JavaScript: expansion and matching by the
// core, through the module; this file checks the variables going in and
// shapes the answers coming out.
import { wasm } from './load.js';
import { URIError, call, loneSurrogate, notUnicode, text } from './core.js';

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
