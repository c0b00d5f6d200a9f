// urikit/guard against the CLI: `uri guard --json -0` and the JavaScript
// `check` give the same verdict record (every key, in the same order: the
// crate's one record, urikit_guard::Verdict) on
// every vector of the guard crate (crates/urikit-guard/tests/data/vectors,
// both sides) and every URL of the gsd sample (dev/testdata/corpus), for
// every client the WebAssembly build has. The two are the same Rust code
// built for two targets (x86_64 and wasm32): a difference is a bug of one
// of the builds. Inputs with a NUL are left out (`-0` separates inputs
// with NUL, and each record ends with one).
//
// The CLI is `cargo run -p urikit-cli` in this checkout (URIKIT_CLI names
// another binary), as in views-cli.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, readRepo } from './helpers.js';
import { check, GUARD_CLIENTS } from '../src/guard.js';
import { vectors } from './guard-vectors.js';

/** The vectors of both sides and the gsd sample. */
function inputs() {
  const urls = [...vectors('refuse'), ...vectors('allow')].map(([, , url]) => url);
  const gsd = readRepo('dev', 'testdata', 'corpus', 'gsd-urls.txt').split('\n').filter((l) => l !== '');
  return [...urls, ...gsd].filter((u) => !u.includes('\0'));
}

test('uri guard --json and check() give the same verdicts, for every client', () => {
  const urls = inputs();
  assert.ok(urls.length > 19000, `${urls.length} inputs`);
  let compared = 0;
  for (const client of GUARD_CLIENTS) {
    const out = cli(['guard', '--json', '-0', '--client', client], urls.join('\0')).split('\0').filter((l) => l !== '');
    assert.equal(out.length, urls.length, `${client}: ${out.length} records for ${urls.length} inputs`);
    const diffs = [];
    out.forEach((line, i) => {
      const c = JSON.parse(line);
      const j = check(urls[i], { client });
      if (JSON.stringify(j) !== JSON.stringify(c)) diffs.push(`${JSON.stringify(urls[i])}: cli ${line}, js ${JSON.stringify(j)}`);
      compared++;
    });
    assert.deepEqual(diffs.slice(0, 10), [], `${client}: ${diffs.length} differences`);
  }
  console.log(`${compared} verdicts compared (${urls.length} inputs, clients ${GUARD_CLIENTS.join(', ')})`);
});
