// The size budgets of the WebAssembly modules (README and
// docs/javascript.md state them), gzipped at level 9: the main module at
// most 256 KiB; the second module (`urikit/views`, loaded only by who
// imports it) at most 448 KiB, its size when it came (see the printed
// line) and room for readings to grow, no more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET = 256 * 1024;
export const VIEWS_BUDGET = 448 * 1024;
// The guard (`urikit/guard`): 431,512 bytes gzipped since the public
// suffix list is urikit's own table (572,534 with the psl crate's matcher);
// the budget leaves about 10% room.
export const GUARD_BUDGET = 464 * 1024;

function gzipped(name) {
  const wasm = readFileSync(new URL(`../dist/wasm/${name}`, import.meta.url));
  const gz = gzipSync(wasm, { level: 9 }).length;
  return [wasm.length, gz];
}

test('the gzipped .wasm is within its budget', () => {
  const [bytes, gz] = gzipped('urikit_wasm_bg.wasm');
  console.log(`urikit_wasm_bg.wasm: ${bytes} bytes, ${gz} gzipped (budget ${BUDGET})`);
  assert.ok(gz <= BUDGET, `${gz} bytes gzipped, over the budget of ${BUDGET}`);
});

test('the second module (urikit/views) is within its budget', () => {
  const [bytes, gz] = gzipped('urikit_views_bg.wasm');
  console.log(`urikit_views_bg.wasm: ${bytes} bytes, ${gz} gzipped (budget ${VIEWS_BUDGET})`);
  assert.ok(gz <= VIEWS_BUDGET, `${gz} bytes gzipped, over the budget of ${VIEWS_BUDGET}`);
});

test('the third module (urikit/guard) is within its budget', () => {
  const [bytes, gz] = gzipped('urikit_guard_bg.wasm');
  console.log(`urikit_guard_bg.wasm: ${bytes} bytes, ${gz} gzipped (budget ${GUARD_BUDGET})`);
  assert.ok(gz <= GUARD_BUDGET, `${gz} bytes gzipped, over the budget of ${GUARD_BUDGET}`);
});
