// Install (outside the repo, e.g. in the workspace's target/):
//   npm install --prefix ../../../../../target/npm url-parse@1.5.10
//   NODE_PATH=../../../../../target/npm/node_modules node record_url-parse.js
// Reads inputs.jsonl, writes url-parse.jsonl: `new URLParse(s, {})` (an
// empty location: no base) of every input. url-parse gives '' for a part
// it has not: '' is absent. Fields: scheme = `.protocol` without its ':',
// userinfo = `.auth`, host = `.hostname`, port = `.port`, path =
// `.pathname`, query = `.query` without its '?', fragment = `.hash`
// without its '#'. A throw is "Name: message".
'use strict';
const fs = require('fs');
const path = require('path');
const URLParse = require('url-parse');
const version = require('url-parse/package.json').version;
const qsVersion = require('querystringify/package.json').version;
const rpVersion = require('requires-port/package.json').version;

const dir = __dirname;
const inputs = fs.readFileSync(path.join(dir, 'inputs.jsonl'), 'utf8')
  .split('\n').filter((l) => l).map((l) => JSON.parse(l).input);
const out = [JSON.stringify({ meta: {
  parser: 'url-parse',
  library: `url-parse ${version} (npm; requires-port ${rpVersion}, querystringify ${qsVersion})`,
  runtime: `Node.js ${process.version}`,
} })];
const strip = (v, c) => (v && v[0] === c ? v.slice(1) : v);
for (const input of inputs) {
  const rec = { input };
  try {
    const u = new URLParse(input, {});
    const put = (k, v) => { if (v) rec[k] = String(v); };
    put('scheme', u.protocol && u.protocol.slice(0, -1));
    put('userinfo', u.auth);
    put('host', u.hostname);
    put('port', u.port);
    put('path', u.pathname);
    if (u.query) rec.query = strip(u.query, '?');
    if (u.hash) rec.fragment = strip(u.hash, '#');
  } catch (e) {
    rec.error = `${e.name}: ${e.message}`;
  }
  out.push(JSON.stringify(rec));
}
fs.writeFileSync(path.join(dir, 'url-parse.jsonl'), out.join('\n') + '\n');
