// Loads the third WebAssembly module (the SSRF guard of urikit-guard)
// once, at the import of `urikit/guard`: in Node from the file beside the
// main module's (synchronously), in a browser by fetch (top-level await).
// Neither the main module nor `urikit/views` imports this file: who never
// imports `urikit/guard` never loads the guard.
import init, * as wasm from '../dist/wasm/urikit_guard.js';

const url = new URL('../dist/wasm/urikit_guard_bg.wasm', import.meta.url);

/** The module's exports (its memory among them). */
export const exports =
  typeof process === 'object' && process.versions?.node && url.protocol === 'file:'
    ? wasm.initSync({ module: (await import('node:fs')).readFileSync(url) })
    : await init({ module_or_path: url });

export { wasm };
