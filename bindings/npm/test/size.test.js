// The size budget of the WebAssembly module (README and docs/javascript.md
// state it): gzipped at level 9, at most 256 KiB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET = 256 * 1024;

test('the gzipped .wasm is within its budget', () => {
  const wasm = readFileSync(new URL('../dist/wasm/urikit_wasm_bg.wasm', import.meta.url));
  const gz = gzipSync(wasm, { level: 9 }).length;
  console.log(`urikit_wasm_bg.wasm: ${wasm.length} bytes, ${gz} gzipped (budget ${BUDGET})`);
  assert.ok(gz <= BUDGET, `${gz} bytes gzipped, over the budget of ${BUDGET}`);
});
