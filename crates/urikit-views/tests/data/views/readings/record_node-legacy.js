// No install: Node's own `url` module (run with the Node to record, v20 here):
//   node record_node-legacy.js
// Reads inputs.jsonl, writes node-legacy.jsonl: `require('url').parse(s)` of
// every input. Fields: scheme = `.protocol` without its ':', userinfo =
// `.auth`, host = `.hostname`, port = `.port`, path = `.pathname`, query =
// `.query` (a string: no parseQueryString), fragment = `.hash` without its
// '#'; null is absent. A throw is "Name: message" (`e.name`, `e.message`).
'use strict';
const fs = require('fs');
const path = require('path');
const url = require('url');

const dir = __dirname;
const inputs = fs.readFileSync(path.join(dir, 'inputs.jsonl'), 'utf8')
  .split('\n').filter((l) => l).map((l) => JSON.parse(l).input);
// url.parse warns (DEP0170) once on stderr; the warning is no reading.
process.removeAllListeners('warning');
process.on('warning', () => {});
const out = [JSON.stringify({ meta: {
  parser: 'node-legacy',
  library: `Node.js ${process.version} url.parse (lib/url.js)`,
  runtime: `Node.js ${process.version} (V8 ${process.versions.v8}, ada ${process.versions.ada}, ICU ${process.versions.icu}, Unicode ${process.versions.unicode})`,
} })];
for (const input of inputs) {
  const rec = { input };
  try {
    const u = url.parse(input);
    const put = (k, v) => { if (v !== null && v !== undefined) rec[k] = String(v); };
    put('scheme', u.protocol === null ? null : u.protocol.slice(0, -1));
    put('userinfo', u.auth);
    put('host', u.hostname);
    put('port', u.port);
    put('path', u.pathname);
    put('query', u.query);
    put('fragment', u.hash === null ? null : u.hash.slice(1));
  } catch (e) {
    rec.error = `${e.name}: ${e.message}`;
  }
  out.push(JSON.stringify(rec));
}
fs.writeFileSync(path.join(dir, 'node-legacy.jsonl'), out.join('\n') + '\n');
