// The fast-uri face on its own: fast-uri's shapes (reference kinds, a
// numeric port, an IPv6 host without brackets, `error` instead of a
// throw), with RFC 3986's answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fastUri, { parse, serialize, resolve, resolveComponent, normalize, equal } from '../src/fast-uri.js';
import { fastUri as fromIndex } from '../src/index.js';

test('parse: components, reference kinds, port and IPv6 host as fast-uri gives them', () => {
  assert.deepEqual(parse('foo://user@example.com:8042/over/there?name=ferret#nose'), {
    scheme: 'foo', userinfo: 'user', host: 'example.com', port: 8042,
    path: '/over/there', query: 'name=ferret', fragment: 'nose', reference: 'uri',
  });
  assert.equal(parse('http://a/b').reference, 'absolute');
  assert.equal(parse('../g').reference, 'relative');
  assert.equal(parse('#s').reference, 'same-document');
  assert.equal(parse('http://[2001:db8::7]/c').host, '2001:db8::7');
  assert.equal(parse('http://a?').query, '');
  assert.equal(parse('http://a').query, undefined);
  assert.equal(parse('../g', { reference: 'absolute' }).error, 'URI is not a absolute reference.');
  assert.equal(fromIndex, fastUri);
});

test('parse: invalid input gives Appendix B components and the error', () => {
  const p = parse('http://exa mple.com/a b?q#f');
  assert.equal(p.error, 'invalid character in host at index 10');
  assert.equal(p.scheme, 'http');
  assert.equal(p.query, 'q');
  assert.equal(p.fragment, 'f');
});

test('serialize recomposes (RFC 3986 5.3) and refuses invalid components', () => {
  const text = 'foo://user@example.com:8042/over/there?name=ferret#nose';
  assert.equal(serialize(parse(text)), text);
  assert.equal(serialize({ scheme: 'http', host: '2001:db8::7', path: '/c' }), 'http://[2001:db8::7]/c');
  assert.equal(serialize({ path: 'a:b' }), './a:b');
  assert.throws(() => serialize({ scheme: 'http', host: 'a b' }), (e) => e.component === 'host');
});

test('resolve: RFC 3986 5.4, tolerant for the non-strict variant, relative bases', () => {
  assert.equal(resolve('http://a/b/c/d;p?q', '../g'), 'http://a/b/g');
  assert.equal(resolve('http://a/b/c/d;p?q', 'http:g'), 'http:g');
  assert.equal(resolve('http://a/b/c/d;p?q', 'http:g', { tolerant: true }), 'http://a/b/c/g');
  assert.equal(resolve('', '#/definitions/x'), '#/definitions/x');
  assert.equal(resolve('schema.json', '#/defs/a'), 'schema.json#/defs/a');
  assert.equal(resolve('/a/b/c', '../d'), '/a/d');
  assert.equal(resolve('//h/a/b', 'c'), '//h/a/c');
  assert.equal(resolve('a/b', 'c:d'), 'c:d');
  assert.throws(() => resolve('http://a/', 'g h'));
  assert.deepEqual(resolveComponent(parse('http://a/b/c'), parse('d?x')), parse('http://a/b/d?x'));
});

test('normalize and equal: RFC 3986 6.2.2 and 6.2.3', () => {
  assert.equal(normalize('HTTP://www.Example.com:80/%7euser/./a/../b'), 'http://www.example.com/~user/b');
  assert.ok(equal('http://example.com/', 'HTTP://EXAMPLE.com:80'));
  assert.ok(!equal('http://example.com/a', 'http://example.com/b'));
  assert.ok(!equal('http://a b/', 'http://a b/'));
  assert.equal(normalize('not a uri'), 'not a uri');
});
