// parse and validate against the hand-worked ABNF vectors of
// crates/urikit/tests/data/vectors (components, absent vs empty, error index,
// kind and component), through the JavaScript face.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, validate, parseMany, parseBatch, parseLines, validateMany, URIError, ParsedURI } from '../src/index.js';
import { unescape, utf16Index, vectorLines, readRepo } from './helpers.js';

const KEYS = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
/** Component `k` of `p` as text (the vectors' and the batch's unit): the port's digits are `portText`. */
const textOf = (p, k) => (k === 'port' ? p.portText : p[k]);

function expected(fields) {
  const want = {};
  for (const kv of fields.split(' ')) {
    const eq = kv.indexOf('=');
    want[kv.slice(0, eq)] = unescape(kv.slice(eq + 1));
  }
  return want;
}

function checkVectors(file, options) {
  let ok = 0;
  let err = 0;
  for (const f of vectorLines(file)) {
    const input = unescape(f[0] === 'ok' ? f[1] : f[3]);
    if (input === undefined) continue; // not UTF-8: no JavaScript string
    if (f[0] === 'ok') {
      const p = parse(input, options);
      if (f.length > 2) {
        const want = expected(f[2]);
        for (const k of KEYS) assert.equal(textOf(p, k), want[k], `${k} of ${JSON.stringify(input)}`);
        assert.equal(p.hostKind, want['host-kind'], `host kind of ${JSON.stringify(input)}`);
      }
      assert.equal(p.text, input);
      ok++;
    } else {
      assert.throws(
        () => parse(input, options),
        (e) => {
          assert.ok(e instanceof URIError, `${e}`);
          assert.ok(e instanceof globalThis.URIError);
          assert.equal(e.index, utf16Index(input, Number(f[1])), `index for ${JSON.stringify(input)}`);
          const [kind, component] = f[2].split('/');
          if (kind !== '*') assert.equal(e.kind, kind, `kind for ${JSON.stringify(input)}`);
          if (component) assert.equal(e.component, component);
          return true;
        },
      );
      err++;
    }
  }
  assert.ok(ok > 20 && err > 20, `${file}: ${ok} ok, ${err} err`);
}

test('URI-reference vectors (RFC 3986 4.1)', () => checkVectors('URI-reference.txt', { profile: 'uri' }));
test('URI vectors (RFC 3986 3)', () => checkVectors('URI.txt', { rule: 'URI' }));

test('RFC 3986 section 3 example, offsets in UTF-16 units', () => {
  const p = parse('foo://example.com:8042/over/there?name=ferret#nose');
  assert.deepEqual(p.toJSON(), {
    scheme: 'foo',
    authority: 'example.com:8042',
    host: 'example.com',
    port: 8042,
    portText: '8042',
    path: '/over/there',
    query: 'name=ferret',
    fragment: 'nose',
    hostKind: 'reg-name',
  });
  assert.deepEqual(p.offsets.host, [6, 17]);
  assert.equal(p.userinfo, undefined);
  // An IRI: offsets count UTF-16 code units, as String.prototype.slice does.
  const i = parse('http://\u{1F600}.example/\u00e9?q', { profile: 'iri' });
  assert.equal(i.host, '\u{1F600}.example');
  assert.deepEqual(i.offsets.path, [17, 19]);
  assert.throws(() => parse('http://a/\u00e9 x', { profile: 'iri' }), (e) => e.index === 10 && e.component === 'path');
});

test('every ABNF rule file through validate', () => {
  const files = readRepo('crates', 'urikit', 'tests', 'data', 'vectors', 'README.md');
  assert.ok(files.length > 0);
  let n = 0;
  for (const rule of ['URI', 'URI-reference', 'absolute-URI', 'relative-ref', 'host', 'IPv6address', 'IPv4address', 'path', 'query', 'segment', 'port', 'userinfo', 'scheme', 'authority']) {
    for (const f of vectorLines(`${rule}.txt`)) {
      const input = unescape(f[0] === 'ok' ? f[1] : f[3]);
      if (input === undefined) continue;
      assert.equal(validate(input, rule), f[0] === 'ok', `${rule}: ${JSON.stringify(input)}`);
      n++;
    }
  }
  assert.ok(n > 500, `${n} vectors`);
  assert.throws(() => validate('x', 'no-such-rule'), (e) => e.kind === 'unknown-rule');
});

test('parseMany and validateMany agree with one call at a time', () => {
  const inputs = vectorLines('URI-reference.txt')
    .map((f) => unescape(f[0] === 'ok' ? f[1] : f[3]))
    .filter((s) => s !== undefined);
  inputs.push('http://\u00e9/', 'x:\u{1F600}', '');
  for (const profile of ['uri-reference', 'iri-reference']) {
    const many = parseMany(inputs, { profile });
    assert.equal(many.length, inputs.length);
    inputs.forEach((s, i) => {
      let one;
      try {
        one = parse(s, { profile });
      } catch (e) {
        one = e;
      }
      if (one instanceof ParsedURI) {
        assert.ok(many[i] instanceof ParsedURI, JSON.stringify(s));
        assert.deepEqual(many[i].toJSON(), one.toJSON());
        assert.deepEqual(many[i].offsets, one.offsets);
      } else {
        assert.ok(many[i] instanceof URIError, JSON.stringify(s));
        assert.equal(many[i].index, one.index);
        assert.equal(many[i].kind, one.kind);
      }
    });
    const v = validateMany(inputs, profile === 'uri-reference' ? 'URI-reference' : 'IRI-reference');
    inputs.forEach((s, i) => assert.equal(v[i] === -1, many[i] instanceof ParsedURI, JSON.stringify(s)));
    agreeOneByOne(inputs, profile);
  }
});

/** parseMany, parseBatch and validateMany of `inputs` against parse and validate of each input alone. */
function agreeOneByOne(inputs, profile, parseRule) {
  const opts = { profile, rule: parseRule };
  const many = parseMany(inputs, opts);
  const batch = parseBatch(inputs, opts);
  const rule = parseRule ?? { 'uri-reference': 'URI-reference', uri: 'URI-reference', 'iri-reference': 'IRI-reference', iri: 'IRI-reference' }[profile];
  const valid = validateMany(inputs, rule);
  assert.equal(many.length, inputs.length);
  assert.equal(batch.length, inputs.length);
  assert.equal(valid.length, inputs.length);
  inputs.forEach((s, i) => {
    const what = `${profile} ${parseRule} ${i}: ${JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}...` : s)}`;
    let one;
    try {
      one = parse(s, opts);
    } catch (e) {
      one = e;
    }
    assert.equal(batch.text(i), s, what);
    // validate throws for a lone surrogate (not-unicode), as parse does.
    let ok;
    try {
      ok = validate(s, rule);
    } catch (e) {
      assert.equal(e.kind, 'not-unicode', what);
      ok = false;
    }
    assert.equal(ok, one instanceof ParsedURI, what);
    if (one instanceof ParsedURI) {
      assert.ok(many[i] instanceof ParsedURI, what);
      assert.deepEqual(many[i].toJSON(), one.toJSON(), what);
      assert.deepEqual(many[i].offsets, one.offsets, what);
      assert.ok(batch.isValid(i), what);
      for (const k of KEYS) assert.equal(batch.component(i, k), textOf(one, k), `${k} of ${what}`);
      assert.deepEqual(batch.at(i).offsets, one.offsets, what);
      assert.equal(batch.errorIndex(i), -1, what);
      assert.equal(valid[i], -1, what);
    } else {
      assert.ok(one instanceof URIError, what);
      assert.ok(many[i] instanceof URIError, what);
      assert.deepEqual([many[i].index, many[i].kind, many[i].component], [one.index, one.kind, one.component], what);
      assert.ok(!batch.isValid(i), what);
      assert.equal(batch.errorIndex(i), one.index, what);
      assert.equal(batch.component(i, 'path'), undefined, what);
      assert.equal(batch.at(i).index, one.index, what);
      assert.equal(valid[i], one.index, what);
    }
  });
}

test('the batch forms agree with one call at a time across chunks, non-ASCII and long inputs', () => {
  // More than one chunk of inputs (bindings/npm/src/core.js encodes 1,024 at a
  // time): all ASCII, then non-ASCII in the second chunk only, lone
  // surrogates at inputs' ends and starts (which must not pair across
  // two inputs), inputs too long for 16-bit offsets, and empty inputs.
  const ascii = [];
  for (let i = 0; i < 2500; i++) ascii.push(i % 7 === 0 ? `http://h${i}.example/a b` : `http://h${i}.example/p/${i}?q=${i}#f`);
  agreeOneByOne(ascii, 'uri-reference');
  const mixed = ascii.slice();
  mixed[1500] = 'http://\u00e9.example/\u{1F600}?\u00e9#\u00e9';
  mixed[1501] = 'x:\uD83D';
  mixed[1502] = '\uDE00/y';
  mixed[1503] = '';
  mixed[2400] = 'http://a/\u{10FFFD}';
  for (const [profile, rule] of [['uri'], ['uri', 'URI'], ['iri'], ['iri', 'IRI'], ['uri-reference'], ['iri-reference']]) {
    agreeOneByOne(mixed, profile, rule);
  }
  const long = `http://a/${'x/'.repeat(20000)}?${'q'.repeat(1000)}#f`;
  agreeOneByOne(['http://a/b', long, `${long}\u00e9`, `${long} `, ''], 'iri-reference');
  agreeOneByOne([], 'uri');
  // Inputs as the single forms take them: URL and ParsedURI too.
  const objects = [new URL('http://a.example/b?c'), parse('x:y#z'), 'http://b/'];
  assert.deepEqual(parseMany(objects).map((p) => p.host), ['a.example', undefined, 'b']);
  assert.equal(parseBatch(objects).component(1, 'fragment'), 'z');
  assert.deepEqual([...validateMany(objects, 'URI')], [-1, -1, -1]);
  assert.throws(() => parseMany('http://a/'), TypeError);
  const lines = parseLines(`${long}\nhttp://b/\r\n${long}\u00e9\n`, { profile: 'iri' });
  assert.equal(lines.length, 3);
  assert.equal(lines.component(0, 'query'), 'q'.repeat(1000));
  assert.equal(lines.text(1), 'http://b/');
  assert.equal(lines.component(2, 'path'), parse(`${long}\u00e9`, { profile: 'iri' }).path);
});

test('parseLines agrees with parse on each line (LF and CRLF, non-ASCII lines)', () => {
  const lines = vectorLines('URI-reference.txt')
    .map((f) => unescape(f[0] === 'ok' ? f[1] : f[3]))
    .filter((s) => s !== undefined && !/[\r\n]/.test(s));
  lines.push('', 'http://\u00e9/\u{1F600}', 'x:y');
  for (const [eol, last] of [['\n', ''], ['\r\n', ''], ['\n', '\n'], ['\r\n', '\r\n']]) {
    const text = lines.join(eol) + last;
    const batch = parseLines(text, { profile: 'iri-reference' });
    const many = [...batch];
    lines.forEach((s, i) => {
      assert.equal(batch.text(i), s);
      assert.equal(batch.isValid(i), many[i] instanceof ParsedURI);
      assert.equal(batch.component(i, 'path'), many[i].path);
      assert.equal(batch.component(i, 'query'), many[i].query);
      assert.equal(batch.errorIndex(i), batch.isValid(i) ? -1 : many[i].index);
    });
    assert.equal(many.length, lines.length, JSON.stringify(eol + last));
    lines.forEach((s, i) => {
      let one;
      try {
        one = parse(s, { profile: 'iri-reference' });
      } catch (e) {
        one = e;
      }
      if (one instanceof ParsedURI) {
        assert.ok(many[i] instanceof ParsedURI, JSON.stringify(s));
        assert.equal(many[i].text, s);
        assert.deepEqual(many[i].toJSON(), one.toJSON());
        assert.deepEqual(many[i].offsets, one.offsets);
      } else {
        assert.ok(many[i] instanceof URIError, JSON.stringify(s));
        assert.equal(many[i].index, one.index);
      }
    });
  }
  assert.equal(parseLines('').length, 0);
});

test('port: a number as in every face, its digits as written in portText', () => {
  // RFC 3986 3.2.3: port = *DIGIT, leading zeros allowed, empty allowed.
  const p = parse('http://a:0080/');
  assert.equal(p.port, 80);
  assert.equal(p.portText, '0080');
  assert.deepEqual(p.toJSON(), { scheme: 'http', authority: 'a:0080', host: 'a', port: 80, portText: '0080', path: '/', hostKind: 'reg-name' });
  assert.equal(parse('http://a:/').port, undefined);
  assert.equal(parse('http://a:/').portText, '');
  assert.equal(parse('http://a/').portText, undefined);
  // Valid by the grammar, but no TCP port: no number, the digits stay.
  assert.equal(parse('http://a:65536/').port, undefined);
  assert.equal(parse('http://a:65536/').portText, '65536');
  assert.equal(parse('http://a:65535/').port, 65535);
  assert.equal(parseBatch(['http://a:0080/']).component(0, 'port'), '0080');
});
