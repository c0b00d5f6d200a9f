// urikit/views: the package's second module, every parser's view. Its
// records are compared with the CLI's in views-cli.test.js (and the CLI's
// with the real libraries' recordings by urikit-views' tests); here: the
// names, the refusals, the hand-tried example, and that the main
// module never loads the second.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { views, VIEW_PARSERS, DEFAULT_VIEW_PARSERS } from '../src/views.js';
import { views as mainViews, VIEW_PARSERS as MAIN_PARSERS } from '../src/index.js';

// The seventeen names of issue 36 and of `uri views --parsers`, but curl.
const NAMES = ['rfc3986', 'java', 'whatwg', 'urllib', 'urllib3', 'yarl', 'httpx', 'go', 'php', 'ruby',
  'ruby-rfc2396', 'node-legacy', 'fast-uri', 'url-parse', 'java-url', 'rust-http'];

test('every parser but curl, by the names of every face', () => {
  assert.deepEqual([...VIEW_PARSERS], NAMES);
  assert.deepEqual(Object.keys(views('http://x/', { parsers: ['all'] }).views), NAMES);
  // The default set of `uri views` (its --help) without curl.
  assert.deepEqual([...DEFAULT_VIEW_PARSERS], ['rfc3986', 'java', 'whatwg', 'urllib', 'urllib3', 'go', 'node-legacy']);
  assert.deepEqual(Object.keys(views('http://x/').views), [...DEFAULT_VIEW_PARSERS]);
  // In the core's order, each once.
  assert.deepEqual(Object.keys(views('http://x/', { parsers: ['go', 'php', 'go', 'rfc3986'] }).views), ['rfc3986', 'go', 'php']);
});

test('a name of no parser, or curl, is refused with the core\'s words and where it is in the list', () => {
  const refused = (parsers) => {
    try {
      views('http://x/', { parsers });
    } catch (e) {
      return e;
    }
    assert.fail(`${parsers} accepted`);
  };
  let e = refused(['go', 'Go']);
  assert.ok(e instanceof TypeError);
  assert.equal(e.kind, 'unknown-parser');
  assert.equal(e.index, 1);
  assert.equal(e.given, 'Go');
  assert.match(e.message, /^unknown parser 'Go' \(expected rfc3986, java, whatwg, curl, urllib, /);
  e = refused(['php', 'go', 'curl']);
  assert.equal(e.kind, 'parser-not-built');
  assert.equal(e.index, 2);
  assert.match(e.message, /curl.*no WebAssembly build/);
  // A comma is part of a name, not a separator.
  assert.equal(refused(['go,php']).given, 'go,php');
  assert.throws(() => views('http://x/', { parsers: 'go' }), TypeError);
  assert.throws(() => views(42), TypeError);
});

test('the main module names the entry point of the readings', () => {
  assert.deepEqual([...MAIN_PARSERS], ['rfc3986', 'java', 'whatwg']);
  for (const p of NAMES.filter((n) => !MAIN_PARSERS.includes(n))) {
    assert.throws(() => mainViews('http://x/', { parsers: ['java', p] }), (e) => e instanceof TypeError
      && e.kind === 'parser-not-built' && e.index === 1 && e.message.includes(`'${p}'`) && e.message.includes("'urikit/views'"));
  }
  assert.throws(() => mainViews('http://x/', { parsers: ['curl'] }), /no WebAssembly build/);
  assert.throws(() => mainViews('http://x/', { parsers: ['ie6'] }), (e) => e.kind === 'unknown-parser');
  assert.deepEqual(Object.keys(mainViews('http://x/', { parsers: ['all'] }).views), ['rfc3986', 'java', 'whatwg']);
});

test('the issue\'s example, as the real libraries were tried by hand', () => {
  // Issue 36: `http://evil.com\@good.com/` is good.com in urllib, httpx,
  // PHP and java.net.URL; evil.com in urllib3, url.parse and url-parse; an
  // error in yarl, Go, Ruby, fast-uri and the http crate.
  const v = views('http://evil.com\\@good.com/', { parsers: ['all'] }).views;
  for (const p of ['urllib', 'httpx', 'php', 'java-url']) assert.equal(v[p].host, 'good.com', p);
  for (const p of ['urllib3', 'node-legacy', 'url-parse']) assert.equal(v[p].host, 'evil.com', p);
  for (const p of ['yarl', 'go', 'ruby', 'fast-uri', 'rust-http']) assert.ok('error' in v[p], p);
  // The hosts differ because of the backslash: a high finding of that kind.
  const host = views('http://evil.com\\@good.com/', { parsers: ['all'] }).findings.find((f) => f.component === 'host');
  assert.deepEqual([host.kind, host.weight], ['backslash', 'high']);
});

test('the same record as the main module over the main module\'s parsers', () => {
  for (const s of ['http://a_b.example/', 'http://example.com\\@evil.example/', 'a b', 'http://x/?#', 'http://[::1]:80/p']) {
    assert.deepEqual(views(s, { parsers: MAIN_PARSERS }), mainViews(s));
  }
});

test('the main module never imports the second (its users never load it)', () => {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
      walk(new URL(m[1] ?? m[2], new URL(file, import.meta.url)).href);
    }
  };
  for (const entry of ['../src/index.js', '../src/fast-uri.js', '../src/mcp.js']) walk(new URL(entry, import.meta.url).href);
  const loaded = [...seen].map((u) => u.replace(/^.*\/bindings\/npm\//, ''));
  assert.ok(loaded.includes('src/load.js') && loaded.includes('dist/wasm/urikit_wasm.js'), loaded.join(', '));
  assert.deepEqual(loaded.filter((f) => /views/.test(f)), [], loaded.join(', '));
});
