// Install (outside the repo, e.g. in the workspace's target/):
//   npm install --prefix ../../../../../target/npm fast-uri@4.2.4
//   NODE_PATH=../../../../../target/npm/node_modules node record_fast-uri.js
// Reads inputs.jsonl, writes fast-uri.jsonl: fast-uri's `parse(s)` (default
// options) of every input. Fields: scheme, userinfo, host, port (as a
// string), path, query, fragment as `parse` returns them; undefined is
// absent. `.error` set is an error, its message recorded; a throw is
// "Name: message".
'use strict';
const fs = require('fs');
const path = require('path');
const fastUri = require('fast-uri');
const version = require('fast-uri/package.json').version;

const dir = __dirname;
const inputs = fs.readFileSync(path.join(dir, 'inputs.jsonl'), 'utf8')
  .split('\n').filter((l) => l).map((l) => JSON.parse(l).input);
const out = [JSON.stringify({ meta: {
  parser: 'fast-uri',
  library: `fast-uri ${version} (npm)`,
  runtime: `Node.js ${process.version}`,
} })];
for (const input of inputs) {
  const rec = { input };
  try {
    const u = fastUri.parse(input);
    if (u.error) {
      rec.error = u.error;
    } else {
      const put = (k, v) => { if (v !== null && v !== undefined) rec[k] = String(v); };
      put('scheme', u.scheme);
      put('userinfo', u.userinfo);
      put('host', u.host);
      put('port', u.port);
      put('path', u.path);
      put('query', u.query);
      put('fragment', u.fragment);
    }
  } catch (e) {
    rec.error = `${e.name}: ${e.message}`;
  }
  out.push(JSON.stringify(rec));
}
fs.writeFileSync(path.join(dir, 'fast-uri.jsonl'), out.join('\n') + '\n');
