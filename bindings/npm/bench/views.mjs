// Speed of `views` of urikit/views (the package's second module) over the
// gsd-urls corpus in Node: one call per URL, with all sixteen parsers it
// has (`all`), with each parser alone, and with the main module's `views`
// over its three for comparison. Usage: node bench/views.mjs [file]
// [--reps N] (default: gsd-urls.txt in $URIKIT_CORPUS, else in
// ../shared/corpus/ beside the checkout, else the sample in
// dev/testdata/corpus). Prints a Markdown table of the median of the
// repetitions, in CPU ns per call (user + system time of this process).
// A parser alone still pays the call's fixed costs (the WHATWG reading
// when `whatwg` is named, the JSON answer, the record's objects).
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import { views, VIEW_PARSERS } from '../src/views.js';
import { views as mainViews, VIEW_PARSERS as MAIN_PARSERS } from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const args = process.argv.slice(2);
const repsAt = args.indexOf('--reps');
const reps = repsAt >= 0 ? Number(args[repsAt + 1]) : 5;
const given = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--reps');
const corpora = [process.env.URIKIT_CORPUS, join(repo, '..', 'shared', 'corpus'), join(repo, 'dev', 'testdata', 'corpus')];
const file = given ?? corpora.filter(Boolean).map((d) => join(d, 'gsd-urls.txt')).find(existsSync);
const urls = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');

let sink = 0;
function run(f, parsers) {
  for (const u of urls) sink += f(u, { parsers }).findings.length;
}

function time(f, parsers) {
  const c0 = process.cpuUsage();
  run(f, parsers);
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / urls.length;
}

function median(f, parsers) {
  run(f, parsers);
  const ts = [];
  for (let i = 0; i < reps; i++) ts.push(time(f, parsers));
  ts.sort((a, b) => a - b);
  return ts[Math.floor(ts.length / 2)];
}

const rows = [
  ['urikit/views, all 16 parsers', views, ['all']],
  ['urikit/views, the default set', views, undefined],
  ['main module, its 3 parsers', mainViews, [...MAIN_PARSERS]],
  ...VIEW_PARSERS.map((p) => [`urikit/views, ${p} alone`, views, [p]]),
];
console.log(`# ${urls.length} URLs from ${file}; Node ${process.version}; CPU time, median of ${reps} runs after 1 warm-up run\n`);
console.log('| parsers | ns per call | calls per second |');
console.log('|---|---:|---:|');
for (const [name, f, parsers] of rows) {
  const ns = median(f, parsers);
  console.log(`| ${name} | ${ns.toFixed(0)} | ${Math.round(1e9 / ns).toLocaleString('en')} |`);
}
if (sink === 42) console.log('');
