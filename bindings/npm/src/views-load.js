// Loads the second WebAssembly module (every parser's view, the readings
// of other languages' libraries among them) once, at the import of
// `urikit/views`: in Node from the file beside the main module's
// (synchronously), in a browser by fetch (top-level await). The main
// module never imports this file: who never imports `urikit/views` never
// loads the second module.
import init, * as wasm from '../dist/wasm/urikit_views.js';

const url = new URL('../dist/wasm/urikit_views_bg.wasm', import.meta.url);

/** The module's exports (its memory among them). */
export const exports =
  typeof process === 'object' && process.versions?.node && url.protocol === 'file:'
    ? wasm.initSync({ module: (await import('node:fs')).readFileSync(url) })
    : await init({ module_or_path: url });

export { wasm };
