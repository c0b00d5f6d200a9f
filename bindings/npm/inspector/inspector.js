// The inspector page: every answer comes from the urikit package (the one
// Rust core compiled to WebAssembly). This file only reads the form, asks
// the package, and draws the answers; it decides nothing about URIs.
import * as urikit from '../src/index.js';
import { wasm } from '../src/load.js';

const $ = (id) => document.getElementById(id);
const LEAVES = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

// Form fields and their keys in the page's fragment (the shareable state).
const FIELDS = {
  u: 'input', p: 'profile', b: 'base', m: 'mode', l: 'level', v6: 'ipv6',
  idna: 'idna', t: 'tpl', v: 'vars', mm: 'match-mode', vp: 'view-parsers-value',
};
const DEFAULTS = {};

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, String(v));
  }
  for (const c of children) e.append(c);
  return e;
}

function fieldValue(id) {
  const f = $(id);
  return f.type === 'checkbox' ? (f.checked ? '1' : '') : f.value;
}

function setField(id, value) {
  const f = $(id);
  if (f.type === 'checkbox') f.checked = value === '1';
  else f.value = value;
}

/** The state as a fragment: only what differs from the page's defaults. */
function stateToHash() {
  const q = new URLSearchParams();
  for (const [key, id] of Object.entries(FIELDS)) {
    const v = fieldValue(id);
    if (v !== DEFAULTS[key]) q.set(key, v);
  }
  const s = q.toString();
  return s ? `#${s}` : '#';
}

function hashToState() {
  const q = new URLSearchParams(location.hash.slice(1));
  for (const [key, id] of Object.entries(FIELDS)) {
    setField(id, q.has(key) ? q.get(key) : DEFAULTS[key]);
  }
}

function quoted(s) {
  return JSON.stringify(s);
}

/** A value cell: the text, or a badge for absent and empty. */
function valueCell(value) {
  if (value === null || value === undefined) return el('td', { class: 'absent' }, el('span', { class: 'badge', text: 'absent' }));
  if (value === '') return el('td', { class: 'empty mono' }, el('span', { class: 'badge', text: 'empty' }), ' ""');
  return el('td', { class: 'mono', text: value });
}

// --- Components -------------------------------------------------------

/** The input with each UTF-16 unit in the class of its leaf component. */
function drawColored(input, components, error) {
  const box = $('colored');
  box.replaceChildren();
  const cls = new Array(input.length).fill('delim');
  const empties = [];
  for (const c of components ?? []) {
    if (!LEAVES.includes(c.name) || c.value === null) continue;
    if (c.start16 === c.end16) empties.push(c);
    for (let i = c.start16; i < c.end16; i++) cls[i] = c.name;
  }
  let bad = -1;
  if (error) {
    bad = error.index;
    for (let i = 0; i < input.length; i++) cls[i] = i < bad ? 'ok' : 'rest';
    if (bad < input.length) cls[bad] = 'bad';
  }
  const at = (i) => empties.filter((c) => c.start16 === i);
  let i = 0;
  while (i <= input.length) {
    for (const c of at(i)) {
      box.append(el('span', { class: `c-${c.name} marker`, title: `${c.name}: empty, at byte ${c.start}`, 'data-empty': c.name, text: '▿' }));
    }
    if (i === input.length) break;
    let j = i + 1;
    while (j < input.length && cls[j] === cls[i] && at(j).length === 0) j++;
    const piece = input.slice(i, j);
    const c = components?.find((x) => x.name === cls[i]);
    box.append(el('span', {
      class: `c-${cls[i]}`,
      title: c ? `${c.name} [${c.start}, ${c.end}) bytes` : undefined,
      text: piece,
    }));
    i = j;
  }
  if (error && bad >= input.length) {
    box.append(el('span', { class: 'c-bad marker', title: 'the input ended too soon', text: '␃' }));
  }
}

function drawComponents(input, answer) {
  const body = $('components').tBodies[0];
  body.replaceChildren();
  const err = $('error');
  if (!answer.ok) {
    const e = answer.error;
    drawColored(input, null, e);
    const cp = input.codePointAt(e.index);
    const badChar = e.index < input.length
      ? `${quoted(String.fromCodePoint(cp))} (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`
      : 'the end of the input';
    err.hidden = false;
    err.dataset.byte = e.byte;
    err.dataset.index = e.index;
    err.dataset.kind = e.kind;
    err.dataset.component = e.component ?? '';
    err.dataset.rule = e.rule ?? '';
    err.replaceChildren(
      el('p', { class: 'message', text: `Invalid: ${e.message}` }),
      el('dl', { class: 'pairs' },
        el('dt', { text: 'first bad byte' }), el('dd', { id: 'err-byte', text: `byte ${e.byte}: ${badChar}` }),
        el('dt', { text: 'ABNF rule' }), el('dd', { id: 'err-rule' },
          e.rule ? el('code', { text: e.rule }) : 'none of RFC 3986',
          e.abnf ? el('pre', { class: 'abnf', text: e.abnf }) : ''),
        el('dt', { text: 'component' }), el('dd', { id: 'err-component', text: e.component ?? '(none)' }),
        el('dt', { text: 'kind' }), el('dd', { id: 'err-kind', text: e.kind }),
      ),
    );
    $('host-kind').textContent = '';
    $('components').hidden = true;
    return;
  }
  $('components').hidden = false;
  err.hidden = true;
  err.replaceChildren();
  drawColored(input, answer.components, null);
  for (const c of answer.components) {
    const state = c.value === null ? 'absent' : c.value === '' ? 'empty' : 'present';
    body.append(el('tr', {
      'data-component': c.name, 'data-state': state,
      'data-start': c.start, 'data-end': c.end,
    },
    el('th', { scope: 'row', class: LEAVES.includes(c.name) ? `k c-${c.name}` : 'k', text: c.name }),
    valueCell(c.value),
    el('td', { class: 'mono num', text: c.value === null ? '' : `[${c.start}, ${c.end})` })));
  }
  $('host-kind').textContent = answer.hostKind ? `host kind: ${answer.hostKind}` : 'no authority, no host';
}

// --- Resolution --------------------------------------------------------

function drawResolution(input) {
  const out = $('resolve-out');
  out.replaceChildren();
  const base = $('base').value;
  const mode = $('mode').value;
  const t = JSON.parse(wasm.inspect_resolve(base, input, mode));
  if (!t.ok) {
    out.append(el('p', { class: 'error', id: 'resolve-error', 'data-input': t.error.input, text: `The ${t.error.input} is not usable: ${t.error.message}` }));
    return;
  }
  const steps = el('ol', { class: 'steps' });
  steps.append(el('li', {},
    el('strong', { text: '5.2.2 transform: ' }),
    el('code', { id: 'case', 'data-case': t.case, text: t.condition }),
    t.schemeIgnored ? ' (the reference\'s scheme equals the base\'s: a non-strict resolver ignores it)' : ''));
  if (t.merged !== null) {
    steps.append(el('li', {}, el('strong', { text: mode === 'rfc2396' ? 'RFC 2396 5.2 step 6 buffer: ' : '5.2.3 merge: ' }),
      el('code', { id: 'merged', text: t.merged })));
  }
  if (t.dotsInput !== null && mode !== 'rfc2396') {
    const table = el('table', { id: 'dot-steps' },
      el('caption', { text: `5.2.4 remove_dot_segments(${quoted(t.dotsInput)})` }),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: 'step' }), el('th', { scope: 'col', text: 'output buffer' }), el('th', { scope: 'col', text: 'input buffer' }))));
    const tb = el('tbody');
    tb.append(el('tr', { 'data-step': '1' }, el('td', { text: '1' }), el('td', { class: 'mono' }), el('td', { class: 'mono', text: t.dotsInput })));
    for (const s of t.steps) {
      tb.append(el('tr', { 'data-step': s.step, title: s.description },
        el('td', { text: s.step }), el('td', { class: 'mono', text: s.output }), el('td', { class: 'mono', text: s.input })));
    }
    table.append(tb);
    steps.append(el('li', {}, el('div', { class: 'scroll' }, table)));
  }
  if (mode === 'rfc2396' && t.legacySteps.length) {
    const table = el('table', { id: 'legacy-steps' },
      el('caption', { text: 'RFC 2396 5.2 step 6, segment by segment (6c-6g)' }),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', text: 'step' }), el('th', { scope: 'col', text: 'buffer' }), el('th', { scope: 'col', text: 'still to read' }))));
    const tb = el('tbody');
    for (const s of t.legacySteps) {
      tb.append(el('tr', { 'data-step': s.step, title: s.description },
        el('td', { text: s.step }), el('td', { class: 'mono', text: s.output }), el('td', { class: 'mono', text: s.input })));
    }
    table.append(tb);
    steps.append(el('li', {}, el('div', { class: 'scroll' }, table)));
  }
  steps.append(el('li', {}, el('strong', { text: 'T.path: ' }), el('code', { id: 'tpath', text: t.path })));
  out.append(steps);
  out.append(el('dl', { class: 'pairs' },
    el('dt', { text: '5.3 target' }), el('dd', { id: 'target', class: 'mono', text: t.target })));
}

// --- Normalization -------------------------------------------------------

function drawLadder(input) {
  const out = $('ladder-out');
  out.replaceChildren();
  const l = JSON.parse(wasm.inspect_ladder(input, $('level').value, $('ipv6').checked));
  if (!l.ok) {
    out.append(el('p', { class: 'muted', text: 'Not a URI reference: nothing to normalize.' }));
    return;
  }
  const table = el('table', { id: 'ladder' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'rung' }), el('th', { scope: 'col', text: 'text after it' }))));
  const tb = el('tbody');
  let before = input;
  for (const r of l.rungs) {
    const changed = r.text !== before;
    tb.append(el('tr', { 'data-rung': r.rung, class: changed ? 'changed' : 'same' },
      el('th', { scope: 'row' }, `${r.section} `, el('span', { text: r.rung })),
      el('td', { class: 'mono', text: r.text })));
    before = r.text;
  }
  table.append(tb);
  out.append(el('div', { class: 'scroll' }, table));
}

// --- IRI, lint, templates ------------------------------------------------

function attempt(f) {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof urikit.URIError) return { ok: false, error: e };
    throw e;
  }
}

function drawText(id, r) {
  const dd = $(id);
  dd.classList.toggle('error', !r.ok);
  dd.textContent = r.ok ? r.value : `${r.error.message}`;
}

function drawIri(input) {
  const idna = $('idna').checked;
  drawText('to-uri', attempt(() => urikit.toURI(input, { idna })));
  drawText('to-iri', attempt(() => urikit.toIRI(input, { idna })));
}

function drawLint(input) {
  const ul = $('lint-out');
  ul.replaceChildren();
  const r = attempt(() => urikit.lint(input, { iri: true }));
  if (!r.ok) {
    ul.append(el('li', { class: 'error', text: r.error.message }));
    return;
  }
  if (r.value.length === 0) ul.append(el('li', { class: 'muted', 'data-none': '', text: 'no findings' }));
  for (const f of r.value) {
    ul.append(el('li', { 'data-kind': f.kind },
      el('code', { text: f.kind }), ` at [${f.start}, ${f.end}): ${f.message}`));
  }
}

function drawTemplate(input) {
  let vars;
  const exp = $('expanded');
  const m = $('matched');
  try {
    vars = JSON.parse($('vars').value || '{}');
  } catch (e) {
    exp.classList.add('error');
    exp.textContent = `variables: ${e.message}`;
    vars = undefined;
  }
  const t = attempt(() => new urikit.UriTemplate($('tpl').value));
  if (!t.ok) {
    drawText('expanded', t);
    drawText('matched', t);
    return;
  }
  if (vars !== undefined) drawText('expanded', attempt(() => t.value.expand(vars)));
  const d = attempt(() => t.value.matchDetails(input, { mode: $('match-mode').value }));
  m.classList.toggle('error', !d.ok);
  m.dataset.matched = d.ok && d.value !== null ? '1' : '';
  m.textContent = !d.ok ? d.error.message : d.value === null ? 'no match' : JSON.stringify(d.value);
}

// --- WHATWG -------------------------------------------------------------

const WHATWG_PROPS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'origin'];

function drawWhatwg(input) {
  const body = $('whatwg-out').tBodies[0];
  body.replaceChildren();
  const read = (f) => {
    try {
      return { url: f() };
    } catch (e) {
      return { error: `${e.name}: ${e.message}` };
    }
  };
  const alone = read(() => new URL(input));
  const based = read(() => new URL(input, $('base').value));
  if (alone.error || based.error) {
    body.append(el('tr', { 'data-prop': 'error' }, el('th', { scope: 'row', text: 'error' }),
      el('td', { class: 'error', text: alone.error ?? '' }), el('td', { class: 'error', text: based.error ?? '' })));
  }
  for (const p of WHATWG_PROPS) {
    body.append(el('tr', { 'data-prop': p }, el('th', { scope: 'row', text: p }),
      el('td', { class: 'mono', text: alone.url ? alone.url[p] : '' }),
      el('td', { class: 'mono', text: based.url ? based.url[p] : '' })));
  }
}

// --- Every parser's view ------------------------------------------------

const VIEW_FIELDS = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];

// The package's second module (every parser's view), loaded by this
// section alone: the page's other sections draw without waiting for it.
let allViews = null;
const loading = import('../src/views.js').then((m) => {
  allViews = m;
  const boxes = $('view-parsers-boxes');
  for (const p of m.VIEW_PARSERS) {
    const id = `vp-${p}`;
    const box = el('input', { id, type: 'checkbox', 'data-parser': p });
    box.addEventListener('change', () => {
      const on = [...boxes.querySelectorAll('input:checked')].map((b) => b.dataset.parser);
      $('view-parsers-value').value = on.length === m.VIEW_PARSERS.length ? 'all' : on.join(',');
      update();
    });
    boxes.append(el('span', { class: 'check' }, box, el('label', { for: id, text: p })));
  }
});

/** The parsers the state names (`all`, or a comma-separated list). */
function chosenParsers() {
  const v = $('view-parsers-value').value;
  return v === 'all' ? [...allViews.VIEW_PARSERS] : v.split(',').filter((p) => p !== '');
}

/** Shown for grouping: a parser's host and port, or that it refused. */
function groupKey(view) {
  return view.error !== undefined ? 'error' : JSON.stringify([view.host ?? null, view.port ?? null]);
}

function groupLabel(view, parsers) {
  const n = `${parsers.length} parser${parsers.length === 1 ? '' : 's'}`;
  if (view.error !== undefined) return `refuse the input: ${n}`;
  const show = (x) => (x === undefined ? 'none' : quoted(x));
  return `host ${show(view.host)}, port ${show(view.port)}: ${n}`;
}

/**
 * Where a value a parser read sits in the input: the UTF-16 range, or
 * null when the text is not there as is (a parser that decoded, mapped or
 * lower-cased it reads text the input does not hold; the finding is then
 * listed without a mark). The delimiter before or after the component
 * picks the occurrence, so that a port `80` is not found inside a host.
 */
function placeOf(input, component, value) {
  if (typeof value !== 'string' || value === '') return null;
  const hay = input.toLowerCase();
  const needle = value.toLowerCase();
  const before = { host: ['/', '@', '\\', '['], port: [':'], query: ['?'], fragment: ['#'] }[component];
  const after = component === 'userinfo' ? ['@', '\\'] : null;
  // A path comes after the authority, and "/" is also in "//": the last
  // occurrence is its place; every other component's is the first that the
  // delimiters allow.
  const hits = [];
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) hits.push(i);
  if (component === 'path') hits.reverse();
  let first = -1;
  for (const i of hits) {
    if (first === -1) first = i;
    const b = i === 0 ? '' : input[i - 1];
    const a = input[i + needle.length] ?? '';
    if ((!before || before.includes(b)) && (!after || after.includes(a))) return [i, i + needle.length];
  }
  return first === -1 ? null : [first, first + needle.length];
}

/**
 * The input again, each disagreement marked where it is: per finding on a
 * component, every distinct value the named parsers read, with the
 * parsers in its title (one colour per value of a finding).
 */
function drawViewsInput(input, v) {
  const box = $('views-input');
  box.replaceChildren();
  const marks = Array.from({ length: input.length }, () => []);
  for (const x of v.findings) {
    if (x.component === 'view') continue;
    const byValue = new Map();
    x.parsers.forEach((p, i) => {
      const val = x.values[i];
      if (val === undefined || val === null) return;
      if (!byValue.has(val)) byValue.set(val, []);
      byValue.get(val).push(p);
    });
    let n = 0;
    for (const [val, parsers] of byValue) {
      const at = placeOf(input, x.component, val);
      n++;
      if (!at) continue;
      const m = { component: x.component, value: val, parsers, kind: x.kind, n };
      for (let i = at[0]; i < at[1]; i++) marks[i].push(m);
    }
  }
  const same = (a, b) => a.length === b.length && a.every((m, k) => m === b[k]);
  let i = 0;
  while (i < input.length) {
    let j = i + 1;
    while (j < input.length && same(marks[j], marks[i])) j++;
    const piece = input.slice(i, j);
    const ms = marks[i];
    if (ms.length === 0) {
      box.append(document.createTextNode(piece));
    } else {
      box.append(el('mark', {
        class: `disagree v${Math.min(ms[0].n, 4)}`,
        'data-component': [...new Set(ms.map((m) => m.component))].join(' '),
        'data-parsers': [...new Set(ms.flatMap((m) => m.parsers))].join(','),
        title: ms.map((m) => `${m.component} ${quoted(m.value)} per ${m.parsers.join(', ')} (${m.kind})`).join('\n'),
        text: piece,
      }));
    }
    i = j;
  }
}

function drawViews(input) {
  if (!allViews) return;
  const table = $('views-out');
  for (const b of [...table.tBodies]) b.remove();
  const ul = $('findings');
  ul.replaceChildren();
  const chosen = chosenParsers();
  for (const b of $('view-parsers-boxes').querySelectorAll('input')) b.checked = chosen.includes(b.dataset.parser);
  let v;
  try {
    v = allViews.views(input, { parsers: chosen });
  } catch (e) {
    $('views-status').textContent = e.message;
    return;
  }
  // The core's findings say which parser's value of which component
  // differs: those cells are highlighted; a `view` finding (some refuse,
  // some accept) marks the whole rows of its parsers.
  const differs = new Set();
  for (const x of v.findings) for (const p of x.parsers) differs.add(`${p} ${x.component}`);
  const groups = new Map();
  for (const [p, view] of Object.entries(v.views)) {
    const k = groupKey(view);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(p);
  }
  let g = 0;
  for (const [key, parsers] of groups) {
    g++;
    const body = el('tbody', { 'data-group': g, 'data-key': key });
    body.append(el('tr', { class: 'group-head' },
      el('th', { scope: 'rowgroup', colspan: 8, text: `Group ${g}, ${groupLabel(v.views[parsers[0]], parsers)}` })));
    for (const p of parsers) {
      const view = v.views[p];
      const row = el('tr', { 'data-parser': p, class: differs.has(`${p} view`) ? 'differs' : undefined },
        el('th', { scope: 'row', class: 'mono', text: p }));
      if (view.error !== undefined) {
        row.append(el('td', { class: 'error', colspan: 7, 'data-field': 'error', text: view.error }));
      } else {
        for (const f of VIEW_FIELDS) {
          const td = valueCell(view[f]);
          td.dataset.field = f;
          if (differs.has(`${p} ${f}`)) td.classList.add('differs');
          row.append(td);
        }
      }
      body.append(row);
    }
    table.append(body);
  }
  drawViewsInput(input, v);
  $('views-status').textContent = `${Object.keys(v.views).length} parsers in ${groups.size} group${groups.size === 1 ? '' : 's'} by host and port; ${v.findings.length} finding${v.findings.length === 1 ? '' : 's'}`;
  if (v.findings.length === 0) ul.append(el('li', { class: 'muted', text: 'no findings: every parser reads the same' }));
  for (const x of v.findings) {
    const values = x.parsers.map((p, i) => `${p}: ${x.values[i] === undefined ? 'none' : quoted(x.values[i])}`).join(', ');
    ul.append(el('li', { 'data-kind': x.kind, 'data-weight': x.weight, 'data-component': x.component },
      el('span', { class: `weight w-${x.weight}`, text: x.weight }), ' ', el('code', { text: x.kind }), ` (${x.component}): ${values}`));
  }
}

// --- Wiring ---------------------------------------------------------------

function render() {
  const input = $('input').value;
  const answer = JSON.parse(wasm.inspect_parse(input, $('profile').value));
  drawComponents(input, answer);
  drawResolution(input);
  drawLadder(input);
  drawIri(input);
  drawLint(input);
  drawTemplate(input);
  drawWhatwg(input);
  drawViews(input);
  $('status').textContent = answer.ok ? 'valid' : `invalid at byte ${answer.error.byte}`;
  document.body.dataset.rendered = String(Number(document.body.dataset.rendered ?? 0) + 1);
}

function update() {
  render();
  const hash = stateToHash();
  if (hash !== location.hash && !(hash === '#' && location.hash === '')) {
    history.replaceState(null, '', hash === '#' ? location.pathname + location.search : hash);
  }
}

for (const [key, id] of Object.entries(FIELDS)) {
  DEFAULTS[key] = fieldValue(id);
  const f = $(id);
  f.addEventListener(f.tagName === 'SELECT' || f.type === 'checkbox' ? 'change' : 'input', update);
}
window.addEventListener('hashchange', () => {
  hashToState();
  render();
});
$('copy').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    $('status').textContent = 'link copied';
  } catch {
    $('status').textContent = `link: ${location.href}`;
  }
});
hashToState();
render();
document.body.dataset.ready = '1';
// The views, once their module is in (body[data-views-ready] for the tests).
loading.then(() => {
  drawViews($('input').value);
  document.body.dataset.viewsReady = '1';
}, (e) => {
  $('views-status').textContent = `the parsers' module did not load: ${e.message}`;
});
