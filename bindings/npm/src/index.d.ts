// Type declarations of urikit's JavaScript face (src/index.js).

/** The names of the core's percent-encoding sets, for `encode`. */
export declare const ENCODE_SETS: readonly string[];

/**
 * The profiles (the core's `urikit::Profile` names this package reads by):
 * RFC 3986 URI references, RFC 3987 IRI references. `'uri-reference'` and
 * `'iri-reference'` are the names of 0.1, kept for one release.
 */
export type Profile = 'uri' | 'iri' | 'uri-reference' | 'iri-reference';
/** What parse reads: a reference (the default), or with `'URI'` / `'IRI'` a scheme is required. */
export type ParseRule = 'URI-reference' | 'URI' | 'IRI-reference' | 'IRI';
/** The options of parse and its batch forms. */
export interface ParseOptions {
  profile?: Profile;
  rule?: ParseRule;
}
/** The normalization and comparison levels of RFC 3986 6.2. */
export type Level = 'string' | 'syntax' | 'scheme';
/** Anything with URI text: a string, a ParsedURI or a WHATWG URL (its href). */
export type Text = string | ParsedURI | URL;

/** Kinds a URIError has (the core's names, which are more, and the package's own). */
export type ErrorKind =
  | 'invalid-character'
  | 'not-unicode'
  | 'input-too-large'
  | 'unknown-profile'
  | 'unknown-rule'
  | 'unknown-level'
  | 'unknown-encode-set'
  | 'unknown-match-mode'
  | 'unknown-style'
  | 'unknown-parser'
  | (string & {});

/** An invalid input (a subclass of the global URIError). */
export declare class URIError extends globalThis.URIError {
  constructor(message: string, details?: { index?: number; kind?: ErrorKind; component?: string });
  /** The UTF-16 index of the first offending character, when there is one. */
  readonly index: number | undefined;
  /**
   * The stable kind name: the core's, such as `invalid-character`, or the
   * package's own: `not-unicode` (a string with a lone surrogate, at its
   * index; a row error in the batch forms), `input-too-large` (a call
   * whose buffers the WebAssembly memory cannot hold, refused before
   * parsing), `unknown-profile`, `unknown-rule`, ...
   */
  readonly kind: ErrorKind | undefined;
  /** The component the error is in (`host`, `path`, ...), when there is one. */
  readonly component: string | undefined;
}

/** `[start, end)` in UTF-16 code units. */
export type Span = [number, number];

export interface Components {
  scheme?: string;
  authority?: string;
  userinfo?: string;
  host?: string;
  /** A number; `undefined` when absent, empty or past 65535 (was the digits in 0.1: now `portText`). */
  port?: number;
  /** The port's digits as written. */
  portText?: string;
  path: string;
  query?: string;
  fragment?: string;
  hostKind?: 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture';
}

/** A parsed URI reference: absent components are `undefined`, empty ones `""`. */
export declare class ParsedURI {
  private constructor();
  readonly text: string;
  readonly scheme: string | undefined;
  readonly authority: string | undefined;
  readonly userinfo: string | undefined;
  readonly host: string | undefined;
  /** The port as a number (as in every face); `undefined` when absent, empty or past 65535. */
  readonly port: number | undefined;
  /** The port's digits as written (0.1's `port`): `"0080"`, `""` for an empty port. */
  readonly portText: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
  readonly fragment: string | undefined;
  readonly hostKind: 'reg-name' | 'ipv4' | 'ipv6' | 'ipvfuture' | undefined;
  readonly isRelative: boolean;
  readonly offsets: Partial<Record<'scheme' | 'authority' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment', Span>>;
  toString(): string;
  toJSON(): Components;
}

export declare function parse(input: Text, options?: ParseOptions): ParsedURI;
export declare function parseMany(inputs: readonly Text[], options?: ParseOptions): Array<ParsedURI | URIError>;
export type ComponentName = 'scheme' | 'authority' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';
/**
 * The answers of parseBatch or parseLines, column by column: no object per
 * input until `at(i)` or the iterator asks for one.
 */
export declare class URIBatch implements Iterable<ParsedURI | URIError> {
  private constructor();
  readonly length: number;
  isValid(i: number): boolean;
  text(i: number): string;
  component(i: number, name: ComponentName): string | undefined;
  errorIndex(i: number): number;
  at(i: number): ParsedURI | URIError;
  [Symbol.iterator](): Iterator<ParsedURI | URIError>;
}
/** parseMany's answers as a URIBatch: the fastest way to read components of many inputs. */
export declare function parseBatch(inputs: readonly Text[], options?: ParseOptions): URIBatch;
export declare function parseLines(text: string, options?: ParseOptions): URIBatch;
/** Whether `input` matches `rule`; throws URIError `not-unicode` for a lone surrogate, `unknown-rule` for an unknown rule. */
export declare function validate(input: Text, rule?: string): boolean;
/** Per input: -1 when it matches `rule`, else the index of its first bad character (a lone surrogate's, for text that is not Unicode). */
export declare function validateMany(inputs: readonly Text[], rule?: string): Int32Array;
export declare function resolve(base: Text, reference: Text, options?: { nonStrict?: boolean; /** @deprecated use nonStrict */ strict?: boolean; profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): string;
export declare function makeRelative(base: Text, target: Text, options?: { profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): string;
/** @deprecated the old name of makeRelative */
export declare function relative(base: Text, target: Text, options?: { profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): string;
export declare function normalize(input: Text, options?: { level?: Level; profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): string;
export declare function equivalent(a: Text, b: Text, options?: { level?: Level; ignoreFragment?: boolean; profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): boolean;
export declare function encode(input: string, component: string): string;
export declare function decode(input: string, options?: { form?: boolean; lossy?: boolean }): string;

export interface Match {
  uri: string;
  start: number;
  end: number;
  delimiter: string;
}
export declare function extract(input: string, options?: { relative?: boolean; anyScheme?: boolean }): Match[];

export interface Finding {
  kind: string;
  start: number;
  end: number;
  message: string;
}
export declare function lint(input: Text, options?: { profile?: 'uri' | 'iri'; /** @deprecated use profile: 'iri' */ iri?: boolean }): Finding[];
export type ViewParser = 'rfc3986' | 'java' | 'whatwg';
/** The parsers `views` can list (every parser: `urikit/views`). */
export declare const VIEW_PARSERS: readonly ViewParser[];
/** One parser's reading: its components (`undefined` when absent) or its error. */
export type ParserView =
  | {
      scheme?: string;
      userinfo?: string;
      host?: string;
      hostKind?: string;
      port?: string;
      path?: string;
      query?: string;
      fragment?: string;
    }
  | { error: string };
/** Where two or more parsers' views differ. */
export interface ViewFinding<P extends string = ViewParser> {
  kind: string;
  component: string;
  weight: 'high' | 'medium' | 'low' | (string & {});
  parsers: P[];
  values: (string | undefined)[];
}
export interface Views<P extends string = ViewParser> {
  input: string;
  views: Partial<Record<P, ParserView>>;
  findings: ViewFinding<P>[];
}
/**
 * A refused list of parser names: a `TypeError` with the core's `kind`
 * (`unknown-parser`, `parser-not-built`), the `index` of the refused name
 * in the list and the `given` name.
 */
export interface ViewParserError extends TypeError {
  kind: 'unknown-parser' | 'parser-not-built' | (string & {});
  index: number;
  given: string;
}
/** `parsers`: names of `VIEW_PARSERS`, or `all`; another name throws a {@link ViewParserError}. */
export declare function views(input: Text, options?: { parsers?: readonly (ViewParser | 'all')[] }): Views;
export declare function toURI(input: Text, options?: { idna?: boolean }): string;
export declare function toIRI(input: Text, options?: { idna?: boolean }): string;

export type PathStyle = 'unix' | 'windows';
export type FileProfile = 'rfc8089' | 'vscode';
export declare function fromFilePath(path: string, options?: { style?: PathStyle; profile?: FileProfile }): string;
export declare function toFilePath(uri: Text, options?: { style?: PathStyle; profile?: FileProfile }): string;

export type MatchMode = 'exact' | 'lenient' | 'lenient-form';
export type VarValue = string | string[] | Record<string, string>;
export type ExpandValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>
  | Readonly<Record<string, string | number | boolean>>;

export interface MatchDetails {
  vars: Record<string, VarValue>;
  rest: Array<[string, string]>;
  hazards: Array<{ variable: string; kind: string; message: string }>;
}

export declare class UriTemplate {
  constructor(template: string);
  readonly template: string;
  readonly variables: string[];
  expand(vars?: Readonly<Record<string, ExpandValue>>): string;
  match(uri: Text, options?: { mode?: MatchMode; maxLength?: number }): Record<string, VarValue> | null;
  matchDetails(uri: Text, options?: { mode?: MatchMode; maxLength?: number }): MatchDetails | null;
  toString(): string;
}
export { fastUri } from './fast-uri.js';
/** JSON Schema format checks by the core, for a validator's addFormat. */
export declare const jsonSchemaFormats: Readonly<Record<'uri' | 'uri-reference' | 'iri' | 'iri-reference' | 'uri-template', (s: string) => boolean>>;
