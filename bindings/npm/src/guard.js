// The `urikit/guard` entry: the SSRF guard of urikit-guard (docs/guard.md).
// Every verdict comes from the Rust crate, in the package's third
// WebAssembly module (guard-load.js): the policy and its file format, the
// URL read as the client reads it, the check of every resolved address.
// This file resolves names and connects (Node's dns, net and tls), and
// gives undici (Node's `fetch`) a dispatcher that connects only to
// addresses the guard checked.
import { wasm } from './guard-load.js';

/** The clients whose reading the guard checks (the core's names; not `curl`). */
export const GUARD_CLIENTS = Object.freeze(wasm.client_names());
/** The presets, by the core's names. */
export const GUARD_PRESETS = Object.freeze(wasm.preset_names());
/** Every refusal kind's stable name (an error's or a verdict's `reason`). */
export const REFUSAL_KINDS = Object.freeze(wasm.reason_kinds());

// Node's modules for the dispatcher; absent in a browser, where `check`
// still works.
const node =
  typeof process === 'object' && process.versions?.node
    ? { net: await import('node:net'), tls: await import('node:tls'), dns: await import('node:dns') }
    : null;

/**
 * A refusal by the guard: `reason` (a `REFUSAL_KINDS` name), `host` (as the
 * client read it), `address` (the refused address, when there is one) and
 * the core's lower-case `message`.
 */
export class GuardError extends Error {
  constructor(message, { reason, host = null, address = null } = {}) {
    super(message);
    this.name = 'GuardError';
    this.code = 'ERR_URIKIT_GUARD';
    this.reason = reason;
    this.host = host;
    this.address = address;
  }
}

/** A wasm GuardInputError as the Error a JavaScript caller expects. */
function inputError(e) {
  if (!(e instanceof wasm.GuardInputError)) return e;
  const err = e.kind === 'policy' ? new SyntaxError(e.message) : new TypeError(e.message);
  Object.assign(err, { kind: e.kind, line: e.line ?? null });
  e.free();
  return err;
}

function call(f) {
  try {
    return f();
  } catch (e) {
    throw inputError(e);
  }
}

/**
 * The verdict record: the crate's one record (`urikit_guard::Verdict`,
 * `{input, allowed, reason, message, detail, host, port, address,
 * addresses}`), the same as `uri guard --json` and Python's
 * `Verdict.to_dict()`.
 */
function verdict(json) {
  return JSON.parse(json);
}

/**
 * A guard policy: a preset (`Policy.preset(name)`) or a policy file's text
 * (`Policy.fromText(text)`, TOML, or JSON when it starts with `{`; the
 * keys of docs/guard.md). A bad text throws a SyntaxError whose message
 * names the key and the line (`line` also a property); an unknown name a
 * TypeError with the core's `kind` (`unknown-preset`, `unknown-client`).
 */
export class Policy {
  #inner;

  constructor(inner) {
    if (!(inner instanceof wasm.GuardPolicy)) {
      throw new TypeError('use Policy.preset(name) or Policy.fromText(text)');
    }
    this.#inner = inner;
  }

  /** The preset `name` with no rules of its own (default `public`). */
  static preset(name = 'public') {
    return new Policy(call(() => wasm.GuardPolicy.preset(String(name))));
  }

  /** A policy file's text, TOML or JSON. */
  static fromText(text) {
    return new Policy(call(() => wasm.GuardPolicy.from_text(String(text))));
  }

  /** The preset this policy refines. */
  get preset() {
    return this.#inner.preset_name();
  }

  /** The most redirects a request may follow (`max_redirects`). */
  get maxRedirects() {
    return this.#inner.max_redirects();
  }

  /**
   * The offline verdict on `url` (no lookup, no connection) as `client`
   * reads it (default `whatwg`: Node's `fetch`, undici, browsers):
   * `{input, allowed, reason, message, detail, host, port, address, addresses}`.
   * A name is allowed on its name alone: its addresses are checked where
   * the connection is made (`checkAddresses`, `guardDispatcher`).
   */
  check(url, { client = 'whatwg' } = {}) {
    return verdict(call(() => this.#inner.check(String(url), String(client))));
  }

  /** Redirect hop `hop` (1 for the first) to `url`: refused past `maxRedirects`, else `check`. */
  checkRedirect(url, hop, { client = 'whatwg' } = {}) {
    return verdict(call(() => this.#inner.check_redirect(String(url), hop >>> 0, String(client))));
  }

  /**
   * The verdict on connecting to `host` (as the client read it, IPv6
   * without brackets) at `port`, with the addresses the name resolved to:
   * the name rules, then every address (one denied address refuses the
   * name); an IP host is its own address. `addresses` of an allowed
   * verdict are the only ones to connect to.
   */
  checkAddresses(host, port, addresses, { client = 'whatwg' } = {}) {
    const list = JSON.stringify([...addresses].map(String));
    return verdict(call(() => this.#inner.check_addresses(String(host), port >>> 0, list, String(client))));
  }
}

let defaultPolicy;

/** `policy.check(url, {client})`, with the `public` preset when no policy is given. */
export function check(url, { client = 'whatwg', policy } = {}) {
  policy ??= defaultPolicy ??= Policy.preset('public');
  return policy.check(url, { client });
}

/** The GuardError of a refused verdict. */
export function guardError(v) {
  return new GuardError(v.message, { reason: v.reason, host: v.host, address: v.address });
}

function needNode(what) {
  if (!node) throw new TypeError(`${what} needs Node's net, tls and dns modules`);
}

/** One lookup of `host` by `lookup` (node:dns's signature, `{all: true}`): the addresses as strings. */
function resolveOnce(lookup, host) {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (err, found) => {
      if (err) return reject(err);
      const list = Array.isArray(found) ? found : [{ address: found }];
      resolve(list.map((a) => (typeof a === 'string' ? a : a.address)));
    });
  });
}

/**
 * An undici `connect` function (`new Agent({connect})`) that checks the
 * scheme, port and name rules (a denied name is never looked up), resolves
 * the host once (`lookup`: node:dns's `lookup` by default, called with
 * `{all: true}`), checks every address with `policy`, and
 * opens a TCP (or TLS, `servername` the host) connection to a checked
 * address only, trying them in order. A refusal is a GuardError passed to
 * undici (Node's `fetch` rejects with it as the `cause`).
 */
export function guardConnect(policy, { client = 'whatwg', lookup, timeout = 10_000, tls: tlsOptions = {} } = {}) {
  needNode('guardConnect');
  if (!(policy instanceof Policy)) throw new TypeError('guardConnect needs a Policy');
  lookup ??= node.dns.lookup;
  return function connect(opts, callback) {
    let called = false;
    const done = (err, socket) => {
      if (!called) {
        called = true;
        callback(err, socket);
      }
    };
    // undici gives the URL's hostname (WHATWG's reading; IPv6 without
    // brackets in the undici versions tested, removed here if not) and
    // port ('' for the scheme's default).
    const host = String(opts.hostname ?? '').replace(/^\[(.*)\]$/, '$1');
    const https = opts.protocol === 'https:';
    const port = Number(opts.port) || (https ? 443 : 80);
    const ip = node.net.isIP(host) !== 0;
    // The scheme, the port and the name rules before any lookup: a name
    // the policy denies is never sent to a resolver.
    const origin = `${opts.protocol}//${host.includes(':') ? `[${host}]` : host}:${port}/`;
    const first = policy.check(origin, { client });
    if (!first.allowed) return done(guardError(first));
    (ip ? Promise.resolve([host]) : resolveOnce(lookup, host)).then(
      (found) => {
        const v = policy.checkAddresses(host, port, found, { client });
        if (!v.allowed) return done(guardError(v));
        open(v.addresses, 0, null);
      },
      (err) => {
        // The crate's verdict on a name without an address (`resolve-failed`),
        // with the resolver's own message and error as the cause.
        const v = policy.checkAddresses(host, port, [], { client });
        const e = guardError({ ...v, message: `${v.message}: ${String(err?.message ?? err).toLowerCase()}` });
        e.cause = err;
        done(e);
      },
    );

    function open(addresses, i, last) {
      if (i >= addresses.length) return done(last ?? new Error('no address to connect to'));
      const address = addresses[i];
      // An address, never a name: net and tls connect without a lookup of
      // their own, so no second answer can switch where the bytes go.
      const socket = https
        ? node.tls.connect({
            ALPNProtocols: ['http/1.1'],
            ...tlsOptions,
            host: address,
            port,
            // The URL's host (not a Host header's name): the certificate
            // is verified against the name that was checked.
            servername: ip ? undefined : host,
          })
        : node.net.connect({ host: address, port });
      const timer = setTimeout(() => socket.destroy(new Error(`connect to ${address} port ${port} timed out`)), timeout);
      const fail = (err) => {
        clearTimeout(timer);
        socket.destroy();
        open(addresses, i + 1, err);
      };
      socket.once('error', fail);
      socket.once(https ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.removeListener('error', fail);
        socket.setNoDelay(true);
        done(null, socket);
      });
    }
  };
}

/** The URL of an undici dispatch: `origin` and `path` as WHATWG serialized them. */
function dispatchUrl(opts) {
  const origin = String(opts.origin ?? '').replace(/\/+$/, '');
  return origin + (opts.path ?? '/');
}

/** A refusal to an undici handler: the legacy `onError` or the new `onResponseError`. */
function refuse(handler, err) {
  if (typeof handler.onError === 'function') {
    handler.onError(err);
  } else if (typeof handler.onResponseError === 'function') {
    const controller = { aborted: true, paused: false, reason: err, abort() {}, pause() {}, resume() {} };
    handler.onResponseError(controller, err);
  } else {
    throw err;
  }
  return false;
}

/**
 * An undici dispatcher for `fetch(url, {dispatcher})` (Node's global
 * `fetch` or undici's) and undici's `request`: an instance of `Agent` (the
 * undici class, required: `import { Agent } from 'undici'`) whose every
 * request, every redirect hop among them, is checked with `policy`
 * (scheme, port, host rules, IP hosts; the URL as WHATWG serialized it)
 * before it is sent, and whose connections go through `guardConnect`
 * (`client`, `lookup`, `timeout`, `tls`). Other options go to the Agent.
 */
export function guardDispatcher(policy, { Agent, client = 'whatwg', lookup, timeout, tls, ...agentOptions } = {}) {
  needNode('guardDispatcher');
  if (!(policy instanceof Policy)) throw new TypeError('guardDispatcher needs a Policy');
  if (typeof Agent !== 'function') {
    throw new TypeError("guardDispatcher needs undici's Agent class: guardDispatcher(policy, { Agent })");
  }
  const connect = guardConnect(policy, { client, lookup, timeout, tls });
  class GuardAgent extends Agent {
    dispatch(opts, handler) {
      const v = policy.check(dispatchUrl(opts), { client });
      if (!v.allowed) return refuse(handler, guardError(v));
      return super.dispatch(opts, handler);
    }
  }
  return new GuardAgent({ ...agentOptions, connect });
}
