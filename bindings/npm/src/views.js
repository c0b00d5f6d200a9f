// The `urikit/views` entry: every parser's view of a URL and where they
// disagree, the readings of other languages' libraries among them
// (`urllib`, `urllib3`, `yarl`, `httpx`, `go`, `php`, `ruby`,
// `ruby-rfc2396`, `node-legacy`, `fast-uri`, `url-parse`, `java-url`,
// `rust-http`). They are in a second WebAssembly module, loaded when this
// entry is imported (views-load.js): the main module has a size budget
// they would break. The record and the rules for names are the main
// module's `views` (index.js), over more parsers.
import { _views } from './index.js';
import { wasm } from './views-load.js';

/**
 * The parsers this `views` reads with, in the core's order: every parser
 * of urikit-views but `curl` (libcurl's C code, which no WebAssembly build
 * has); `whatwg` is this runtime's own `URL`.
 */
export const VIEW_PARSERS = Object.freeze(wasm.parser_names());

/**
 * The parsers compared when none are named: the core's default set (as in
 * `uri views` and Python's `urikit.views`) without `curl`.
 */
export const DEFAULT_VIEW_PARSERS = Object.freeze(wasm.default_parser_names());

/**
 * Every parser's view of `input` and where they disagree: the record of
 * the main module's `views` (`{input, views: {PARSER: {scheme, userinfo,
 * host, hostKind, port, path, query, fragment} or {error}}, findings:
 * [{kind, component, weight, parsers, values}]}`, absent components
 * `undefined`), over `parsers` (names of `VIEW_PARSERS`, or `all`;
 * default `DEFAULT_VIEW_PARSERS`). A name the core does not know, or
 * `curl`, throws a TypeError with the core's `kind`, the `index` of the
 * name in the list and the `given` name.
 */
export function views(input, { parsers = DEFAULT_VIEW_PARSERS } = {}) {
  return _views.viewsBy(wasm.views, input, parsers);
}
