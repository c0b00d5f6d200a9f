// The package's entry point: the core API (core.js) and, as `fastUri`,
// the fast-uri-compatible face (fast-uri.js, also the subpath
// `urikit/fast-uri`). The faces import core.js and core.js imports no
// face, so no module imports one that imports it back.
export * from './core.js';
export { fastUri } from './fast-uri.js';
