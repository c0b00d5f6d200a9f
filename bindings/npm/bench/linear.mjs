// Linear time at the JavaScript entry points, on hostile inputs:
//   node --expose-gc bench/linear.mjs [--repeat R] [--only NAME]
// (after `npm run build`). Each entry runs on an input of size 1x and 10x;
// the table gives the fastest of --repeat runs at each size and their
// ratio (10 is linear, 100 would be quadratic), as
// `cargo bench -p urikit-bench --bench linear` does for the Rust entry
// points and bindings/python/bench/linear.py for Python's. What the
// package adds on top of the Rust: copying the string into WebAssembly
// memory and the answer out (UTF-8 to UTF-16 offsets, JSON records), and
// one object per match, finding or view. The inputs are those of the Rust
// table where the entry is the same, mostly ten times larger (each call
// has a fixed cost of its own that would hide the growth at the Rust
// sizes); `views-*` and `guard-check` read the twelve shapes of its
// `reading_inputs`. With --expose-gc the collector
// runs before each timed run, so that no run pays for the garbage of the
// one before (Node has no way to turn it off, as Python's timing does).
// --clock cpu times the process's CPU time (user and system, every thread,
// process.cpuUsage) instead of the wall clock: on a loaded machine a run
// of tens of milliseconds is often descheduled part of the time, a run of
// one is not, and the wall-clock ratio of the 10x run to the 1x run grows
// with the load, not with the input (the `views-PARSER` rows gave 4 to 23
// by the wall clock at a load of 9 on 2 cores, 3.9 to 9.7 by CPU time).
import { readFileSync } from 'node:fs';
import { parse, resolve, normalize, encode, decode, extract, lint, toURI, UriTemplate, URIError } from '../src/index.js';
import { views, VIEW_PARSERS } from '../src/views.js';
import { Policy } from '../src/guard.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const repeat = Number(opt('--repeat', '7'));
const only = opt('--only', undefined);
const clock = opt('--clock', 'wall');
if (clock !== 'wall' && clock !== 'cpu') throw new Error('--clock is wall or cpu');
/** The clock's reading, in ms. */
const now = clock === 'cpu' ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; } : () => Number(process.hrtime.bigint()) / 1e6;

/** The hostile shapes of dev/bench/data/hostile-shapes.json (the ones every
 * face's 1x/10x benchmark reads), `n` units each. */
const SHAPES = JSON.parse(
  readFileSync(new URL('../../../dev/bench/data/hostile-shapes.json', import.meta.url), 'utf8'),
).shapes;
function readingInputs(n) {
  return SHAPES.map((v) => v.prefix + v.unit.repeat(n) + v.suffix);
}

function raises(f) {
  try {
    f();
  } catch (e) {
    if (e instanceof URIError || e instanceof TypeError || e instanceof globalThis.URIError) return 1;
    throw e;
  }
  throw new Error('expected an error');
}

const policy = Policy.preset('public');
const expandVars = (n) => Object.fromEntries(Array.from({ length: n }, (_, k) => [`v${k}`, 'é/']));

/** [name, input of size n, operation, 1x n] */
const entries = [
  // Not an entry point: n objects made by JavaScript itself (the share of
  // the ratio that is the engine's allocation, not the package).
  ['baseline-objects', (n) => n, (n) => Array.from({ length: n }, (_, i) => ({ uri: 'http://a.com/x', start: i, end: i + 14 })), 2_000],
  ['parse-pct', (n) => `http://a/${'%41'.repeat(n)}`, (s) => parse(s).path.length, 100_000],
  ['parse-invalid-late', (n) => `http://${'a.'.repeat(n)}/${'b/'.repeat(n)}[`, (s) => raises(() => parse(s)), 100_000],
  ['parse-iri', (n) => `http://é.example/${'é/'.repeat(n)}?${'ü'.repeat(n)}`, (s) => parse(s, { profile: 'iri' }).path.length, 50_000],
  ['resolve-dots', (n) => [`http://a/${'b/'.repeat(n)}`, `${'../'.repeat(n)}g`], ([b, r]) => resolve(b, r).length, 50_000],
  ['normalize', (n) => `HTTP://A.EXAMPLE/${'./%7e/../%2f/'.repeat(n)}`, (s) => normalize(s).length, 20_000],
  ['percent-encode', (n) => 'é /?#%'.repeat(n), (s) => encode(s, 'segment').length, 25_000],
  ['percent-decode', (n) => '%C3%A9%%4'.repeat(n), (s) => decode(s, { lossy: true }).length, 5_000],
  ['extract-many', (n) => 'e http://a.com/x u '.repeat(n), (s) => extract(s).length, 2_000],
  ['extract-non-ascii', (n) => 'é ü http://a.com/ü '.repeat(n), (s) => extract(s).length, 2_000],
  ['lint-dots', (n) => `http://a/${'./'.repeat(n)}`, (s) => lint(s).length, 5_000],
  ['lint-iri-mixed-scripts', (n) => `http://p${'аy'.repeat(n)}/`, (s) => lint(s, { iri: true }).length, 20_000],
  ['to-uri', (n) => `http://a/${'日本/'.repeat(n)}`, (s) => toURI(s).length, 30_000],
  ['template-expand', (n) => [new UriTemplate(Array.from({ length: n }, (_, k) => `{+v${k}}`).join('')), expandVars(n)], ([t, v]) => t.expand(v).length, 2_000],
  ['template-match', (n) => [new UriTemplate('{/p*}'), `/${'a/'.repeat(n)}`], ([t, u]) => t.match(u).p.length, 5_000],
  ['views-all', readingInputs, (l) => l.reduce((a, s) => a + views(s, { parsers: ['all'] }).findings.length, 0), 2_000],
  // Each parser alone, to tell which reading a high `views-all` comes from.
  ...VIEW_PARSERS.map((p) => [`views-${p}`, readingInputs, (l) => l.reduce((a, s) => a + views(s, { parsers: [p] }).findings.length, 0), 4_000]),
  ['guard-check', readingInputs, (l) => l.reduce((a, s) => a + (policy.check(s).allowed ? 1 : 0), 0), 4_000],
];

let sink = 0;
function best(f, x) {
  let min = Infinity;
  sink += f(x) ? 1 : 0; // warm-up: compiled, memory grown
  for (let i = 0; i < repeat; i++) {
    globalThis.gc?.();
    const t = now();
    const out = f(x);
    const d = now() - t;
    sink += out ? 1 : 0;
    if (d < min) min = d;
  }
  return min;
}

if (!globalThis.gc) console.error('note: run with node --expose-gc to collect before each timed run');
console.log(`| entry | 1x ms (${clock}) | 10x ms (${clock}) | ratio |`);
console.log('| --- | ---: | ---: | ---: |');
for (const [name, make, run, n] of entries) {
  if (only && !name.includes(only)) continue;
  const small = make(n);
  const large = make(10 * n);
  const t1 = best(run, small);
  const t10 = best(run, large);
  console.log(`| ${name} | ${t1.toFixed(3)} | ${t10.toFixed(3)} | ${(t10 / t1).toFixed(1)} |`);
}
if (sink === -1) console.log('');
