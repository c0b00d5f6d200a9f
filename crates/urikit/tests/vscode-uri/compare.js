// Runs the real vscode-uri (installed by `npm ci` from package-lock.json)
// over the inputs crates/urikit/tests/it/vscode.rs writes to standard input, one
// JSON array a line: ["file", path] for URI.file(path).toString() and
// ["fspath", uri] for URI.parse(uri).fsPath. One JSON line out per line in:
// {"ok": text} or {"error": message}.
//
// usage: node compare.js windows|unix
// vscode-uri reads process.platform once, when it is loaded: for
// "windows" the platform is set to win32 before it is required, so that it
// runs its own Windows code (backslashes as separators, in and out).
"use strict";
const platform = process.argv[2];
if (platform !== "windows" && platform !== "unix") {
  console.error("usage: node compare.js windows|unix");
  process.exit(2);
}
Object.defineProperty(process, "platform", {
  value: platform === "windows" ? "win32" : "linux",
});
const { URI } = require("vscode-uri");
const readline = require("readline");
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
rl.on("line", (line) => {
  const [op, input] = JSON.parse(line);
  let r;
  try {
    r = { ok: op === "file" ? URI.file(input).toString() : URI.parse(input).fsPath };
  } catch (e) {
    r = { error: String(e && e.message) };
  }
  out.push(JSON.stringify(r));
});
rl.on("close", () => {
  process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
});
