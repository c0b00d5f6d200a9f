// urikit/views against the CLI: the same input gives the same record in
// `uri views --json --parsers all` and in JavaScript, over every input the
// readings were recorded on (crates/urikit-views/tests/data/views/readings/
// inputs.jsonl: the confusion classics, generated edge cases, gsd URLs and
// open-redirect payloads), so over every parser. The two are the same
// Rust code built for two targets (x86_64 and wasm32: 32-bit usize, no
// std::net of the OS): a difference is a bug of one of the builds.
//
// What is not compared, and why:
// - `whatwg`: the CLI reads with the `url` crate, JavaScript with the
//   runtime's own `URL` (index.js, never a re-creation). Their differences
//   are counted and printed (with Node 20: one input, which the url crate's
//   IDNA refuses and Node's URL maps), and the findings of an input whose
//   two `whatwg` views differ are not compared (they are over different
//   views). Where the two read the same host, its kind must be the same.
// - `curl`: no WebAssembly build has libcurl; the CLI's default build has
//   no curl either (`--parsers all` is its parsers).
// - inputs with a NUL: `uri views -0` separates inputs with NUL.
//
// The record's field names differ in one place, listed in NAMES below and
// checked to be the only one: JavaScript's `hostKind` (camelCase, as
// ParsedURI's) is the CLI's and Python's `host_kind`. JavaScript gives
// absent values as `undefined`, the CLI as `null`; each finding has a
// `component` in JavaScript that the CLI's record has not.
//
// The CLI is `cargo run -p urikit-cli` in this checkout (URIKIT_CLI names
// another binary).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { views, VIEW_PARSERS } from '../src/views.js';
import { cli, readRepo } from './helpers.js';

/** JavaScript's name of a view field -> the CLI's, where they differ. */
const NAMES = { hostKind: 'host_kind' };
const CLI_FIELDS = ['scheme', 'userinfo', 'host', 'host_kind', 'port', 'path', 'query', 'fragment'];

const inputs = readRepo('crates', 'urikit-views', 'tests', 'data', 'views', 'readings', 'inputs.jsonl')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l).input)
  .filter((s) => !s.includes('\0'));

/** The JavaScript view in the CLI's shape: its names, `null` for absent. */
function asCli(view) {
  if ('error' in view) return { error: view.error };
  const out = {};
  for (const [k, v] of Object.entries(view)) out[NAMES[k] ?? k] = v === undefined ? null : v;
  return out;
}

test('urikit/views and uri views --json --parsers all: the same record for every recorded input', () => {
  assert.ok(inputs.length >= 4500, `${inputs.length} inputs`);
  const dir = mkdtempSync(join(tmpdir(), 'urikit-views-cli-'));
  let out;
  try {
    const file = join(dir, 'inputs');
    writeFileSync(file, inputs.map((s) => `${s}\0`).join(''));
    out = cli(['views', '--json', '--parsers', 'all', '-0', '-i', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const records = out.split('\0').filter((l) => l !== '').map((l) => JSON.parse(l));
  assert.equal(records.length, inputs.length);

  const differ = [];
  const whatwgDiffer = [];
  let comparedFindings = 0;
  records.forEach((c, i) => {
    assert.equal(c.input, inputs[i]);
    // The CLI's parsers are this module's: the same names, the same order.
    if (i === 0) assert.deepEqual(Object.keys(c.views), [...VIEW_PARSERS]);
    const js = views(inputs[i], { parsers: ['all'] });
    for (const p of VIEW_PARSERS) {
      const ours = asCli(js.views[p]);
      const theirs = c.views[p];
      if ('error' in theirs !== 'error' in ours) {
        (p === 'whatwg' ? whatwgDiffer : differ).push(`${JSON.stringify(inputs[i])} ${p}: js ${JSON.stringify(ours)} cli ${JSON.stringify(theirs)}`);
        continue;
      }
      if (!('error' in ours)) assert.deepEqual(Object.keys(ours), CLI_FIELDS, 'the fields, by their CLI names, in order');
      // The runtime's URL states its errors in its own words.
      const same = p === 'whatwg' && 'error' in ours ? true : JSON.stringify(ours) === JSON.stringify(theirs);
      if (!same) (p === 'whatwg' ? whatwgDiffer : differ).push(`${JSON.stringify(inputs[i])} ${p}: js ${JSON.stringify(ours)} cli ${JSON.stringify(theirs)}`);
      // The host's kind is derived from the runtime's host (its URL has no
      // accessor for it), in the url crate's terms: the same for the same host.
      if (p === 'whatwg' && !('error' in ours) && ours.host === theirs.host && ours.host_kind !== theirs.host_kind) {
        differ.push(`${JSON.stringify(inputs[i])} whatwg host_kind: js ${ours.host_kind} cli ${theirs.host_kind}`);
      }
    }
    const whatwgSame = 'error' in c.views.whatwg ? 'error' in js.views.whatwg : JSON.stringify(asCli(js.views.whatwg)) === JSON.stringify(c.views.whatwg);
    if (!whatwgSame) return;
    comparedFindings++;
    const ours = js.findings.map(({ component, ...f }) => ({ ...f, values: f.values.map((v) => (v === undefined ? null : v)) }));
    // A finding quoting the runtime's error message quotes another text.
    const theirs = c.findings.map((f) => ({
      kind: f.kind,
      parsers: f.parsers,
      values: f.values.map((v, k) => (f.parsers[k] === 'whatwg' && 'error' in js.views.whatwg && v?.startsWith('error: ') ? `error: ${js.views.whatwg.error}` : v)),
      weight: f.weight,
    }));
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) differ.push(`${JSON.stringify(inputs[i])} findings: js ${JSON.stringify(ours)} cli ${JSON.stringify(theirs)}`);
  });
  console.log(`${inputs.length} inputs, ${VIEW_PARSERS.length} parsers; findings compared on ${comparedFindings}; whatwg (Node ${process.version}'s URL against the url crate): ${whatwgDiffer.length} views differ`);
  for (const d of whatwgDiffer.slice(0, 20)) console.log(`  whatwg: ${d}`);
  assert.deepEqual(differ.slice(0, 20), []);
});
