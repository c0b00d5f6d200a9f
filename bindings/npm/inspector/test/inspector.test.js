// The inspector page in a real headless Chromium (Debian's chromium,
// driven by playwright-core; no browser is downloaded): bindings/npm/ is served by a
// tiny static server on 127.0.0.1, inputs are typed into the page, and
// what the page shows (read from the DOM) is compared with the package's
// own answers in Node and with urikit's vectors (the RFC's examples).
// Takes four screenshots, into target/inspector-screenshots/ (untracked:
// a test run leaves the checkout as it was); URIKIT_REFRESH_DOCS=1 writes
// them over the docs' own, docs/img/inspector-*.png.
//
// Without chromium this prints one skip line and passes, except under
// CI=true, where it fails. CHROMIUM names another binary.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const jsRoot = join(here, '..', '..');
const repo = join(jsRoot, '..', '..');
const data = join(repo, 'crates', 'urikit', 'tests', 'data');
const shots =
  process.env.URIKIT_REFRESH_DOCS === '1'
    ? join(repo, 'docs', 'img')
    : join(process.env.CARGO_TARGET_DIR ?? join(repo, 'target'), 'inspector-screenshots');
mkdirSync(shots, { recursive: true });
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const wasmFile = join(jsRoot, 'dist', 'wasm', 'urikit_wasm_bg.wasm');

let missing = '';
if (!existsSync(chromiumPath)) missing = `no chromium at ${chromiumPath} (bash bindings/npm/inspector/scripts/test.sh installs Debian's)`;
else if (!existsSync(join(here, '..', 'node_modules', 'playwright-core'))) missing = 'playwright-core is not installed (cd bindings/npm/inspector && npm ci)';
if (missing) {
  console.log(`skipped: inspector page in headless Chromium: ${missing}`);
  if (process.env.CI === 'true') {
    test('inspector page in headless Chromium', () => assert.fail(`CI=true and ${missing}`));
  }
}

// The package (built by `npm run build` in js/), for its answers in Node.
assert.ok(existsSync(wasmFile), `the package is not built (${wasmFile}): cd bindings/npm && npm run build`);
const urikit = await import('../../src/index.js');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
};

let server;
let origin;
let browser;
let page;

async function open(hash = '') {
  await page.goto(`${origin}/inspector/index.html${hash}`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.waitForSelector('body[data-views-ready="1"]');
}

/**
 * The views section as shown: per parser its cells (`{error}` or the
 * fields, `undefined` when absent), the groups (their parsers, in order),
 * the highlighted cells (`PARSER FIELD`, `PARSER view` for a row) and the
 * findings listed (`[kind, weight, component]`).
 */
const shownViews = () => page.evaluate(() => {
  const rows = {};
  const differs = [];
  const groups = [];
  for (const body of document.querySelectorAll('#views-out tbody')) {
    const parsers = [];
    for (const r of body.querySelectorAll('tr[data-parser]')) {
      const p = r.dataset.parser;
      parsers.push(p);
      if (r.classList.contains('differs')) differs.push(`${p} view`);
      const err = r.querySelector('td[data-field="error"]');
      if (err) {
        rows[p] = { error: err.textContent };
        continue;
      }
      rows[p] = {};
      for (const td of r.querySelectorAll('td[data-field]')) {
        const f = td.dataset.field;
        rows[p][f] = td.classList.contains('absent') ? undefined : td.classList.contains('empty') ? '' : td.textContent;
        if (td.classList.contains('differs')) differs.push(`${p} ${f}`);
      }
    }
    groups.push(parsers);
  }
  const findings = [...document.querySelectorAll('#findings li[data-kind]')].map((x) => [x.dataset.kind, x.dataset.weight, x.dataset.component]);
  return { rows, groups, differs, findings };
});

/** Types `text` into field `id` (cleared first); the page renders on each key. */
async function typeInto(id, text) {
  await page.fill(`#${id}`, '');
  await page.locator(`#${id}`).pressSequentially(text);
}

/** Sets field `id` at once (one input event), for long vector runs. */
async function setInto(id, text) {
  await page.fill(`#${id}`, text);
}

const components = () => page.$$eval('#components tbody tr', (rows) => rows.map((r) => ({
  name: r.dataset.component,
  state: r.dataset.state,
  value: r.dataset.state === 'absent' ? undefined : r.dataset.state === 'empty' ? '' : r.querySelector('td').textContent,
  start: r.dataset.start === undefined ? undefined : Number(r.dataset.start),
  end: r.dataset.end === undefined ? undefined : Number(r.dataset.end),
})));

const errorShown = () => page.$eval('#error', (e) => (e.hidden ? null : {
  byte: Number(e.dataset.byte), index: Number(e.dataset.index), kind: e.dataset.kind,
  component: e.dataset.component, rule: e.dataset.rule,
}));

const text = (sel) => page.$eval(sel, (e) => e.textContent);

/** The records of a tab-separated urikit data file. */
function records(name) {
  return readFileSync(join(data, name), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
}

/** The `"REF" = "TARGET"` examples of RFC 3986 5.4 (the first target of each line). */
function examples54() {
  const out = [];
  for (const line of readFileSync(join(data, 'resolve', 'rfc3986-5.4.txt'), 'utf8').split('\n')) {
    const m = /^ {3}\s*"([^"]*)"\s+=\s+"([^"]*)"/.exec(line);
    if (m) out.push([m[1], m[2]]);
  }
  return out;
}

if (!missing) {
  before(async () => {
    server = createServer((req, res) => {
      const path = normalize(join(jsRoot, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
      if (!path.startsWith(jsRoot + sep) || !existsSync(path) || !statSync(path).isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' });
      res.end(readFileSync(path));
    });
    await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${server.address().port}`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 900, height: 900 } });
    page.on('pageerror', (e) => { throw e; });
  });

  after(async () => {
    await browser?.close();
    await new Promise((ok) => (server ? server.close(ok) : ok()));
  });

  test('components with offsets, absent vs empty, as the package parses them', async () => {
    await open();
    await typeInto('input', 'http://user@h\u00e9.example:8080/p/a%20th?q=1#');
    await page.selectOption('#profile', 'iri-reference');
    const input = await page.inputValue('#input');
    const want = urikit.parse(input, { profile: 'iri-reference' });
    const shown = await components();
    assert.deepEqual(shown.map((c) => c.name), ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment']);
    const enc = new TextEncoder();
    for (const c of shown) {
      // The page shows the port as written: the package's portText (its
      // `port` is the number).
      assert.equal(c.value, c.name === 'port' ? want.portText : want[c.name], c.name);
      if (want[c.name] !== undefined) {
        // Byte offsets: the package gives UTF-16 ones; the bytes before them.
        const [a, b] = want.offsets[c.name];
        assert.deepEqual([c.start, c.end], [enc.encode(input.slice(0, a)).length, enc.encode(input.slice(0, b)).length], c.name);
      }
    }
    assert.equal(shown.find((c) => c.name === 'fragment').state, 'empty');
    // The coloured view covers the input, each leaf component in its class.
    const spans = await page.$$eval('#colored span', (s) => s.map((x) => [x.className, x.textContent]));
    assert.equal(spans.filter(([c]) => !c.includes('marker')).map(([, t]) => t).join(''), input);
    assert.ok(spans.some(([c, t]) => c === 'c-host' && t === 'h\u00e9.example'));
    assert.ok(spans.some(([c]) => c.includes('c-fragment') && c.includes('marker')), 'the empty fragment is marked');
    assert.match(await text('#host-kind'), /reg-name/);
    // Absent: no query, no fragment, no authority.
    await typeInto('input', 'mailto:a@b');
    const absent = Object.fromEntries((await components()).map((c) => [c.name, c.state]));
    assert.deepEqual(absent, { scheme: 'present', authority: 'absent', userinfo: 'absent', host: 'absent', port: 'absent', path: 'present', query: 'absent', fragment: 'absent' });
    await page.selectOption('#profile', 'uri-reference');
    // Every valid URI-reference vector: the page's components are the package's.
    let n = 0;
    for (const [status, input] of records('vectors/URI-reference.txt')) {
      if (status !== 'ok' || input === undefined) continue;
      await setInto('input', input);
      const p = urikit.parse(input);
      for (const c of await components()) assert.equal(c.value, c.name === 'port' ? p.portText : p[c.name], `${input}: ${c.name}`);
      n++;
    }
    assert.ok(n > 50, `${n} vectors`);
  });

  test('invalid input: the first bad byte, the ABNF rule, the component', async () => {
    await open();
    await typeInto('input', 'http://exa mple.com/');
    const e = await errorShown();
    assert.deepEqual(e, { byte: 10, index: 10, kind: 'invalid-character', component: 'host', rule: 'host' });
    assert.match(await text('#err-rule'), /host = IP-literal \/ IPv4address \/ reg-name/);
    assert.equal(await page.$eval('#colored .c-bad', (s) => s.textContent), ' ');
    await page.locator('#parse').screenshot({ path: join(shots, 'inspector-invalid.png') });
    // urikit's must-fail vectors: index and kind as the vector says, and
    // as the package's URIError says.
    let n = 0;
    for (const [status, index, kindComponent, input] of records('vectors/URI-reference.txt')) {
      if (status !== 'err' || input === undefined || !/^[\x20-\x7e]*$/.test(input)) continue;
      const [kind, component] = kindComponent.split('/');
      // Bytes that are not UTF-8 cannot be typed: a page holds text.
      if (kind === 'invalid-utf8') continue;
      await setInto('input', input);
      const shown = await errorShown();
      assert.ok(shown, `${input} is shown as invalid`);
      assert.equal(shown.index, Number(index), input);
      assert.equal(shown.kind, kind, input);
      if (component) assert.equal(shown.component, component, input);
      assert.throws(() => urikit.parse(input), (err) => err.index === shown.index && err.kind === shown.kind && (err.component ?? '') === shown.component);
      n++;
    }
    assert.ok(n > 50, `${n} vectors`);
  });

  test('resolution step by step: RFC 3986 5.2.4 worked examples and the 5.4 examples', async () => {
    await open();
    // 5.2.4's tables, read from the copy in urikit's test data.
    const table = readFileSync(join(data, 'resolve', 'draft-2004-5.2.4-steps.txt'), 'utf8');
    const rows = [];
    for (const line of table.split('\n')) {
      const m = /^\s+(\w+)\s*:\s+(\S*)\s*(\S*)$/.exec(line);
      if (!m) continue;
      if (m[1] === '1') rows.push({ input: m[2], steps: [] });
      else rows.at(-1).steps.push([m[2], m[3]]);
    }
    assert.equal(rows.length, 2);
    // An absolute-path reference against a base without a path, and a
    // relative one against a base whose path has no "/": dot removal runs
    // on the example's input itself.
    for (const [base, row] of [['http://a', rows[0]], ['s:x', rows[1]]]) {
      await setInto('base', base);
      await typeInto('input', row.input);
      const steps = await page.$$eval('#dot-steps tbody tr', (tr) => tr.map((r) => [...r.cells].map((c) => c.textContent)));
      assert.deepEqual(steps[0], ['1', '', row.input]);
      assert.deepEqual(steps.slice(1).map(([, o, i]) => [o, i]), row.steps, row.input);
    }
    // 5.4: every example's target, strict and non-strict, as the package
    // resolves it and as the RFC says.
    await setInto('base', 'http://a/b/c/d;p?q');
    const ex = examples54();
    assert.equal(ex.length, 42);
    for (const mode of ['strict', 'non-strict']) {
      await page.selectOption('#mode', mode);
      for (const [ref, target] of ex) {
        await setInto('input', ref);
        const shown = await text('#target');
        assert.equal(shown, urikit.resolve('http://a/b/c/d;p?q', ref, { strict: mode === 'strict' }), ref);
        if (!(mode === 'non-strict' && ref === 'http:g')) assert.equal(shown, target, ref);
      }
    }
    await page.selectOption('#mode', 'strict');
    await typeInto('input', '../g/./h/..?y#s');
    assert.equal(await text('#merged'), '/b/c/../g/./h/..');
    assert.equal(await text('#target'), 'http://a/b/g/?y#s');
    await page.locator('#resolution').screenshot({ path: join(shots, 'inspector-resolution.png') });
    await page.selectOption('#mode', 'non-strict');
    await setInto('input', 'http:g');
    assert.equal(await text('#target'), 'http://a/b/c/g');
    assert.equal(await page.$eval('#case', (c) => c.dataset.case), 'merge');
    await page.selectOption('#mode', 'rfc2396');
    await setInto('input', '../../../g');
    assert.equal(await text('#target'), 'http://a/../g');
    // RFC 2396 5.2 step 6 on "/b/c/../../../g", worked by hand: b and c
    // kept, two "<segment>/../" removed (6e), a ".." above the root kept
    // (6g), g kept.
    const legacyRows = await page.$$eval('#legacy-steps tbody tr', (tr) => tr.map((r) => [...r.cells].map((c) => c.textContent)));
    assert.deepEqual(legacyRows.map(([s, o]) => [s, o]), [['6a/6b', '/b'], ['6a/6b', '/b/c'], ['6e', '/b'], ['6e', ''], ['6g', '/..'], ['6a/6b', '/../g']]);
    await page.selectOption('#mode', 'strict');
    await setInto('input', '../../../g');
    assert.equal(await text('#target'), 'http://a/g');
    assert.equal(await page.$eval('#case', (c) => c.dataset.case), 'merge');
    assert.equal(await text('#merged'), '/b/c/../../../g');
  });

  test('normalization ladder, IRI <-> URI, lint, templates, as the package answers', async () => {
    await open();
    const input = 'HTTP://Ex%61mple.COM:80/a/./b/../%7euser?q=%7e#%7E';
    await typeInto('input', input);
    await page.selectOption('#level', 'scheme');
    const rungs = await page.$$eval('#ladder tbody tr', (tr) => tr.map((r) => [r.dataset.rung, r.querySelector('td').textContent]));
    assert.deepEqual(rungs.map(([r]) => r), ['case', 'percent-encoding', 'dot-segments', 'scheme-based']);
    assert.equal(rungs.at(-1)[1], urikit.normalize(input, { level: 'scheme' }));
    assert.equal(rungs[0][1], 'http://ex%61mple.com:80/a/./b/../%7Euser?q=%7E#%7E');
    await page.selectOption('#level', 'syntax');
    // The syntax.txt vectors of urikit: the top rung is the expected form.
    for (const [from, to] of records('normalize/syntax.txt')) {
      await setInto('input', from);
      const top = await page.$eval('#ladder tbody tr:last-child td', (td) => td.textContent);
      assert.equal(top, to, from);
      assert.equal(top, urikit.normalize(from), from);
    }
    // IRI <-> URI.
    const iri = 'http://r\u00e9sum\u00e9.example/caf\u00e9?q=\u00fc';
    await setInto('input', iri);
    assert.equal(await text('#to-uri'), urikit.toURI(iri));
    await page.check('#idna');
    assert.equal(await text('#to-uri'), urikit.toURI(iri, { idna: true }));
    const uri = 'http://xn--rsum-bpad.example/caf%C3%A9';
    await setInto('input', uri);
    assert.equal(await text('#to-iri'), urikit.toIRI(uri, { idna: true }));
    await page.uncheck('#idna');
    // Lint.
    const risky = 'http://user:pass@127.0.0.1:80/a/../b';
    await setInto('input', risky);
    const kinds = await page.$$eval('#lint-out li[data-kind]', (li) => li.map((x) => x.dataset.kind));
    assert.deepEqual(kinds, urikit.lint(risky, { iri: true }).map((f) => f.kind));
    assert.ok(kinds.length > 0);
    // Templates: expand, and match the input.
    const tpl = 'http://example.com/{user}/{id}{?q,lang}';
    await setInto('tpl', tpl);
    const vars = { user: '~fred', id: 'a b', q: '1', lang: ['en', 'fr'] };
    await setInto('vars', JSON.stringify(vars));
    const t = new urikit.UriTemplate(tpl);
    const expanded = await text('#expanded');
    assert.equal(expanded, t.expand(vars));
    await setInto('input', expanded);
    assert.equal(await page.$eval('#matched', (e) => e.dataset.matched), '1');
    assert.deepEqual(JSON.parse(await text('#matched')), t.matchDetails(expanded));
    await page.selectOption('#match-mode', 'lenient');
    await setInto('input', 'http://example.com/fred/42?lang=de&q=2&x=y');
    assert.deepEqual(JSON.parse(await text('#matched')), t.matchDetails('http://example.com/fred/42?lang=de&q=2&x=y', { mode: 'lenient' }));
    await page.selectOption('#match-mode', 'exact');
    // A template the exact matcher refuses: the package's message.
    await setInto('tpl', 'http://example.com/{+path}{id}');
    const refused = await text('#matched');
    assert.throws(() => new urikit.UriTemplate('http://example.com/{+path}{id}').matchDetails(expanded), (e) => e.message === refused);
    await setInto('tpl', tpl);
    await setInto('input', 'http://other.example/');
    assert.equal(await text('#matched'), 'no match');
  });

  test('the browser\'s own WHATWG URL beside ours', async () => {
    await open();
    await setInto('base', 'http://a/b/c/d;p?q');
    await typeInto('input', 'HTTP://EXAMPLE.com:80/a/../b c');
    const cell = (prop, col) => page.$eval(`#whatwg-out tr[data-prop="${prop}"] td:nth-of-type(${col})`, (td) => td.textContent);
    // The page's own realm's URL answers, read back in the same browser.
    const real = await page.evaluate((s) => new URL(s).href, 'HTTP://EXAMPLE.com:80/a/../b c');
    assert.equal(await cell('href', 1), real);
    assert.equal(await cell('href', 1), 'http://example.com/b%20c');
    assert.ok(await errorShown(), 'urikit: invalid (a space in the path)');
    await setInto('input', '../g');
    assert.equal(await cell('href', 2), await page.evaluate(() => new URL('../g', 'http://a/b/c/d;p?q').href));
    assert.match(await page.$eval('#whatwg-out tr[data-prop="error"] td', (td) => td.textContent), /TypeError/);
    // Every parser's view: the whatwg row is this browser's URL, the
    // rfc3986 row the package's parse; the findings are urikit's.
    for (const input of ['http://a_b.example/', 'HTTP://User:pw@[::1]:8080/a/../b?#', 'mailto:a@b?subject=x', 'http://ex\u00e4mple.com/\u00e9']) {
      await setInto('input', input);
      const v = (await shownViews()).rows;
      const real = await page.evaluate((s) => {
        const u = new URL(s);
        return { scheme: u.protocol.slice(0, -1), host: u.hostname || undefined, port: u.port || undefined, path: u.pathname };
      }, input);
      for (const f of ['scheme', 'host', 'port', 'path']) assert.equal(v.whatwg[f], real[f], `${input}: whatwg ${f}`);
      const ours = urikit.parse(input, { profile: 'iri-reference' });
      for (const f of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment']) assert.equal(v.rfc3986[f], f === 'port' ? ours.portText : ours[f], `${input}: rfc3986 ${f}`);
    }
    // urikit's views example: java.net.URI reads "a_b.example" as a
    // registry authority, no host: a high finding about the host.
    await setInto('input', 'http://a_b.example/');
    assert.equal((await shownViews()).rows.java.host, undefined);
    const findings = (await shownViews()).findings;
    assert.ok(findings.some(([k, w]) => k === 'host' && w === 'high'), JSON.stringify(findings));
    // A backslash: the browser reads a host, RFC 3986 rejects the input.
    await setInto('input', 'http://example.com\\@evil.example/');
    const b = (await shownViews()).rows;
    assert.ok(b.rfc3986.error, 'rfc3986 rejects a backslash');
    assert.equal(b.whatwg.host, await page.evaluate((s) => new URL(s).hostname, 'http://example.com\\@evil.example/'));
  });

  test('every parser\'s view (urikit/views): the package\'s answers, grouped by host and port, the differences highlighted, in the permalink', async () => {
    const allViews = await import('../../src/views.js');
    await open();
    const inputs = ['http://evil.com\\@good.com/', 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/', 'http://foo@evil.com:80@google.com/',
      'http://0x7f.1/', 'https://example.com:443/a?b#c', 'http://[::1]:80/', 'http://ex\u00e4mple.com/', 'x'];
    for (const input of inputs) {
      await setInto('input', input);
      const shown = await shownViews();
      // The package's answer in this browser (its whatwg is this
      // browser's URL), and in Node for every other parser.
      const here = await page.evaluate(async (s) => {
        const v = (await import('/src/views.js')).views(s, { parsers: ['all'] });
        // undefined does not cross back: absent fields as null.
        return JSON.parse(JSON.stringify(v, (k, x) => (x === undefined ? null : x)));
      }, input);
      const absent = (view) => Object.fromEntries(Object.entries(view).map(([k, x]) => [k, x ?? undefined]));
      for (const p of Object.keys(here.views)) here.views[p] = absent(here.views[p]);
      const node = allViews.views(input, { parsers: ['all'] });
      assert.deepEqual(Object.keys(shown.rows).sort(), [...allViews.VIEW_PARSERS].sort(), input);
      for (const p of allViews.VIEW_PARSERS) {
        const want = here.views[p];
        if (p !== 'whatwg') assert.deepEqual(want, node.views[p], `${input}: ${p} in Chromium and in Node`);
        if ('error' in want) assert.deepEqual(shown.rows[p], { error: want.error }, `${input}: ${p}`);
        else for (const f of ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment']) assert.equal(shown.rows[p][f], want[f], `${input}: ${p} ${f}`);
      }
      // Groups: each group's parsers read one host and port (or all
      // refuse), and two groups read differently.
      const key = (view) => ('error' in view ? 'error' : JSON.stringify([view.host, view.port]));
      const keys = shown.groups.map((g) => {
        const ks = new Set(g.map((p) => key(here.views[p])));
        assert.equal(ks.size, 1, `${input}: group ${g}`);
        return [...ks][0];
      });
      assert.equal(new Set(keys).size, keys.length, `${input}: two groups read the same: ${keys}`);
      assert.equal(shown.groups.flat().length, allViews.VIEW_PARSERS.length);
      // Highlighted: exactly the cells (and, for a `view` finding, the
      // rows) of the parsers the core's findings name.
      const named = new Set();
      for (const f of here.findings) for (const p of f.parsers) named.add(`${p} ${f.component}`);
      assert.deepEqual(shown.differs.sort(), [...named].sort(), `${input}: highlighted cells`);
      assert.deepEqual(shown.findings, here.findings.map((f) => [f.kind, f.weight, f.component]), `${input}: findings`);
      // In the input: the text is the input, and each mark is a value
      // that every parser its title names read for that component.
      const marked = await page.evaluate(() => ({
        text: document.getElementById('views-input').textContent,
        marks: [...document.querySelectorAll('#views-input mark')].map((m) => [m.textContent, m.dataset.component.split(' '), m.dataset.parsers.split(',')]),
      }));
      assert.equal(marked.text, input, `${input}: the marked input is the input`);
      for (const [text, components, parsers] of marked.marks) {
        for (const p of parsers) {
          const read = components.map((c) => here.views[p][c]).filter((x) => typeof x === 'string').map((x) => x.toLowerCase());
          assert.ok(read.some((x) => x.includes(text.toLowerCase())), `${input}: mark ${text} for ${p} (${components})`);
        }
      }
      if (here.findings.some((f) => f.component === 'host')) assert.ok(marked.marks.some(([, c]) => c.includes('host')), `${input}: a host disagreement is marked`);
    }
    // The example splits the parsers: good.com, evil.com, refused.
    await setInto('input', 'http://evil.com\\@good.com/');
    assert.ok((await shownViews()).groups.length >= 3);
    // Both hosts are marked in the input, each with the parsers that read it.
    {
      const v = allViews.views('http://evil.com\\@good.com/', { parsers: ['all'] });
      const readers = (h) => Object.keys(v.views).filter((p) => p !== 'whatwg' && v.views[p].host === h);
      const marks = await page.$$eval('#views-input mark', (ms) => ms.map((m) => [m.textContent, m.dataset.parsers.split(',')]));
      for (const h of ['evil.com', 'good.com']) {
        const m = marks.find(([t]) => t === h);
        assert.ok(m, `${h} is marked in the input`);
        for (const p of readers(h)) if (v.findings.some((f) => f.component === 'host' && f.parsers.includes(p))) assert.ok(m[1].includes(p), `${h}: ${p}`);
      }
    }
    await page.locator('#views').screenshot({ path: join(shots, 'inspector-views.png') });
    // The permalink: the input and the chosen parsers are in the fragment;
    // a fresh page from it shows the same.
    for (const p of ['rfc3986', 'java', 'rust-http']) await page.uncheck(`#vp-${p}`);
    const url = page.url();
    assert.match(url, /vp=whatwg%2Curllib%2C/);
    const other = await browser.newPage({ viewport: { width: 900, height: 900 } });
    await other.goto(url);
    await other.waitForSelector('body[data-views-ready="1"]');
    const parsersThere = await other.$$eval('#views-out tr[data-parser]', (rows) => rows.map((r) => r.dataset.parser));
    assert.deepEqual(parsersThere.sort(), allViews.VIEW_PARSERS.filter((p) => !['rfc3986', 'java', 'rust-http'].includes(p)).sort());
    assert.equal(await other.inputValue('#input'), 'http://evil.com\\@good.com/');
    assert.deepEqual(await other.$$eval('#view-parsers-boxes input:not(:checked)', (b) => b.map((x) => x.dataset.parser)), ['rfc3986', 'java', 'rust-http']);
    await other.close();
  });

  test('state in the fragment, keyboard, 400 px', async () => {
    await open();
    await typeInto('input', 'g;x?y#s');
    await page.selectOption('#mode', 'non-strict');
    const url = page.url();
    assert.match(url, /#.*u=g%3Bx%3Fy%23s/);
    assert.match(url, /m=non-strict/);
    const target = await text('#target');
    // A fresh page from the shared address shows the same state.
    const other = await browser.newPage();
    await other.goto(url);
    await other.waitForSelector('body[data-ready="1"]');
    assert.equal(await other.inputValue('#input'), 'g;x?y#s');
    assert.equal(await other.inputValue('#mode'), 'non-strict');
    assert.equal(await other.$eval('#target', (e) => e.textContent), target);
    await other.close();
    // Keyboard: Tab reaches every control in order, and typing works.
    await open();
    await page.focus('#input');
    const order = [];
    for (let i = 0; i < 12; i++) {
      order.push(await page.evaluate(() => document.activeElement.id));
      await page.keyboard.press('Tab');
    }
    for (const id of ['input', 'profile', 'copy', 'base', 'mode', 'level', 'ipv6', 'idna', 'tpl', 'vars', 'match-mode']) {
      assert.ok(order.includes(id), `${id} is reachable by Tab: ${order}`);
    }
    assert.ok(order.indexOf('input') < order.indexOf('base') && order.indexOf('base') < order.indexOf('level'));
    await page.focus('#base');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('http://x/y/z');
    await page.focus('#input');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('../w');
    assert.equal(await text('#target'), 'http://x/w');
    // 400 px: nothing wider than the window (tables scroll in their box).
    await page.setViewportSize({ width: 400, height: 900 });
    await setInto('input', 'HTTP://User@Example.COM:80/a/./b/../%7euser?q=1#top');
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide in a ${widths[1]} px window`);
    await page.setViewportSize({ width: 900, height: 900 });
    await page.locator('#parse').screenshot({ path: join(shots, 'inspector-components.png') });
  });

  test('the package\'s batch forms in Chromium agree with one call at a time (chunks, non-ASCII, a long input)', async () => {
    // Not the page: the package itself in the browser, whose batch forms
    // encode into the module's memory by hand (bindings/npm/src/index.js). More than
    // one chunk of 1,024 inputs, non-ASCII ones in the second, lone
    // surrogates at inputs' ends and starts, invalid ones, and one too
    // long for 16-bit offsets; each answer of parseBatch, parseMany,
    // validateMany and parseLines against parse and its URIError.
    const inputs = [];
    for (let i = 0; i < 2500; i++) inputs.push(i % 9 === 0 ? `http://h${i}.example/a b` : `https://h${i}.example:8${i % 10}/p/${i}?q=${i}#f`);
    inputs[1500] = 'http://\u00e9.example/\u{1F600}?\u00e9#\u00e9';
    inputs[1501] = 'x:\uD83D';
    inputs[1502] = '\uDE00/y';
    inputs[1503] = '';
    inputs.push(`http://a/${'x/'.repeat(20000)}?${'q'.repeat(100)}#f`);
    await open();
    const report = await page.evaluate(async (inputs) => {
      const u = await import('/src/index.js');
      const profile = 'iri-reference';
      const keys = ['scheme', 'authority', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
      const batch = u.parseBatch(inputs, { profile });
      const many = u.parseMany(inputs, { profile });
      const valid = u.validateMany(inputs, 'IRI-reference');
      const lines = u.parseLines(inputs.join('\n'), { profile });
      const bad = [];
      let invalid = 0;
      inputs.forEach((s, i) => {
        let one;
        try {
          one = u.parse(s, { profile });
        } catch (e) {
          one = e;
        }
        const ok = one instanceof u.ParsedURI;
        if (!ok) invalid++;
        const got = [batch.isValid(i), many[i] instanceof u.ParsedURI, valid[i] === -1, lines.isValid(i)];
        if (got.some((g) => g !== ok)) bad.push(`${i}: valid ${got} against ${ok}`);
        else if (ok) {
          for (const k of keys) {
            // A batch's component is text: the port as written (portText).
            const want = one[k];
            const text = k === 'port' ? one.portText : want;
            if (batch.component(i, k) !== text || many[i][k] !== want || lines.component(i, k) !== text) bad.push(`${i}: ${k}`);
          }
        } else if ([batch.errorIndex(i), many[i].index, valid[i], lines.errorIndex(i)].some((x) => x !== one.index)) {
          bad.push(`${i}: error index, ${one.index} alone`);
        }
      });
      return { n: inputs.length, lines: lines.length, invalid, bad: bad.slice(0, 10) };
    }, inputs);
    assert.deepEqual(report.bad, []);
    assert.equal(report.n, inputs.length);
    assert.equal(report.lines, inputs.length);
    // The inputs with a space, and the two lone surrogates.
    assert.equal(report.invalid, inputs.filter((s) => s.includes(' ')).length + 2);
  });
}
