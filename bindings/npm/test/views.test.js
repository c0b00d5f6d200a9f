// views against crates/urikit-views/tests/data/views: expected.jsonl holds what the real
// parsers read (java.net.URI on Java 17, Node's own URL; recorded by its
// generate.py, not by urikit), findings.txt the finding kinds worked out by
// hand over rfc3986, java, whatwg and curl. The package has no curl, so the
// findings are compared over the parsers it has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { views, VIEW_PARSERS, parse } from '../src/index.js';
import { readRepo } from './helpers.js';

const FIELDS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
const lines = readRepo('crates', 'urikit-views', 'tests', 'data', 'views', 'expected.jsonl').split('\n').filter((l) => l !== '');
const meta = JSON.parse(lines[0]).meta;
const records = lines.slice(1).map((l) => JSON.parse(l));

/**
 * A view as the recording's shape: `{error: true}` or the seven fields,
 * `null` when absent; `emptyIsAbsent` for query and fragment, which Node's
 * `search` and `hash` (what the recording read) cannot tell apart.
 */
function shape(view, emptyIsAbsent) {
  if ('error' in view) return { error: true };
  const out = {};
  for (const f of FIELDS) {
    const v = view[f];
    out[f] = v === undefined || (v === '' && emptyIsAbsent && (f === 'query' || f === 'fragment')) ? null : v;
  }
  return out;
}

function recorded(view) {
  return 'error' in view ? { error: true } : Object.fromEntries(FIELDS.map((f) => [f, view[f]]));
}

test('the parsers are the core\'s names, the runtime\'s URL among them', () => {
  assert.deepEqual(VIEW_PARSERS, ['rfc3986', 'java', 'whatwg']);
  assert.deepEqual(Object.keys(views('http://x/').views), ['rfc3986', 'java', 'whatwg']);
  assert.deepEqual(Object.keys(views('http://x/', { parsers: ['whatwg', 'java'] }).views), ['java', 'whatwg']);
  assert.throws(() => views('http://x/', { parsers: ['curl'] }), TypeError);
  assert.throws(() => views(42), TypeError);
});

test('java: what java.net.URI (Java 17) read, on every recorded input', () => {
  assert.ok(records.length >= 400);
  const differ = [];
  for (const r of records) {
    const ours = shape(views(r.input, { parsers: ['java'] }).views.java, false);
    if (JSON.stringify(ours) !== JSON.stringify(recorded(r.java))) differ.push(`${JSON.stringify(r.input)}: ${JSON.stringify(ours)} real ${JSON.stringify(recorded(r.java))}`);
  }
  assert.deepEqual(differ, []);
});

test('whatwg: this runtime\'s URL, as recorded with the same Node', (t) => {
  const major = (v) => v.split('.')[0];
  if (major(meta.node) !== major(process.version)) {
    t.skip(`recorded with Node ${meta.node}, running ${process.version}: URL changes between versions`);
    return;
  }
  const differ = [];
  for (const r of records) {
    const ours = shape(views(r.input).views.whatwg, true);
    if (JSON.stringify(ours) !== JSON.stringify(recorded(r.whatwg))) differ.push(`${JSON.stringify(r.input)}: ${JSON.stringify(ours)} real ${JSON.stringify(recorded(r.whatwg))}`);
  }
  assert.deepEqual(differ, []);
});

test('whatwg: an empty query or fragment is told from an absent one', () => {
  const w = views('http://x/?#').views.whatwg;
  assert.equal(w.query, '');
  assert.equal(w.fragment, '');
  const n = views('http://x/').views.whatwg;
  assert.equal(n.query, undefined);
  assert.equal(n.fragment, undefined);
  assert.throws(() => new URL('not a url'), (e) => e.message === views('not a url').views.whatwg.error);
});

test('rfc3986: the same reading as parse (IRI profile)', () => {
  for (const r of records) {
    const v = views(r.input, { parsers: ['rfc3986'] }).views.rfc3986;
    let p;
    try {
      p = parse(r.input, { profile: 'iri' });
    } catch {
      assert.ok('error' in v, `${JSON.stringify(r.input)}: parse rejects, the view does not`);
      continue;
    }
    // A view's port is the text the parser read (every view's is): portText.
    for (const f of FIELDS) assert.equal(v[f], f === 'port' ? p.portText : p[f], `${JSON.stringify(r.input)} ${f}`);
  }
});

test('findings: the hand-worked kinds, over the parsers the package has', () => {
  const rows = readRepo('crates', 'urikit-views', 'tests', 'data', 'views', 'findings.txt').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  assert.ok(rows.length >= 40);
  const differ = [];
  for (const row of rows) {
    const [kinds, json] = row.split('\t');
    const input = JSON.parse(json);
    // Over four parsers (curl too); a disagreement among three of them is
    // one among the four, so every kind raised here is one of those.
    const want = new Set(kinds.split(',').filter((k) => k !== '-'));
    const v = views(input);
    const got = new Set(v.findings.map((f) => f.kind));
    if (![...got].every((k) => want.has(k))) differ.push(`${json}: ${[...got]} not within ${[...want]}`);
    // Each finding quotes the views it compares.
    for (const f of v.findings) {
      f.parsers.forEach((p, i) => {
        const view = v.views[p];
        const value = 'error' in view ? `error: ${view.error}` : f.component === 'view' ? f.values[i] : view[f.component];
        assert.equal(f.values[i], value, `${json}: ${f.kind} ${p}`);
      });
    }
  }
  assert.deepEqual(differ, []);
});

test('findings: the core\'s example and a backslash', () => {
  // java.net.URI reads "a_b.example" as a registry authority: no host.
  const a = views('http://a_b.example/');
  assert.equal(a.views.java.host, undefined);
  assert.equal(a.views.rfc3986.host, 'a_b.example');
  const host = a.findings.find((f) => f.kind === 'host');
  assert.equal(host.weight, 'high');
  // A backslash: the runtime's URL reads it as a slash, RFC 3986 rejects.
  const b = views('http://example.com\\@evil.example/');
  assert.ok('error' in b.views.rfc3986);
  assert.equal(b.views.whatwg.host, new URL('http://example.com\\@evil.example/').hostname);
  assert.ok(b.findings.length > 0);
  // Every parser reads a plain URL the same: no finding.
  assert.deepEqual(views('http://example.com:8080/a?b#c').findings, []);
});
