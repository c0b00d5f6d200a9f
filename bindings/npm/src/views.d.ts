// `urikit/views`: every parser's view, the readings of other languages'
// libraries among them (the package's second WebAssembly module).
import type { Text, Views as ViewsOf, ParserView, ViewFinding, ViewParserError } from './index.js';

export type { ParserView, ViewFinding, ViewParserError };

/** The parsers of `urikit/views` (the core's names; every one but `curl`). */
export type ViewParser =
  | 'rfc3986'
  | 'java'
  | 'whatwg'
  | 'urllib'
  | 'urllib3'
  | 'yarl'
  | 'httpx'
  | 'go'
  | 'php'
  | 'ruby'
  | 'ruby-rfc2396'
  | 'node-legacy'
  | 'fast-uri'
  | 'url-parse'
  | 'java-url'
  | 'rust-http';
/** The parsers `views` reads with, in the core's order. */
export declare const VIEW_PARSERS: readonly ViewParser[];
/** The parsers compared when none are named (the core's default set, without `curl`). */
export declare const DEFAULT_VIEW_PARSERS: readonly ViewParser[];
export type Views = ViewsOf<ViewParser>;
/**
 * Every parser's view of `input` and where they disagree (the main
 * module's record). `parsers`: names of `VIEW_PARSERS`, or `all`; another
 * name, `curl` among them, throws a {@link ViewParserError}.
 */
export declare function views(input: Text, options?: { parsers?: readonly (ViewParser | 'all')[] }): Views;
