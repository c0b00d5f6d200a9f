import { readFileSync } from 'node:fs';
import { wasm } from '../src/load.js';
const urls = readFileSync('/work/shared/corpus/gsd-urls.txt', 'utf8').split('\n').filter(Boolean);
const text = urls.join('\n'); const n = urls.length;
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) * 1000; };
const ts = [];
for (let r = 0; r < 9; r++) { const t = cpu(); wasm.parse_lines(text, 0); ts.push((cpu() - t) / n); }
ts.sort((a, b) => a - b); console.log('wasm parse_lines median', ts[4].toFixed(0));
