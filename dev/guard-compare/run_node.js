// Runs the vector files through the SSRF guards on npm, offline, and writes
// results/<package>.json (the shape of run_python.py's).
//
//   NODE_PATH=target/guard-compare/node/node_modules \
//     node --no-deprecation dev/guard-compare/run_node.js request-filtering-agent|ssrf-req-filter|ssrfcheck
//
// Nothing leaves the machine:
// - dns.lookup is replaced before any package is loaded: a host that could
//   be a DNS name answers a PUBLIC address (8.8.8.8, or 2001:4860:4860::8888
//   for family 6), a host that cannot (last label all digits, a colon)
//   fails with ENOTFOUND. Node never looks up an IP literal. So a guard
//   that refuses `localhost` only after resolving it lets it through here.
// - The TCP handle's connect (process.binding('tcp_wrap'), under net.Socket)
//   records the address and returns ECONNREFUSED: no connection is made.
//
// request-filtering-agent and ssrf-req-filter are http.Agent's that check
// at connect time: the URL goes through http.get / https.get (Node's WHATWG
// URL parser, as fetch-like clients read it) with the package's agent, chosen
// by the protocol the parser reads; ALLOWED means the socket tried to connect.
// ssrfcheck is a pure function: ALLOWED means isSSRFSafeURL(url) is true.
"use strict";
const fs = require("fs");
const path = require("path");
const dns = require("dns");
const http = require("http");
const https = require("https");

const PUBLIC_V4 = "8.8.8.8";
const PUBLIC_V6 = "2001:4860:4860::8888";
let lookups = [];
let connects = [];

function couldBeDnsName(host) {
  let h = host.endsWith(".") ? host.slice(0, -1) : host;
  if (!h || /[:\s%/\\@]/.test(h)) return false;
  const labels = h.split(".");
  return labels.every((l) => l.length > 0) && !/^[0-9]+$/.test(labels[labels.length - 1]);
}

dns.lookup = function (hostname, options, callback) {
  if (typeof options === "function") {
    callback = options;
    options = {};
  } else if (typeof options === "number") {
    options = { family: options };
  }
  options = options || {};
  lookups.push(hostname);
  process.nextTick(() => {
    if (!couldBeDnsName(hostname)) {
      const e = new Error(`getaddrinfo ENOTFOUND ${hostname} (offline stub)`);
      e.code = "ENOTFOUND";
      return callback(e);
    }
    const v6 = options.family === 6;
    const a = { address: v6 ? PUBLIC_V6 : PUBLIC_V4, family: v6 ? 6 : 4 };
    if (options.all) callback(null, [a]);
    else callback(null, a.address, a.family);
  });
};

const { TCP } = process.binding("tcp_wrap");
for (const m of ["connect", "connect6"]) {
  TCP.prototype[m] = function (_req, address) {
    connects.push(address);
    return -111; // UV_ECONNREFUSED: net.Socket reports the error, nothing is sent
  };
}

const HERE = __dirname;
const ROOT = path.resolve(HERE, "..", "..");
const VECTORS = path.join(ROOT, "crates", "urikit-guard", "tests", "data", "vectors");
const PICTURES = { "\u2401": "\x01", "\u241f": "\x1f", "\u2409": "\t", "\u240a": "\n", "\u240d": "\r", "\u2420": " " };

function load() {
  const out = {};
  for (const kind of ["refuse", "allow"]) {
    for (const name of fs.readdirSync(path.join(VECTORS, kind)).sort()) {
      if (!name.endsWith(".txt")) continue;
      const text = fs.readFileSync(path.join(VECTORS, kind, name), "utf8");
      out[`${kind}/${name}`] = text
        .split("\n")
        .filter((l) => l.trim() && !l.startsWith("#"))
        .map((l) => l.split("\t")[0])
        .map((u) => (name === "payloads-whitespace.txt" ? [...u].map((c) => PICTURES[c] ?? c).join("") : u));
    }
  }
  return out;
}

function whatwgHost(url) {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

// Whose error: the two agents' own messages say "blocked" / "is not allowed"
// (ssrf-req-filter throws from createConnection, inside http.get).
function who(e) {
  return /is blocked|is not allowed/.test(e.message) ? "guard" : "client";
}

// Fetch with an agent; resolve when the request ends one way or another.
function viaAgent(url, agentFor) {
  return new Promise((resolve) => {
    let protocol = null;
    try {
      protocol = new URL(url).protocol;
    } catch {}
    const mod = protocol === "https:" ? https : http;
    const done = (reason) => resolve(reason);
    let req;
    try {
      req = mod.get(url, { agent: agentFor(protocol === "https:"), timeout: 2000 }, (res) => {
        res.resume();
        done(null);
      });
    } catch (e) {
      return done(`${who(e)}: ${e.code || e.name}: ${e.message}`);
    }
    req.on("error", (e) => done(`${who(e)}: ${e.message}`));
    req.on("timeout", () => {
      req.destroy(new Error("timeout"));
    });
  });
}

const PACKAGES = {
  "request-filtering-agent": {
    api: "http(s).get(url, {agent: new RequestFilteringHttp(s)Agent()}) (checks the IP host in createConnection, a name's answers in the lookup it wraps)",
    run(url) {
      const { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } = require("request-filtering-agent");
      return viaAgent(url, (tls) => (tls ? new RequestFilteringHttpsAgent() : new RequestFilteringHttpAgent()));
    },
  },
  "ssrf-req-filter": {
    api: "http(s).get(url, {agent: requestFilterHandler(new http(s).Agent())}) (checks the IP host in createConnection, a name's answer on the socket's lookup event)",
    run(url) {
      const { requestFilterHandler } = require("ssrf-req-filter");
      return viaAgent(url, (tls) => requestFilterHandler(tls ? new https.Agent() : new http.Agent()));
    },
  },
  ssrfcheck: {
    api: "isSSRFSafeURL(url) with its default options (no DNS, no connection)",
    async run(url) {
      const { isSSRFSafeURL } = require("ssrfcheck");
      return isSSRFSafeURL(url) ? null : "guard: isSSRFSafeURL returned false";
    },
  },
};

// A package's version from its package.json (some packages do not export it).
function pkgVersion(n) {
  const dirs = (process.env.NODE_PATH || "").split(path.delimiter).filter(Boolean).concat(module.paths);
  for (const d of dirs) {
    try {
      return JSON.parse(fs.readFileSync(path.join(d, n, "package.json"), "utf8")).version;
    } catch {}
  }
  throw new Error(`no package.json for ${n}`);
}

// A results file, one verdict per line (vectors.py's dumps, the same text).
function dumps(r) {
  const { files, ...head } = r;
  const j = (x) => pyJson(x);
  const lines = [j(head).slice(0, -1) + ', "files": {'];
  const items = Object.entries(files);
  items.forEach(([rel, vs], i) => {
    lines.push(` ${j(rel)}: [`);
    vs.forEach((v, k) => lines.push("  " + j(v) + (k < vs.length - 1 ? "," : "")));
    lines.push(" ]" + (i < items.length - 1 ? "," : ""));
  });
  lines.push("}}");
  return lines.join("\n") + "\n";
}

// JSON as Python's json.dumps(ensure_ascii=False) writes it: ", " and ": ".
function pyJson(x) {
  if (Array.isArray(x)) return "[" + x.map(pyJson).join(", ") + "]";
  if (x && typeof x === "object") return "{" + Object.entries(x).map(([k, v]) => JSON.stringify(k) + ": " + pyJson(v)).join(", ") + "}";
  return JSON.stringify(x);
}

async function main() {
  const name = process.argv[2];
  const pkg = PACKAGES[name];
  if (!pkg) {
    console.error(`usage: run_node.js ${Object.keys(PACKAGES).join("|")}`);
    process.exit(2);
  }
  const started = Date.now();
  const files = {};
  for (const [rel, urls] of Object.entries(load())) {
    files[rel] = [];
    for (const url of urls) {
      lookups = [];
      connects = [];
      const reason = await pkg.run(url);
      const allowed = name === "ssrfcheck" ? reason === null : connects.length > 0;
      files[rel].push({
        input: url,
        allowed,
        reason: allowed ? null : reason || "client: no connection attempted",
        host: name === "ssrfcheck" ? whatwgHost(url) : lookups[0] ?? whatwgHost(url),
        addresses: [...new Set(connects)].sort(),
      });
    }
  }
  if (!files["allow/gsd-sample.txt"].some((v) => v.allowed)) {
    console.error(`${name}: every public URL refused; first reason: ${files["allow/gsd-sample.txt"][0].reason}`);
    process.exit(1);
  }
  const version = pkgVersion(name);
  const out = {
    package: name,
    ecosystem: "npm",
    version,
    client: name === "ssrfcheck" ? "none (a check function)" : `Node ${process.version} http/https`,
    api: pkg.api,
    runtime: `Node ${process.version}`,
    dependencies: name === "ssrfcheck" ? {} : { "ipaddr.js": pkgVersion("ipaddr.js") },
    offline: "dns.lookup stubbed (names answer 8.8.8.8), TCP connect recorded and refused: see run_node.js",
    seconds: Math.round((Date.now() - started) / 100) / 10,
    files,
  };
  fs.mkdirSync(path.join(HERE, "results"), { recursive: true });
  fs.writeFileSync(path.join(HERE, "results", `${name}.json`), dumps(out));
  for (const [rel, vs] of Object.entries(files)) {
    const n = vs.filter((v) => v.allowed).length;
    console.log(`${name} ${rel}: ${vs.length - n} refused, ${n} let through`);
  }
}

main();
