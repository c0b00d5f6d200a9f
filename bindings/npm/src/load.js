// Loads the WebAssembly module once, at import: in Node from the file
// beside this one (synchronously), in a browser by fetch (top-level await).
import init, * as wasm from '../dist/wasm/urikit_wasm.js';

const url = new URL('../dist/wasm/urikit_wasm_bg.wasm', import.meta.url);

/** The module's exports (its memory among them). */
export const exports =
  typeof process === 'object' && process.versions?.node && url.protocol === 'file:'
    ? wasm.initSync({ module: (await import('node:fs')).readFileSync(url) })
    : await init({ module_or_path: url });

export { wasm };
