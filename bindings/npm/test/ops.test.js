// The operations through the JavaScript face, against data worked out
// from the RFCs (the repository's vector files and the uritemplate-test
// suite), not against urikit's own output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as urikit from '../src/index.js';
import { readRepo } from './helpers.js';

test('RFC 3986 5.4 resolution examples, verbatim', () => {
  const lines = readRepo('crates', 'urikit', 'tests', 'data', 'resolve', 'rfc3986-5.4.txt').split('\n');
  let n = 0;
  for (const l of lines) {
    const m = /^\s+"([^"]*)"\s+=\s+"([^"]*)"/.exec(l);
    if (!m) continue;
    // ("http:g" = "http:g" is the strict answer; the non-strict one is below.)
    assert.equal(urikit.resolve('http://a/b/c/d;p?q', m[1]), m[2], m[1]);
    n++;
  }
  assert.ok(n >= 40, `${n} examples`);
  assert.equal(urikit.resolve('http://a/b/c/d;p?q', 'http:g', { strict: false }), 'http://a/b/c/g');
  assert.equal(urikit.resolve('http://a/b/c/d;p?q', 'http:g'), 'http:g');
});

test('resolution cases (hand-worked, crates/urikit/tests/data/resolve/cases.tsv)', () => {
  let n = 0;
  for (const l of readRepo('crates', 'urikit', 'tests', 'data', 'resolve', 'cases.tsv').split('\n')) {
    const f = l.split('\t');
    if (f.length !== 4 || !['strict', 'non-strict'].includes(f[0])) continue;
    assert.equal(urikit.resolve(f[1], f[2], { strict: f[0] === 'strict' }), f[3], `${f[1]} + ${f[2]}`);
    n++;
  }
  assert.ok(n > 20, `${n} cases`);
});

test('relative is the inverse of resolve (RFC 3986 5.4 targets)', () => {
  const base = 'http://a/b/c/d;p?q';
  for (const t of ['http://a/b/c/g', 'http://a/g', 'http://g', 'http://a/b/c/d;p?y', 'http://a/b/c/g?y#s', 'http://a/b/']) {
    const r = urikit.relative(base, t);
    assert.equal(urikit.resolve(base, r), t, `${t} via ${r}`);
  }
  assert.equal(urikit.relative(base, 'http://a/b/c/g?x'), 'g?x');
});

test('makeRelative and nonStrict are the names every face uses; relative and strict stay as aliases', () => {
  const base = 'http://a/b/c/d;p?q';
  assert.equal(urikit.makeRelative(base, 'http://a/b/c/g?x'), 'g?x');
  assert.equal(urikit.relative, urikit.makeRelative);
  // RFC 3986 5.4.2: "http:g" is "http:g" for strict parsers, "http://a/b/c/g" for backward-compatible ones.
  assert.equal(urikit.resolve(base, 'http:g'), 'http:g');
  assert.equal(urikit.resolve(base, 'http:g', { nonStrict: true }), 'http://a/b/c/g');
  assert.equal(urikit.resolve(base, 'http:g', { strict: false }), 'http://a/b/c/g');
  assert.equal(urikit.resolve(base, 'http:g', { nonStrict: false, strict: false }), 'http:g');
});

test('errors say where, what and in which component', () => {
  assert.throws(() => urikit.resolve('http://a/', '../g h'), (e) =>
    e instanceof urikit.URIError && e.index === 4 && e.kind === 'invalid-character' && e.component === 'path');
  assert.throws(() => urikit.parse('http://exa mple.com/'), {
    name: 'URIError',
    message: 'invalid character in host at index 10',
  });
  assert.throws(() => urikit.normalize('x', { level: 'nope' }), (e) => e.kind === 'unknown-level');
});

test('normalization and equivalence (RFC 3986 6.2.2, 6.2.3 examples)', () => {
  // 6.2.2's example, and 6.2.2.1-3 steps.
  assert.equal(urikit.normalize('eXAMPLE://a/./b/../b/%63/%7bfoo%7d'), 'example://a/b/c/%7Bfoo%7D');
  assert.equal(urikit.normalize('HTTP://www.EXAMPLE.com/'), 'http://www.example.com/');
  assert.ok(urikit.equivalent('http://example.com', 'http://example.com:80/', { level: 'scheme' }));
  assert.ok(!urikit.equivalent('http://example.com', 'http://example.com:80/'));
  assert.ok(urikit.equivalent('http://a/%7e', 'http://a/~'));
  assert.ok(!urikit.equivalent('http://a/%7e', 'http://a/~', { level: 'string' }));
  assert.ok(urikit.equivalent('http://a/#x', 'http://a/', { ignoreFragment: true }));
});

test('percent-encoding vectors (crates/urikit/tests/data/percent/encode.txt)', () => {
  let n = 0;
  for (const l of readRepo('crates', 'urikit', 'tests', 'data', 'percent', 'encode.txt').split('\n')) {
    if (l.startsWith('#') || l === '') continue;
    const [set, data, want] = l.split('\t');
    assert.equal(urikit.encode(data, set), want, `${set}: ${data}`);
    n++;
  }
  assert.ok(n > 10);
  assert.deepEqual(
    [...urikit.ENCODE_SETS].sort(),
    ['fragment', 'host', 'path', 'query', 'query-pair', 'segment', 'segment-nc', 'unreserved', 'userinfo'],
  );
  assert.equal(urikit.decode('a%20b%2Fc'), 'a b/c');
  assert.equal(urikit.decode('a+b', { form: true }), 'a b');
  assert.equal(urikit.decode('%C3%A9%FF', { lossy: true }), '\u00e9\ufffd');
  assert.throws(() => urikit.decode('ab%FF'), (e) => e.kind === 'invalid-utf8' && e.index === 2);
});

test('IRIs: RFC 3987 3.1 and 3.2 mappings, IDNA', () => {
  // RFC 3987 3.1's example (with the IRI's characters as code points).
  assert.equal(urikit.toURI('http://r\u00e9sum\u00e9.example.org'), 'http://r%C3%A9sum%C3%A9.example.org');
  assert.equal(urikit.toURI('http://r\u00e9sum\u00e9.example.org', { idna: true }), 'http://xn--rsum-bpad.example.org');
  // RFC 3987 3.2's example: %C3%BC is ü.
  assert.equal(urikit.toIRI('http://www.example.org/D%C3%BCrst'), 'http://www.example.org/D\u00fcrst');
  assert.equal(urikit.toIRI('http://xn--rsum-bpad.example.org/', { idna: true }), 'http://r\u00e9sum\u00e9.example.org/');
});

test('extract (Appendix C) and lint (section 7)', () => {
  const found = urikit.extract('see <http://example.com/a\n  /b> or "ftp://x.org/".');
  assert.deepEqual(found.map((m) => m.uri), ['http://example.com/a/b', 'ftp://x.org/']);
  assert.equal(found[0].delimiter, 'angle');
  assert.deepEqual(urikit.lint('http://127.1/').map((f) => f.kind), ['ipv4-nonstandard']);
  assert.deepEqual(urikit.lint('https://example.com/'), []);
});

test('file URIs: RFC 8089 Appendix E forms and the vscode profile', () => {
  assert.equal(urikit.fromFilePath('C:\\a b\\c', { style: 'windows' }), 'file:///C:/a%20b/c');
  assert.equal(urikit.fromFilePath('\\\\server\\share\\x', { style: 'windows' }), 'file://server/share/x');
  assert.equal(urikit.fromFilePath('/tmp/50% #1', { style: 'unix' }), 'file:///tmp/50%25%20%231');
  assert.equal(urikit.toFilePath('file:///c%7C/x', { style: 'windows' }), 'c:\\x');
  assert.equal(urikit.toFilePath('file:/etc/hosts', { style: 'unix' }), '/etc/hosts');
  assert.throws(() => urikit.toFilePath('file://server/x', { style: 'unix' }), (e) => e.index === 7);
  // vscode-uri's URI.file('c:\\a b').toString() and .fsPath on Windows.
  assert.equal(urikit.fromFilePath('C:\\a b', { style: 'windows', profile: 'vscode' }), 'file:///c%3A/a%20b');
  assert.equal(urikit.toFilePath('file:///c%3A/a%20b', { style: 'windows', profile: 'vscode' }), 'c:\\a b');
});

test('URI Templates: the RFC 6570 examples (uritemplate-test spec-examples.json)', () => {
  const suite = JSON.parse(readRepo('dev', 'testdata', 'corpus', 'uritemplate-test', 'spec-examples.json'));
  let n = 0;
  for (const group of Object.values(suite)) {
    for (const [template, want] of group.testcases) {
      const got = new urikit.UriTemplate(template).expand(group.variables);
      if (Array.isArray(want)) assert.ok(want.includes(got), `${template}: ${got}`);
      else assert.equal(got, want, template);
      n++;
    }
  }
  assert.ok(n > 50, `${n} cases`);
});

test('URI Templates: match, exact and lenient', () => {
  const t = new urikit.UriTemplate('http://example.com/{user}/repos{?page,per}');
  assert.deepEqual(t.variables, ['user', 'page', 'per']);
  assert.deepEqual(t.match('http://example.com/ann/repos?page=3&per=10'), { user: 'ann', page: '3', per: '10' });
  assert.equal(t.match('http://example.com/ann/x'), null);
  const s = new urikit.UriTemplate('/search{?q,page}');
  assert.equal(s.match('/search?q=a:b&utm=1'), null);
  assert.deepEqual(s.match('/search?q=a:b&utm=1', { mode: 'lenient' }), { q: 'a:b' });
  const f = new urikit.UriTemplate('/files/{name}{?v}');
  const d = f.matchDetails('/files/..%2Fetc?v=1&x=2', { mode: 'lenient' });
  assert.deepEqual(d.vars, { name: '../etc', v: '1' });
  assert.deepEqual(d.rest, [['x', '2']]);
  // The one hazard record of every face: the variable, the kind and the
  // core's message for it.
  assert.deepEqual(d.hazards, [
    { variable: 'name', kind: 'separator-in-segment', message: 'decoded path value holds a path separator' },
  ]);
  assert.throws(() => f.match('/files/..%2Fetc', { mode: 'lenient' }), (e) => e.kind === 'separator-in-segment');
  assert.throws(() => new urikit.UriTemplate('{unclosed'), (e) => e.index === 9);
});

test("profiles by the core's names: 'uri' and 'iri' read references, rule 'URI' requires a scheme, iri: true stays", () => {
  // RFC 3986 4.1: "a/b" is a URI-reference (relative-ref), not a URI.
  assert.equal(urikit.parse('a/b', { profile: 'uri' }).path, 'a/b');
  assert.equal(urikit.parse('\u00e9/b', { profile: 'iri' }).path, '\u00e9/b');
  assert.throws(() => urikit.parse('a/b', { rule: 'URI' }), urikit.URIError);
  assert.throws(() => urikit.parse('\u00e9/b', { profile: 'iri', rule: 'IRI' }), urikit.URIError);
  assert.equal(urikit.parse('http://\u00e9/', { rule: 'IRI' }).host, '\u00e9');
  // The 0.1 names of the reference profiles.
  assert.equal(urikit.parse('a/b', { profile: 'uri-reference' }).path, 'a/b');
  assert.throws(() => urikit.parse('a', { profile: 'java' }), (e) => e.kind === 'unknown-profile');
  // The operations: the profile by name, and the 0.1 boolean.
  const iri = 'http://\u00e9.example/a/./b';
  assert.equal(urikit.normalize(iri, { profile: 'iri' }), urikit.normalize(iri, { iri: true }));
  assert.equal(urikit.normalize(iri, { profile: 'iri' }), 'http://\u00e9.example/a/b');
  assert.throws(() => urikit.normalize(iri), (e) => e.kind === 'invalid-character');
  // Every level by the core's IRI rules (RFC 3987 5.3), as `uri normalize
  // --iri` and Python: an absolute IRI gets 6.2.3 too (the default port
  // dropped), a relative reference the case and percent-encoding steps only
  // (it used to be refused past the syntax level).
  assert.equal(urikit.normalize('HTTP://\u00e9.example:80/a/./b%7e', { profile: 'iri', level: 'scheme' }), 'http://\u00e9.example/a/b~');
  assert.equal(urikit.normalize('a/./B%7e', { profile: 'iri', level: 'scheme' }), 'a/./B~');
  assert.equal(urikit.normalize('a/./B%7e', { profile: 'iri', level: 'string' }), 'a/./B%7e');
  assert.equal(urikit.resolve('http://\u00e9/a/b', '../c', { profile: 'iri' }), 'http://\u00e9/c');
  assert.equal(urikit.makeRelative('http://\u00e9/a/b', 'http://\u00e9/a/c', { profile: 'iri' }), 'c');
  assert.ok(urikit.equivalent('http://\u00e9/%7e', 'http://\u00e9/~', { profile: 'iri' }));
  assert.deepEqual(urikit.lint('http://\u00e9/', { profile: 'iri' }), urikit.lint('http://\u00e9/', { iri: true }));
  for (const f of [() => urikit.normalize('a:b', { profile: 'java' }), () => urikit.lint('a:b', { profile: 'x' })]) {
    assert.throws(f, (e) => e.kind === 'unknown-profile');
  }
});
