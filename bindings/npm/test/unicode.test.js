// A string with a lone surrogate is no Unicode text, so no URI (issue 34):
// every function that takes a string refuses it with URIError kind
// `not-unicode` at the surrogate's UTF-16 index, with the Python package's
// message (bindings/python/src/errors.rs), and the batch forms make it a row's
// error. Before, TextEncoder wrote U+FFFD in its place silently
// (`encode('a\ud800b', 'path')` gave 'a%EF%BF%BDb'). The indexes below are
// counted by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as u from '../src/index.js';
import { fastUri } from '../src/fast-uri.js';
import { UriTemplate as McpTemplate } from '../src/mcp.js';

/** Asserts that `f` throws URIError not-unicode at `index` for the surrogate `point` (hex). */
function refuses(f, index, point = 'D800', what = '') {
  assert.throws(f, (e) => {
    assert.ok(e instanceof u.URIError, `${what}: ${e}`);
    assert.equal(e.kind, 'not-unicode', what);
    assert.equal(e.index, index, what);
    assert.equal(e.component, undefined, what);
    assert.ok(
      e.message.startsWith(`lone surrogate U+${point} at index ${index}: not Unicode text, which a URI is made of`),
      `${what}: ${e.message}`,
    );
    return true;
  }, what);
}

test('encode: the issue\'s example, a high and a low surrogate, and a pair that is fine', () => {
  refuses(() => u.encode('a\ud800b', 'path'), 1);
  refuses(() => u.encode('ab\udc00', 'path'), 2, 'DC00');
  // A low before a high is two lone surrogates: the first is reported.
  refuses(() => u.encode('\udc00\ud800', 'path'), 0, 'DC00');
  // U+1F600 as a pair: its UTF-8 is F0 9F 98 80.
  assert.equal(u.encode('a\ud83d\ude00b', 'path'), 'a%F0%9F%98%80b');
});

test('every function of one string refuses a lone surrogate at its index', () => {
  const cases = [
    ['parse', () => u.parse('http://a/\ud800'), 9],
    ['parse iri', () => u.parse('http://a/\u00e9\ud800', { profile: 'iri' }), 10],
    // Another error earlier in the same input: the surrogate still wins.
    ['parse, a space before', () => u.parse('a b\ud800'), 3],
    ['parse, long', () => u.parse(`http://a/${'x'.repeat(200)}\ud800`), 209],
    ['validate', () => u.validate('http://a/\ud800'), 9],
    ['validate rule', () => u.validate('\ud800', 'host'), 0],
    ['resolve base', () => u.resolve('http://a/\ud800', 'b'), 9],
    ['resolve reference', () => u.resolve('http://a/', 'b\ud800'), 1],
    ['relative', () => u.relative('http://a/b', 'http://a/\ud800'), 9],
    ['normalize', () => u.normalize('http://a/\ud800'), 9],
    ['equivalent a', () => u.equivalent('http://a/\ud800', 'http://a/'), 9],
    ['equivalent b', () => u.equivalent('http://a/', 'x\ud800'), 1],
    ['decode', () => u.decode('%41\ud800'), 3],
    ['extract', () => u.extract('see http://a/ \ud800'), 14],
    ['lint', () => u.lint('http://a/\ud800'), 9],
    ['views', () => u.views('http://a/\ud800'), 9],
    ['toURI', () => u.toURI('http://a/\ud800'), 9],
    ['toIRI', () => u.toIRI('http://a/\ud800'), 9],
    ['fromFilePath', () => u.fromFilePath('/a/\ud800', { style: 'unix' }), 3],
    ['toFilePath', () => u.toFilePath('file:///a/\ud800', { style: 'unix' }), 10],
    ['template', () => new u.UriTemplate('/a/{x}\ud800'), 6],
    ['template match', () => new u.UriTemplate('/a/{x}').match('/a/\ud800'), 3],
    ['template matchDetails', () => new u.UriTemplate('/a/{x}').matchDetails('/a/b\ud800', { mode: 'lenient' }), 4],
  ];
  for (const [what, f, index] of cases) refuses(f, index, 'D800', what);
});

test('template expansion refuses a lone surrogate in a name or a value, naming the variable', () => {
  const t = new u.UriTemplate('/s{?q,list,map}');
  const variable = (name) => (e) => e.kind === 'not-unicode' && e.message.endsWith(`(variable "${name}")`);
  refuses(() => t.expand({ q: 'ab\ud800' }), 2, 'D800', 'value');
  assert.throws(() => t.expand({ q: 'ab\ud800' }), variable('q'));
  refuses(() => t.expand({ list: ['x', '\udfff'] }), 0, 'DFFF', 'list item');
  refuses(() => t.expand({ map: { k: 'v\ud800' } }), 1, 'D800', 'map value');
  refuses(() => t.expand({ map: { 'k\ud800': 'v' } }), 1, 'D800', 'map key');
  assert.throws(() => t.expand({ map: { 'k\ud800': 'v' } }), variable('map'));
  refuses(() => t.expand({ 'q\ud800': 'v' }), 1, 'D800', 'name');
  assert.equal(t.expand({ q: 'a\ud83d\ude00' }), '/s?q=a%F0%9F%98%80');
});

test('parseMany: the row is a URIError not-unicode, the others parse', () => {
  const inputs = ['http://a/', 'http://b/\ud800', 'é\udc00', 'http://c/\ud83d\ude00'];
  const out = u.parseMany(inputs, { profile: 'iri-reference' });
  assert.equal(out[0].host, 'a');
  assert.ok(out[1] instanceof u.URIError);
  assert.deepEqual([out[1].kind, out[1].index], ['not-unicode', 9]);
  assert.deepEqual([out[2].kind, out[2].index], ['not-unicode', 1]);
  assert.equal(out[3].path, '/\ud83d\ude00');
});

test('parseBatch: isValid false, errorIndex the surrogate\'s, at() the URIError; across chunks', () => {
  // 3,000 inputs: rows in three chunks of 1,024.
  const inputs = Array.from({ length: 3000 }, (_, i) => `http://h${i}.example/é`);
  inputs[5] = 'http://x/\ud800';
  inputs[2047] = '\udbff';
  inputs[2999] = 'http://y/a\udc00b';
  const b = u.parseBatch(inputs, { profile: 'iri-reference' });
  for (const [i, index] of [[5, 9], [2047, 0], [2999, 10]]) {
    assert.equal(b.isValid(i), false, `${i}`);
    assert.equal(b.errorIndex(i), index, `${i}`);
    assert.equal(b.component(i, 'host'), undefined);
    const e = b.at(i);
    assert.deepEqual([e.kind, e.index], ['not-unicode', index]);
  }
  assert.equal(b.component(4, 'host'), 'h4.example');
  assert.equal(b.component(2998, 'host'), 'h2998.example');
  assert.equal(b.component(6, 'path'), '/é');
});

test('validateMany: the row holds the surrogate\'s index', () => {
  // 'a b\ud800': the surrogate (3) wins over the space (1).
  const out = u.validateMany(['http://a/', 'http://a/\ud800', 'ok', 'é\ud800', 'a b\ud800'], 'IRI-reference');
  assert.deepEqual(Array.from(out), [-1, 9, -1, 1, 3]);
});

test('parseLines: the line is invalid at the surrogate\'s index in the line', () => {
  const text = 'http://a/\nhttp://b/\ud800x\ud800\r\nhttp://c/\n\udc00\né\n';
  const b = u.parseLines(text, { profile: 'iri-reference' });
  assert.equal(b.length, 5);
  assert.equal(b.component(0, 'host'), 'a');
  assert.deepEqual([b.isValid(1), b.errorIndex(1)], [false, 9]);
  assert.deepEqual([b.at(1).kind, b.at(1).index], ['not-unicode', 9]);
  assert.equal(b.component(2, 'host'), 'c');
  assert.deepEqual([b.isValid(3), b.errorIndex(3)], [false, 0]);
  assert.equal(b.at(3).message.startsWith('lone surrogate U+DC00 at index 0'), true);
  assert.equal(b.component(4, 'path'), 'é');
});

test('the faces: predicates answer no, fast-uri as for any invalid text', () => {
  assert.equal(u.jsonSchemaFormats.uri('http://a/\ud800'), false);
  assert.equal(u.jsonSchemaFormats['iri-reference']('\ud800'), false);
  assert.equal(u.jsonSchemaFormats['uri-template']('/{x}\ud800'), false);
  assert.equal(McpTemplate.isTemplate('/{x}\ud800'), false);
  assert.equal(new McpTemplate('/a/{x}').match('/a/\ud800'), null);
  refuses(() => new McpTemplate('/a/{x}\ud800'), 6);
  const p = fastUri.parse('http://a/\ud800');
  assert.ok(p.error.startsWith('lone surrogate U+D800 at index 9'), p.error);
  refuses(() => fastUri.resolve('http://a/', 'b\ud800'), 1);
  refuses(() => fastUri.serialize({ scheme: 'http', host: 'a', path: '/\ud800' }), 1);
  assert.equal(fastUri.equal('http://a/\ud800', 'http://a/\ud800'), false);
  assert.equal(fastUri.normalize('http://a/\ud800'), 'http://a/\ud800');
});
