// `urikit/guard`: the offline verdicts on the guard crate's vector files
// (crates/urikit-guard/tests/data/vectors, hand-worked and generated from
// the registries, not from our output), and the undici dispatcher against
// HTTP servers this test starts on 127.0.0.1 (the target, which must
// record zero requests in every refused case) and 127.0.0.2 (the
// "public" server the test policy allows), with Node's own `fetch` and
// with undici's (the npm package, the newest that runs on Node 20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, readRepo } from './helpers.js';
import { vectors } from './guard-vectors.js';
import {
  Policy,
  GuardError,
  check,
  guardConnect,
  guardDispatcher,
  GUARD_CLIENTS,
  GUARD_PRESETS,
  REFUSAL_KINDS,
} from '../src/guard.js';

/** The union members of `type NAME = ...` in src/guard.d.ts. */
function declared(name) {
  const dts = readRepo('bindings', 'npm', 'src', 'guard.d.ts');
  const m = new RegExp(`export type ${name} =([^;]+);`).exec(dts);
  assert.ok(m, `no type ${name} in guard.d.ts`);
  return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
}

test('the declared name unions are the module\'s names (the core\'s Named sets)', () => {
  assert.deepEqual(declared('GuardClient'), [...GUARD_CLIENTS]);
  assert.deepEqual(declared('GuardPreset'), [...GUARD_PRESETS]);
  assert.deepEqual(declared('RefusalKind'), [...REFUSAL_KINDS]);
  // docs/guard.md lists the kinds and presets for users.
  const doc = readRepo('docs', 'guard.md');
  for (const k of REFUSAL_KINDS) assert.ok(doc.includes(`\`${k}\``), `docs/guard.md does not name ${k}`);
  for (const p of GUARD_PRESETS) assert.ok(doc.includes(`\`${p}\``), `docs/guard.md does not name ${p}`);
});

/** Every file a module imports, transitively (relative imports), as paths under bindings/npm/. */
function imports(entry) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(new URL(file), 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
      walk(new URL(m[1] ?? m[2], file).href);
    }
  };
  walk(new URL(entry, import.meta.url).href);
  return [...seen].map((u) => u.replace(/^.*\/bindings\/npm\//, ''));
}

test('every export of urikit/guard is declared in guard.d.ts, and every declaration exported', async () => {
  const exported = Object.keys(await import('../src/guard.js')).sort();
  const dts = readRepo('bindings', 'npm', 'src', 'guard.d.ts');
  const declared = [...dts.matchAll(/^export declare (?:const|function|class) (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(exported, declared);
});

test('the guard module is loaded by urikit/guard only, and loads no other module', () => {
  for (const entry of ['../src/index.js', '../src/fast-uri.js', '../src/mcp.js', '../src/views.js']) {
    const loaded = imports(entry);
    assert.deepEqual(loaded.filter((f) => /guard/.test(f)), [], `${entry}: ${loaded.join(', ')}`);
  }
  assert.deepEqual(imports('../src/guard.js'), ['src/guard.js', 'src/guard-load.js', 'dist/wasm/urikit_guard.js']);
});

test('every refuse vector is refused, every allow vector allowed (default policy, WHATWG)', () => {
  const refuse = vectors('refuse');
  const allow = vectors('allow');
  assert.ok(refuse.length > 500 && allow.length > 600, `${refuse.length} and ${allow.length} vectors`);
  const bad = [];
  for (const [file, line, url, kind] of refuse) {
    const v = check(url);
    if (v.allowed) bad.push(`${file}:${line}: ${JSON.stringify(url)} allowed (host ${v.host})`);
    else if (kind && v.reason !== kind) bad.push(`${file}:${line}: ${JSON.stringify(url)}: ${v.reason}, not ${kind}`);
  }
  for (const [file, line, url] of allow) {
    const v = check(url);
    if (!v.allowed) bad.push(`${file}:${line}: ${JSON.stringify(url)} refused: ${v.detail}`);
  }
  assert.deepEqual(bad, []);
});

test('policies: presets by name, TOML and JSON text, errors with the key and the line', () => {
  assert.equal(Policy.preset().preset, 'public');
  const priv = Policy.preset('private');
  assert.equal(priv.check('http://192.168.1.1/').allowed, true);
  assert.equal(Policy.preset('public').check('http://192.168.1.1/').reason, 'denied-address');
  // The crate's own example (src/policy.rs, Policy::from_toml).
  const e = (() => {
    try {
      Policy.fromText('preset = "public"\nports = [80, "x"]\n');
    } catch (err) {
      return err;
    }
  })();
  assert.ok(e instanceof SyntaxError, String(e));
  assert.equal(e.line, 2);
  assert.equal(e.kind, 'policy');
  assert.match(e.message, /^policy line 2: key `ports`/);
  // JSON: the crate's example (Policy::from_json), an unknown key on line 2.
  assert.throws(() => Policy.fromText('{\n"prest": 1}'), (err) => err instanceof SyntaxError && err.line === 2 && /prest/.test(err.message));
  const json = Policy.fromText('{"preset": "allow-list", "allow": {"hosts": ["api.example.com"]}}');
  assert.equal(json.preset, 'allow-list');
  assert.equal(json.check('https://api.example.com/').allowed, true);
  assert.equal(json.check('https://example.org/').reason, 'not-allowed');
  assert.throws(() => Policy.preset('open'), (err) => err instanceof TypeError && err.kind === 'unknown-preset');
  assert.throws(() => check('http://a/', { client: 'curl' }), (err) => err.kind === 'client-not-built');
  assert.throws(() => check('http://a/', { client: 'fetch' }), (err) => err.kind === 'unknown-client');
  // The host as each client reads it (docs/guard.md, Clients).
  assert.equal(check('http://0x7f.1/').host, '127.0.0.1');
  assert.equal(check('http://0x7f.1/', { client: 'urllib3' }).reason, 'denied-address');
  assert.equal(check('http://0x7f.1/', { client: 'urllib3' }).address, '127.0.0.1');
  // The addresses JavaScript resolved: one denied address refuses the name.
  const p = Policy.preset();
  const v = p.checkAddresses('a.example', 80, ['93.184.215.14', '10.0.0.1']);
  assert.deepEqual([v.allowed, v.reason, v.host, v.address], [false, 'denied-address', 'a.example', '10.0.0.1']);
  assert.deepEqual(p.checkAddresses('a.example', 80, ['93.184.215.14']).addresses, ['93.184.215.14']);
  assert.equal(p.checkAddresses('a.example', 80, []).reason, 'resolve-failed');
  assert.equal(p.checkRedirect('http://example.org/', 11).reason, 'too-many-redirects');
});

// ---- the dispatcher, end to end ----

let undici;
try {
  undici = await import('undici');
} catch (e) {
  undici = null;
  console.log(`skipped: the undici dispatcher tests: undici does not load on Node ${process.version} (${e.message})`);
}
const e2e = { skip: undici ? false : 'undici does not load on this Node' };

/** A server on `ip` (port `port`, 0 for any) counting requests; `/to/URL` redirects to URL. */
function serve(ip, port, body) {
  return new Promise((resolve, reject) => {
    const s = createServer((req, res) => {
      s.hits++;
      if (req.url.startsWith('/to/')) {
        res.writeHead(302, { location: req.url.slice(4) });
        res.end();
      } else {
        res.end(body);
      }
    });
    s.hits = 0;
    s.once('error', reject);
    s.listen(port, ip, () => resolve(s));
  });
}

function stop(s) {
  s.closeAllConnections?.();
  return new Promise((r) => s.close(r));
}

/**
 * The target on 127.0.0.1 and the public server on 127.0.0.2, on the same
 * port: a connection that went to 127.0.0.1 instead of the checked
 * 127.0.0.2 (a second lookup, rebinding) would land on the target.
 */
async function servers() {
  for (let attempt = 0; ; attempt++) {
    const pub = await serve('127.0.0.2', 0, 'public');
    try {
      const target = await serve('127.0.0.1', pub.address().port, 'target');
      return { pub, target, port: pub.address().port };
    } catch (err) {
      await stop(pub);
      if (attempt > 20) throw err;
    }
  }
}

/**
 * The test's names, looked up with node:dns's signature: `public.test`
 * the public server, `target.test` the target, `mixed.test` both,
 * `rebind.test` the public server on the first lookup and 127.0.0.1 on
 * every later one. `lookups` counts the calls per name.
 */
function testLookup() {
  const lookups = {};
  const lookup = (name, opts, cb) => {
    const n = (lookups[name] = (lookups[name] ?? 0) + 1);
    const table = {
      'public.test': ['127.0.0.2'],
      'target.test': ['127.0.0.1'],
      'mixed.test': ['127.0.0.2', '127.0.0.1'],
      'rebind.test': n === 1 ? ['127.0.0.2'] : ['127.0.0.1'],
    };
    const found = table[name];
    setImmediate(() =>
      found ? cb(null, found.map((address) => ({ address, family: 4 }))) : cb(new Error(`unknown test name ${name}`)),
    );
  };
  return { lookup, lookups };
}

// The test policy: public, plus the public server's address.
const POLICY = 'max_redirects = 3\n[allow]\nranges = ["127.0.0.2/32"]\n';

function refusalOf(err) {
  for (let e = err; e; e = e.cause) if (e instanceof GuardError) return e;
  return null;
}

/** The loopback forms of the refuse vectors that WHATWG sends to 127.0.0.1 or localhost, with the target's port. */
function loopbackSample(port) {
  const out = [];
  for (const [file, line, raw] of vectors('refuse')) {
    let u;
    try {
      u = new URL(raw);
    } catch {
      continue;
    }
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) || u.port !== '' || !/^https?:$/.test(u.protocol)) continue;
    // fetch refuses credentials in a URL itself: such a URL is never sent.
    if (u.username || u.password) continue;
    // The port after the authority, in the text as written (the form is
    // what is tested); http, since the target speaks plain HTTP.
    const start = raw.indexOf(':') + 1;
    const rest = raw.slice(start);
    const lead = /^[\s/\\]*/.exec(rest)[0].length;
    const end = rest.slice(lead).search(/[/\\?#]/);
    const at = start + lead + (end < 0 ? rest.length - lead : end);
    const url = 'http:' + raw.slice(start, at) + `:${port}` + raw.slice(at);
    let w;
    try {
      w = new URL(url);
    } catch {
      continue;
    }
    if (w.hostname !== u.hostname || w.port !== String(port)) continue;
    out.push([`${file}:${line}`, url, u.hostname]);
  }
  return out;
}

const fetches = () => [
  ['node fetch', globalThis.fetch],
  ['undici fetch', undici.fetch],
];

for (const [which, fetchWith] of undici ? fetches() : [['fetch', null]]) {
  test(`${which} through guardDispatcher: refused cases never reach the target`, e2e, async () => {
    const { pub, target, port } = await servers();
    const { lookup } = testLookup();
    // The Agent under the guard's records what the guard let through: a
    // redirect hop it records went through the dispatcher's `dispatch`.
    const passed = [];
    class Recording extends undici.Agent {
      dispatch(opts, handler) {
        passed.push(`${String(opts.origin).replace(/\/$/, '')}${opts.path}`);
        return super.dispatch(opts, handler);
      }
    }
    const dispatcher = guardDispatcher(Policy.fromText(POLICY), { Agent: Recording, lookup });
    try {
      const get = (url) => fetchWith(url, { dispatcher });
      // The public server is reached, by address, by name, and by a redirect.
      const hop = `http://127.0.0.2:${port}/to/http://public.test:${port}/`;
      for (const url of [`http://127.0.0.2:${port}/`, `http://public.test:${port}/`, hop]) {
        assert.equal(await (await get(url)).text(), 'public', url);
      }
      assert.deepEqual(passed.slice(2), [hop, `http://public.test:${port}/`]);
      const cases = [
        [`http://0x7f.1:${port}/`, 'denied-address', '127.0.0.1', '127.0.0.1'],
        [`http://[::ffff:127.0.0.1]:${port}/`, 'denied-address', '::ffff:7f00:1', '::ffff:127.0.0.1'],
        [`http://localhost:${port}/`, 'denied-host', 'localhost', null],
        [`http://target.test:${port}/`, 'denied-address', 'target.test', '127.0.0.1'],
        [`http://mixed.test:${port}/`, 'denied-address', 'mixed.test', '127.0.0.1'],
        // Redirects from the public server into the target.
        [`http://127.0.0.2:${port}/to/http://127.0.0.1:${port}/`, 'denied-address', '127.0.0.1', '127.0.0.1'],
        [`http://127.0.0.2:${port}/to/http://target.test:${port}/`, 'denied-address', 'target.test', '127.0.0.1'],
        [`http://127.0.0.2:${port}/to/http://2130706433:${port}/`, 'denied-address', '127.0.0.1', '127.0.0.1'],
      ];
      for (const [url, reason, host, address] of cases) {
        const err = await get(url).then(
          () => assert.fail(`${url} was fetched`),
          (e) => e,
        );
        const r = refusalOf(err);
        assert.ok(r, `${url}: not a GuardError: ${err?.cause ?? err}`);
        assert.deepEqual([r.reason, r.host, r.address], [reason, host, address], url);
      }
      const sample = loopbackSample(port);
      assert.ok(sample.length >= 30, `${sample.length} loopback vectors`);
      console.log(`${which}: ${sample.length} loopback vectors of the guard crate sent to the target, every one refused`);
      for (const [where, url] of sample) {
        const err = await get(url).then(
          () => assert.fail(`${where}: ${JSON.stringify(url)} was fetched`),
          (e) => e,
        );
        const r = refusalOf(err);
        assert.ok(r && REFUSAL_KINDS.includes(r.reason), `${where}: ${JSON.stringify(url)}: ${err?.cause ?? err}`);
      }
      assert.equal(target.hits, 0, 'requests that reached the target');
      assert.equal(pub.hits, 2 + 2 + 3, 'the public server: two fetches, a redirect and its hop, three redirects');
      // The URLs and hops whose host is an address were refused before the
      // Agent (names are refused where the connection is made).
      assert.deepEqual(passed.filter((u) => !['127.0.0.2', 'public.test', 'target.test', 'mixed.test'].includes(new URL(u).hostname)), []);
    } finally {
      await dispatcher.close();
      await Promise.all([stop(pub), stop(target)]);
    }
  });

  test(`${which} through guardDispatcher: a rebinding name cannot switch the address`, e2e, async () => {
    const { pub, target, port } = await servers();
    const { lookup, lookups } = testLookup();
    const dispatcher = guardDispatcher(Policy.fromText(POLICY), { Agent: undici.Agent, lookup });
    try {
      // One lookup (127.0.0.2) for the connection: the bytes go there,
      // although a second lookup would answer 127.0.0.1 (the target, on the
      // same port).
      const r = await fetchWith(`http://rebind.test:${port}/`, { dispatcher });
      assert.equal(await r.text(), 'public');
      assert.equal(lookups['rebind.test'], 1);
      // A new connection looks the name up again: 127.0.0.1 now, refused.
      await dispatcher.close();
      const again = guardDispatcher(Policy.fromText(POLICY), { Agent: undici.Agent, lookup });
      const err = await fetchWith(`http://rebind.test:${port}/x`, { dispatcher: again }).then(
        () => assert.fail('fetched'),
        (e) => e,
      );
      await again.close();
      const g = refusalOf(err);
      assert.deepEqual([g?.reason, g?.host, g?.address], ['denied-address', 'rebind.test', '127.0.0.1']);
      assert.equal(target.hits, 0);
      assert.equal(pub.hits, 1);
    } finally {
      await Promise.all([stop(pub), stop(target)]);
    }
  });
}

test("as undici's global dispatcher, the guard covers every fetch of the process (Node's own too)", e2e, async () => {
  const { pub, target, port } = await servers();
  const { lookup } = testLookup();
  const before = undici.getGlobalDispatcher();
  const guard = guardDispatcher(Policy.fromText(POLICY), { Agent: undici.Agent, lookup });
  undici.setGlobalDispatcher(guard);
  try {
    for (const f of [globalThis.fetch, undici.fetch]) {
      assert.equal(await (await f(`http://public.test:${port}/`)).text(), 'public');
      const err = await f(`http://target.test:${port}/`).then(() => assert.fail('fetched'), (e) => e);
      assert.equal(refusalOf(err)?.reason, 'denied-address');
    }
    assert.equal(target.hits, 0);
    assert.equal(pub.hits, 2);
  } finally {
    undici.setGlobalDispatcher(before);
    await guard.close();
    await Promise.all([stop(pub), stop(target)]);
  }
});

test('guardConnect alone: a denied name is never looked up, a failed lookup is resolve-failed', e2e, async () => {
  const { pub, target, port } = await servers();
  const { lookup, lookups } = testLookup();
  const dispatcher = new undici.Agent({ connect: guardConnect(Policy.fromText(POLICY), { lookup }) });
  try {
    const refused = async (url) => refusalOf(await undici.request(url, { dispatcher }).then(() => assert.fail(`${url} fetched`), (e) => e));
    let g = await refused(`http://localhost:${port}/`);
    assert.deepEqual([g?.reason, g?.host, g?.address], ['denied-host', 'localhost', null]);
    g = await refused(`http://metadata.google.internal:${port}/`);
    assert.deepEqual([g?.reason, g?.host], ['denied-host', 'metadata.google.internal']);
    assert.deepEqual(lookups, {});
    g = await refused(`http://unknown.test:${port}/`);
    assert.deepEqual([g?.reason, g?.host, g?.address], ['resolve-failed', 'unknown.test', null]);
    assert.match(g.message, /unknown test name unknown\.test/);
    g = await refused(`http://target.test:${port}/`);
    assert.deepEqual([g?.reason, g?.host, g?.address], ['denied-address', 'target.test', '127.0.0.1']);
    const ok = await undici.request(`http://public.test:${port}/`, { dispatcher });
    assert.equal(await ok.body.text(), 'public');
    assert.equal(target.hits, 0);
  } finally {
    await dispatcher.close();
    await Promise.all([stop(pub), stop(target)]);
  }
});

test('undici.request with the redirect interceptor: every hop goes through the guard', e2e, async () => {
  const { pub, target, port } = await servers();
  const { lookup } = testLookup();
  const agent = guardDispatcher(Policy.fromText(POLICY), { Agent: undici.Agent, lookup });
  const dispatcher = agent.compose(undici.interceptors.redirect({ maxRedirections: 3 }));
  try {
    const ok = await undici.request(`http://127.0.0.2:${port}/to/http://public.test:${port}/`, { dispatcher });
    assert.equal(await ok.body.text(), 'public');
    const err = await undici
      .request(`http://127.0.0.2:${port}/to/http://0177.0.0.1:${port}/`, { dispatcher })
      .then(() => assert.fail('fetched'), (e) => e);
    const g = refusalOf(err);
    assert.deepEqual([g?.reason, g?.host, g?.address], ['denied-address', '127.0.0.1', '127.0.0.1']);
    assert.equal(target.hits, 0);
    assert.equal(pub.hits, 3);
  } finally {
    await agent.close();
    await Promise.all([stop(pub), stop(target)]);
  }
});

test('the example of docs/guard.md runs and gives what its comments say', e2e, async () => {
  const doc = readRepo('docs', 'guard.md');
  const start = doc.indexOf('```js', doc.indexOf('### Node `fetch` and undici'));
  assert.ok(start > 0, 'no js block in the Node section of docs/guard.md');
  const block = doc.slice(doc.indexOf('\n', start) + 1, doc.indexOf('```', start + 5));
  let checks = 0;
  // `EXPR; // 'VALUE' prose`: EXPR must give VALUE (a string literal).
  const lines = block.split('\n').map((line) => {
    const m = /^(.+?);\s*\/\/\s*('[^']*')/.exec(line);
    if (!m || /^(const|import)\b/.test(m[1])) return line;
    checks++;
    return `assert.deepEqual(${m[1]}, ${m[2]}, ${JSON.stringify(m[1])});`;
  });
  const code = ["import assert from 'node:assert/strict';", ...lines]
    .join('\n')
    .replaceAll("from 'urikit/guard'", `from ${JSON.stringify(new URL('../src/guard.js', import.meta.url).href)}`)
    .replaceAll("from 'undici'", `from ${JSON.stringify(import.meta.resolve('undici'))}`);
  await import(`data:text/javascript,${encodeURIComponent(code)}`);
  assert.equal(checks, 5);
});

/** A certificate for `public.test` made by openssl in a temporary directory, or null without openssl. */
async function testCertificate() {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'urikit-guard-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=public.test',
      '-addext', 'subjectAltName=DNS:public.test'], { stdio: 'pipe' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [which, fetchWith] of undici ? fetches() : [['fetch', null]]) {
  test(`${which} through guardDispatcher over TLS: the checked address, the host as servername`, e2e, async (t) => {
    const pem = await testCertificate();
    if (!pem) return t.skip('no openssl to make a test certificate');
    const { createServer: createHttps } = await import('node:https');
    const names = [];
    const server = createHttps(pem, (req, res) => res.end('public over tls'));
    server.on('secureConnection', (s) => names.push(s.servername));
    await new Promise((r) => server.listen(0, '127.0.0.2', r));
    const port = server.address().port;
    const { lookup } = testLookup();
    const dispatcher = guardDispatcher(Policy.fromText(POLICY), { Agent: undici.Agent, lookup, tls: { ca: pem.cert } });
    try {
      const r = await fetchWith(`https://public.test:${port}/`, { dispatcher });
      assert.equal(await r.text(), 'public over tls');
      assert.deepEqual(names, ['public.test']);
      // By address the certificate (for public.test) does not match: the
      // verification is against the host of the URL, not the address.
      const err = await fetchWith(`https://127.0.0.2:${port}/`, { dispatcher }).then(() => assert.fail('fetched'), (e) => e);
      assert.equal(err.cause?.code, 'ERR_TLS_CERT_ALTNAME_INVALID', String(err.cause));
    } finally {
      await dispatcher.close();
      server.closeAllConnections?.();
      await new Promise((r) => server.close(r));
    }
  });
}

test("the declarations type-check with undici's own: guardDispatcher gives an Agent that fetch takes", e2e, async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  // Inside the package (its node_modules has undici), removed after.
  const dir = mkdtempSync(join(repo, 'bindings', 'npm', 'test', 'tmp-types-'));
  try {
    writeFileSync(join(dir, 'check.ts'), [
      "import { Agent, fetch } from 'undici';",
      "import { Policy, guardDispatcher, type GuardError } from '../../src/guard.js';",
      "const d: Agent = guardDispatcher(Policy.preset(), { Agent, lookup: (_h, _o, cb) => cb(null, ['127.0.0.2']) });",
      "export const r = fetch('http://a/', { dispatcher: d }).catch((e: { cause?: GuardError }) => e.cause?.reason);",
    ].join('\n'));
    // skipLibCheck: undici's own declarations need @types/node, which the
    // package does not install; the check of this file against them stays.
    execFileSync(process.execPath, [join(repo, 'bindings', 'npm', 'node_modules', 'typescript', 'bin', 'tsc'), '--ignoreConfig',
      '--skipLibCheck', '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
      '--lib', 'es2022,dom', join(dir, 'check.ts')], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
