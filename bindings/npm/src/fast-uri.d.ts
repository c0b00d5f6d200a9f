// A fast-uri-compatible face (the API of the fast-uri package, with its option names).
export interface URIComponent {
  scheme?: string;
  userinfo?: string;
  host?: string;
  port?: number | string;
  path?: string;
  query?: string;
  fragment?: string;
  reference?: string;
  error?: string;
}
export interface Options {
  scheme?: string;
  reference?: string;
  unicodeSupport?: boolean;
  iri?: boolean;
  domainHost?: boolean;
  absolutePath?: boolean;
  tolerant?: boolean;
  skipEscape?: boolean;
}
export declare function parse(uri: string, opts?: Options): URIComponent;
export declare function serialize(component: URIComponent, opts?: Options): string;
export declare function resolve(baseURI: string, relativeURI: string, opts?: Options): string;
export declare function resolveComponent(base: URIComponent, relative: URIComponent, opts?: Options): URIComponent;
export declare function normalize(uri: string, opts?: Options): string;
export declare function normalize(uri: URIComponent, opts?: Options): URIComponent;
export declare function equal(uriA: string | URIComponent, uriB: string | URIComponent, opts?: Options): boolean;
export declare const SCHEMES: Readonly<Record<string, never>>;
export declare const fastUri: {
  parse: typeof parse;
  serialize: typeof serialize;
  resolve: typeof resolve;
  resolveComponent: typeof resolveComponent;
  normalize: typeof normalize;
  equal: typeof equal;
  SCHEMES: typeof SCHEMES;
};
export default fastUri;
