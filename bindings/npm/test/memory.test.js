// Running out of WebAssembly memory (issue 34): one call whose buffers do
// not fit must be refused with a URIError of its own kind
// (`input-too-large`), and must leave the module usable: before, the
// allocator's abort trapped half way through parseLines, the batch
// buffers stayed borrowed, and every later batch call (even of one tiny
// input) threw `RuntimeError: unreachable` until the process restarted.
//
// The child Node caps the module's memory at 256 MiB (V8's
// --wasm-max-mem-pages; the module declares no maximum, so this is the
// cap), so that a 16 MB text of 8 million short lines (about 400 MB of
// answers) runs out without taking gigabytes of the machine's memory, as
// the 4 GiB of an uncapped module would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repo } from './helpers.js';

const index = pathToFileURL(join(repo, 'bindings', 'npm', 'src', 'index.js')).href;

/** Runs `body` (a module with `u`, the package, and `out`, an object written as JSON) under a 256 MiB cap. */
function capped(body) {
  const src = `
    const u = await import(${JSON.stringify(index)});
    const out = {};
    const err = (e) => ({ name: e.name, kind: e.kind, message: e.message });
    const tryIt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = err(e); } };
    ${body}
    process.stdout.write(JSON.stringify(out));
  `;
  const r = spawnSync(process.execPath, ['--wasm-max-mem-pages=4096', '--input-type=module', '-e', src], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  assert.equal(r.status, 0, `child failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// After a failure, tiny calls of every batch form and of parse.
const AFTER = `
  tryIt('lines', () => { const b = u.parseLines('http://a/b\\nnot a uri\\n'); return [b.length, b.component(0, 'host'), b.isValid(1), b.errorIndex(1)]; });
  tryIt('many', () => u.parseMany(['http://a/b', 'not a uri']).map((x) => x.host ?? x.kind));
  tryIt('batch', () => { const b = u.parseBatch(['http://x.org/']); return b.component(0, 'host'); });
  tryIt('validateMany', () => Array.from(u.validateMany(['http://a/', 'a b'])));
  tryIt('parse', () => u.parse('http://a/b').host);
`;

const WORKS = {
  lines: [2, 'a', false, 3],
  many: ['a', 'invalid-character'],
  batch: 'x.org',
  validateMany: [-1, 1],
  parse: 'a',
};

test('parseLines of more lines than the memory holds is refused, and the module stays usable', () => {
  const out = capped(`
    tryIt('big', () => u.parseLines('a\\n'.repeat(8_000_000)).length);
    ${AFTER}
    tryIt('again', () => u.parseLines('a\\n'.repeat(8_000_000)).length);
    ${AFTER.replaceAll("tryIt('", "tryIt('2")}
  `);
  assert.equal(out.big.name, 'URIError', JSON.stringify(out.big));
  assert.equal(out.big.kind, 'input-too-large');
  assert.match(out.big.message, /^input too large: /);
  assert.deepEqual([out.again.name, out.again.kind], ['URIError', 'input-too-large']);
  for (const [k, v] of Object.entries(WORKS)) {
    assert.deepEqual(out[k], v, k);
    assert.deepEqual(out[`2${k}`], v, `${k} after the second failure`);
  }
});

test('parseMany and validateMany of inputs larger than the memory are refused, and the module stays usable', () => {
  // One input of 300 MB: its text alone is over the cap.
  const out = capped(`
    const huge = 'http://a/' + 'b'.repeat(300_000_000);
    tryIt('many', () => u.parseMany([huge]).length);
    tryIt('validateMany', () => u.validateMany(['http://a/', huge]).length);
    tryIt('parse', () => u.parse(huge).host);
    tryIt('lines', () => u.parseLines(huge).length);
    ${AFTER.replaceAll("tryIt('", "tryIt('2")}
  `);
  for (const k of ['many', 'validateMany', 'parse', 'lines']) {
    assert.equal(out[k].name, 'URIError', `${k}: ${JSON.stringify(out[k])}`);
    assert.equal(out[k].kind, 'input-too-large', k);
  }
  for (const [k, v] of Object.entries(WORKS)) assert.deepEqual(out[`2${k}`], v, k);
});

test('a string the memory cannot take in is input-too-large, and the module stays usable after the trap', () => {
  // wasm-bindgen's glue copies the string into the module; that copy's
  // allocation aborts (a trap), which the package recovers from and names.
  const out = capped(`
    const huge = 'http://a/' + 'b'.repeat(300_000_000);
    tryIt('normalize', () => u.normalize(huge));
    tryIt('encode', () => u.encode(huge, 'path'));
    tryIt('template', () => new u.UriTemplate(huge));
    ${AFTER.replaceAll("tryIt('", "tryIt('2")}
    tryIt('small', () => u.normalize('HTTP://A/./b'));
  `);
  for (const k of ['normalize', 'encode', 'template']) {
    assert.deepEqual([out[k].name, out[k].kind], ['URIError', 'input-too-large'], `${k}: ${JSON.stringify(out[k])}`);
  }
  for (const [k, v] of Object.entries(WORKS)) assert.deepEqual(out[`2${k}`], v, k);
  assert.equal(out.small, 'http://a/b');
});
