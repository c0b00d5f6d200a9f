// Parse speed over the gsd-urls corpus, side by side in Node: urikit's
// batch parse (parseMany, parseBatch, parseLines, validateMany), single-call
// parse, fast-uri's parse, new URL() and URL.canParse(); and what one call
// across the WebAssembly boundary costs. Usage: node bench/parse.mjs [file] [--reps N]
// (default: gsd-urls.txt in $URIKIT_CORPUS, else in ../shared/corpus/
// beside the checkout, else the sample in dev/testdata/corpus). Prints a Markdown table of the median of
// the repetitions, in CPU ns per URL.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import fastUri from 'fast-uri';
import { parse, parseMany, parseBatch, parseLines, validateMany } from '../src/index.js';
import { wasm } from '../src/load.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const args = process.argv.slice(2);
const repsAt = args.indexOf('--reps');
const reps = repsAt >= 0 ? Number(args[repsAt + 1]) : 15;
const given = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--reps' && args[i - 1] !== '--case');
const corpora = [process.env.URIKIT_CORPUS, join(repo, '..', 'shared', 'corpus'), join(repo, 'dev', 'testdata', 'corpus')];
const file = given ?? corpora.filter(Boolean).map((d) => join(d, 'gsd-urls.txt')).find(existsSync);
const urls = readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
// The same URLs as one text, one per line, as a file holds them.
const text = urls.join('\n');

let sink = 0;
const cases = {
  'urikit parseMany (batch)': () => {
    const out = parseMany(urls);
    for (let i = 0; i < out.length; i++) sink += out[i].path?.length ?? 0;
  },
  'urikit parseBatch (batch: an array in, columns out)': () => {
    const batch = parseBatch(urls);
    for (let i = 0; i < batch.length; i++) sink += batch.component(i, 'path')?.length ?? 0;
  },
  'urikit parseLines (batch: the file\'s text in, columns out)': () => {
    const batch = parseLines(text);
    for (let i = 0; i < batch.length; i++) sink += batch.component(i, 'path')?.length ?? 0;
  },
  'urikit validateMany (batch, no components)': () => {
    sink += validateMany(urls, 'URI-reference')[0];
  },
  'urikit parse (one call per URL)': () => {
    for (const u of urls) {
      try {
        sink += parse(u).path.length;
      } catch {
        sink++;
      }
    }
  },
  'fast-uri parse': () => {
    for (const u of urls) sink += fastUri.parse(u).path?.length ?? 0;
  },
  'new URL()': () => {
    for (const u of urls) {
      try {
        sink += new URL(u).pathname.length;
      } catch {
        sink++;
      }
    }
  },
  'URL.canParse()': () => {
    for (const u of urls) sink += URL.canParse(u) ? 1 : 0;
  },
  'boundary: an empty wasm call (offsets_ptr)': () => {
    for (let i = 0; i < urls.length; i++) sink += wasm.offsets_ptr() & 1;
  },
  'boundary: urikit parse of an empty string, one call each (what a call costs beyond the parse)': () => {
    for (let i = 0; i < urls.length; i++) sink += parse('').path.length;
  },
};

// CPU time of this process (user + system), not wall time: on a shared
// machine the wall clock also counts the time other processes hold the
// CPU. (Node runs the benchmark on its main thread; the collector's
// helper threads are counted too.)
function time(f) {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / urls.length;
}

// Each case runs in a process of its own (this file again, with --case):
// in one process a case paid for the garbage the case before it left (the
// half-million ParsedURI objects of parseMany were collected during the
// next case's runs).
const one = args.indexOf('--case');
if (one >= 0) {
  const f = cases[args[one + 1]];
  for (let i = 0; i < 3; i++) f();
  const ts = [];
  for (let i = 0; i < reps; i++) ts.push(time(f));
  ts.sort((a, b) => a - b);
  console.log(ts[Math.floor(ts.length / 2)]);
  if (sink === 42) console.log('');
} else {
  const { execFileSync } = await import('node:child_process');
  const self = fileURLToPath(import.meta.url);
  console.log(`# ${urls.length} URLs from ${file}; Node ${process.version}; CPU time, median of ${reps} runs after 3 warm-up runs, each case in a process of its own\n`);
  console.log('| what | ns per URL | URLs per second |');
  console.log('|---|---:|---:|');
  for (const name of Object.keys(cases)) {
    const out = execFileSync(process.execPath, [self, file, '--reps', String(reps), '--case', name], { encoding: 'utf8' });
    const ns = Number(out.trim().split('\n')[0]);
    console.log(`| ${name} | ${ns.toFixed(0)} | ${(1e9 / ns / 1e6).toFixed(2)} M |`);
  }
}
