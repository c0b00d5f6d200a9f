// The offline check of urikit/guard, one call per URL (default policy,
// WHATWG reading): `node bench/guard.mjs FILE` (one URL a line), CPU
// time, median of 5 passes.
import { readFileSync } from 'node:fs';
import { Policy } from '../src/guard.js';
const urls = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
const p = Policy.preset('public');
const runs = [];
let refused = 0;
for (let r = 0; r < 5; r++) {
  const t = process.cpuUsage();
  refused = 0;
  for (const u of urls) if (!p.check(u).allowed) refused++;
  const d = process.cpuUsage(t);
  runs.push(((d.user + d.system) * 1000) / urls.length);
}
runs.sort((a, b) => a - b);
console.log(`${urls.length} urls, ${refused} refused, median ${runs[2].toFixed(0)} ns per check (runs ${runs.map((x) => x.toFixed(0)).join(' ')})`);
