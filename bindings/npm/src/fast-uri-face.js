// A fast-uri-compatible face (parse, serialize, resolve, normalize, equal,
// resolveComponent, with fast-uri's option names) over urikit's core, for
// consumers such as ajv (`new Ajv({ uriResolver: fastUri })`). The answers
// are RFC 3986's, by the core; where they differ from fast-uri's, see
// docs/javascript.md. Like fast-uri, `parse` does not throw: an invalid
// input gives components (by RFC 3986 Appendix B) with an `error` message.
//
// Built by `fastUriFace` from the core functions index.js hands it, so that
// this module imports nothing of index.js: index.js builds the face
// (`fastUri`), and fast-uri.js, the `urikit/fast-uri` entry, takes it from
// index.js. No module imports one that imports it back, and `parse` stays
// in the entry module (a split that moved it cost a call 80 to 100 ns).
import { exports as raw, wasm } from './load.js';

/**
 * The face over the core's `parse`, `normalize`, `equivalent`, `URIError`
 * and its lone-surrogate check `unicode`.
 */
export function fastUriFace({ parse: strictParse, normalize: coreNormalize, equivalent, URIError, unicode }) {
  const NONE = 0xffffffff;

  function referenceKind(c) {
    if (c.scheme === undefined && c.host === undefined && c.userinfo === undefined && c.port === undefined && c.query === undefined && !c.path) {
      return 'same-document';
    }
    if (c.scheme === undefined) return 'relative';
    return c.fragment === undefined ? 'absolute' : 'uri';
  }

  function profileOf(options) {
    return options && (options.unicodeSupport || options.iri) ? 'iri' : 'uri';
  }

  function hostOut(host, kind) {
    // fast-uri gives an IP literal's address without its brackets.
    return kind === 'ipv6' || kind === 'ipvfuture' ? host.slice(1, -1) : host;
  }

  /**
   * The components of `uri`: scheme, userinfo, host (an IPv6 address
   * without brackets), port (a number when it has digits), path, query,
   * fragment, and `reference` (`same-document`, `relative`, `absolute` or
   * `uri`); absent components are `undefined`. An invalid input gives the
   * Appendix B split and `error` (the core's message), as fast-uri does.
   */
  function parse(uri, options = {}) {
    const s = String(uri);
    let out;
    try {
      const p = strictParse(s, { profile: profileOf(options) });
      out = {
        scheme: p.scheme,
        userinfo: p.userinfo,
        host: p.host === undefined ? undefined : hostOut(p.host, p.hostKind),
        port: p.portText === undefined || p.portText === '' ? undefined : Number(p.portText),
        path: p.path,
        query: p.query,
        fragment: p.fragment,
      };
    } catch (e) {
      if (!(e instanceof URIError)) throw e;
      wasm.split(s);
      const o = new Uint32Array(raw.memory.buffer, wasm.offsets_ptr(), 16);
      const part = (k) => (o[2 * k] === NONE ? undefined : s.slice(o[2 * k], o[2 * k + 1]));
      out = { scheme: part(0), path: part(5), query: part(6), fragment: part(7), error: e.message };
      const authority = part(1);
      if (authority !== undefined) out.host = authority;
    }
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    out.reference = referenceKind(out);
    if (options.reference && options.reference !== 'suffix' && options.reference !== out.reference) {
      out.error = out.error || `URI is not a ${options.reference} reference.`;
    }
    return out;
  }

  /**
   * The text of components (RFC 3986 5.3), by the core's builder: each
   * component must be valid encoded text for its rule (a URIError
   * otherwise; fast-uri percent-encodes what it finds instead).
   */
  function serialize(components, options = {}) {
    const c = components;
    let host = c.host;
    if (host !== undefined && host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
    // A component with a lone surrogate throws URIError `not-unicode`.
    const str = (v) => (v === undefined || v === null ? undefined : unicode(String(v)));
    try {
      return wasm.build(
        options.reference === 'suffix' ? undefined : str(c.scheme),
        str(c.userinfo),
        str(host),
        str(c.port),
        str(c.path),
        str(c.query),
        str(c.fragment),
        profileOf(options) === 'iri',
      );
    } catch (e) {
      if (e instanceof wasm.Failure) {
        const err = new URIError(e.message, { kind: e.kind, component: e.component });
        e.free();
        throw err;
      }
      throw e;
    }
  }

  /**
   * `relativeURI` resolved against `baseURI` (RFC 3986 5.2; `tolerant`
   * for the non-strict variant). A relative base is accepted, as fast-uri
   * does (RFC 3986 needs a URI: see docs/javascript.md); invalid input
   * throws.
   */
  function resolve(baseURI, relativeURI, options = {}) {
    try {
      return wasm.resolve_loose(unicode(String(baseURI)), unicode(String(relativeURI)), Boolean(options.tolerant));
    } catch (e) {
      if (e instanceof wasm.Failure) {
        const err = new URIError(e.message, { index: e.index, kind: e.kind, component: e.component });
        e.free();
        throw err;
      }
      throw e;
    }
  }

  /** resolve() on components: the components of the resolved text. */
  function resolveComponent(base, relative, options = {}) {
    return parse(resolve(serialize(base, options), serialize(relative, options), options), options);
  }

  /**
   * The normal form (RFC 3986 6.2.2 and the scheme-based 6.2.3) of a
   * string, or of components (then components again). Invalid text comes
   * back unchanged.
   */
  function normalize(uri, options = {}) {
    if (typeof uri === 'object' && uri !== null) return parse(normalize(serialize(uri, options), options), options);
    const s = String(uri);
    const iri = profileOf(options) === 'iri';
    try {
      return coreNormalize(s, { level: 'scheme', iri });
    } catch (e) {
      if (e instanceof URIError) {
        try {
          return coreNormalize(s, { level: 'syntax', iri });
        } catch (e2) {
          if (e2 instanceof URIError) return s;
          throw e2;
        }
      }
      throw e;
    }
  }

  /** Whether two URIs (strings or components) are equivalent (RFC 3986 6.2.2 and 6.2.3); invalid input is equal to nothing. */
  function equal(uriA, uriB, options = {}) {
    const a = typeof uriA === 'object' && uriA !== null ? serialize(uriA, options) : String(uriA);
    const b = typeof uriB === 'object' && uriB !== null ? serialize(uriB, options) : String(uriB);
    try {
      return equivalent(a, b, { level: 'scheme', iri: profileOf(options) === 'iri' });
    } catch (e) {
      if (e instanceof URIError) return false;
      throw e;
    }
  }

  /** fast-uri's scheme handler table: urikit has none to expose (scheme rules live in the core). */
  const SCHEMES = Object.freeze({});

  return { parse, serialize, resolve, resolveComponent, normalize, equal, SCHEMES };
}
