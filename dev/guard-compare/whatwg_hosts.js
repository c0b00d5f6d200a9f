// How Node's WHATWG URL parser (the reading of fetch/undici and of
// http.get with a string) reads each input: one JSON string per stdin line,
// one JSON object per stdout line {input, ok, protocol, hostname, port}.
// make_vectors.py uses it to check that every refuse line's host, as a
// WHATWG client reads it, is in a denied range or is a denied name.
"use strict";
const lines = require("fs").readFileSync(0, "utf8").split("\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const input = JSON.parse(line);
  try {
    const u = new URL(input);
    out.push({ input, ok: true, protocol: u.protocol, hostname: u.hostname, port: u.port });
  } catch (e) {
    out.push({ input, ok: false });
  }
}
process.stdout.write(out.map((o) => JSON.stringify(o)).join("\n") + "\n");
