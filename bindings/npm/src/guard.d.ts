// `urikit/guard`: the SSRF guard of urikit-guard (the package's third
// WebAssembly module). The name unions below are checked against the
// module's own lists (the core's Named sets) by test/guard.test.js.

/** The clients whose reading the guard checks (the core's names; `curl` is not in the WebAssembly build). */
export type GuardClient = 'whatwg' | 'urllib3' | 'httpx' | 'yarl' | 'rfc3986';
/** The presets (docs/guard.md, "Presets"). */
export type GuardPreset = 'public' | 'private' | 'allow-list';
/** Why the guard refused. */
export type RefusalKind =
  | 'scheme'
  | 'port'
  | 'denied-host'
  | 'denied-address'
  | 'not-allowed'
  | 'disagreement'
  | 'unparsable'
  | 'resolve-failed'
  | 'too-many-redirects';

/** The clients, in the core's order. */
export declare const GUARD_CLIENTS: readonly GuardClient[];
/** The presets, in the core's order. */
export declare const GUARD_PRESETS: readonly GuardPreset[];
/** Every refusal kind, in the core's order. */
export declare const REFUSAL_KINDS: readonly RefusalKind[];

/** A verdict: allowed, or refused with a reason. */
export interface GuardVerdict {
  /** The URL (or, from `checkAddresses`, the host) checked. */
  input: string;
  allowed: boolean;
  /** The refusal kind; `null` when allowed. */
  reason: RefusalKind | null;
  /** The refusal as the core words it (lower case: the kind's words, then the detail); `null` when allowed. */
  message: string | null;
  /** What exactly: the range and its RFC, the rule, the finding; `null` when allowed. */
  detail: string | null;
  /** The host as the client read it (IPv6 without brackets), when it read one. */
  host: string | null;
  /** The refused address, when the refusal is about one. */
  address: string | null;
  /** The port (the scheme's default when the URL has none); `null` when refused. */
  port: number | null;
  /** Allowed: the addresses checked (to connect to); refused: the refused address, if any. */
  addresses: string[];
}

/** Options of the checks. */
export interface CheckOptions {
  /** Whose reading counts (default `whatwg`: Node's `fetch`, undici, browsers). */
  client?: GuardClient;
}

/**
 * A guard policy: a preset or a policy file's text (TOML, or JSON when it
 * starts with `{`). A bad text throws a SyntaxError naming the key and the
 * line (`line`, `kind: 'policy'`); an unknown name a TypeError with the
 * core's `kind` (`unknown-preset`, `unknown-client`, `client-not-built`).
 */
export declare class Policy {
  private constructor();
  static preset(name?: GuardPreset): Policy;
  static fromText(text: string): Policy;
  readonly preset: GuardPreset;
  readonly maxRedirects: number;
  /** The offline verdict (no lookup, no connection). */
  check(url: string, options?: CheckOptions): GuardVerdict;
  /** Redirect hop `hop` (1 for the first): refused past `maxRedirects`, else `check`. */
  checkRedirect(url: string, hop: number, options?: CheckOptions): GuardVerdict;
  /** The name rules and every address the host resolved to (an IP host is its own address). */
  checkAddresses(host: string, port: number, addresses: Iterable<string>, options?: CheckOptions): GuardVerdict;
}

/** `policy.check(url, {client})`, the `public` preset when no policy is given. */
export declare function check(url: string, options?: CheckOptions & { policy?: Policy }): GuardVerdict;

/** A refusal: the kind, the host as the client read it, the refused address. */
export declare class GuardError extends Error {
  constructor(message: string, fields?: { reason?: RefusalKind; host?: string | null; address?: string | null });
  readonly code: 'ERR_URIKIT_GUARD';
  reason: RefusalKind;
  host: string | null;
  address: string | null;
}

/** The GuardError of a refused verdict. */
export declare function guardError(verdict: GuardVerdict): GuardError;

/** node:dns's `lookup` as the guard calls it (`{all: true}`). */
export type GuardLookup = (
  hostname: string,
  options: { all: true },
  callback: (err: Error | null, addresses: Array<{ address: string; family?: number }> | string[]) => void,
) => void;

/** Options of `guardConnect`. */
export interface GuardConnectOptions extends CheckOptions {
  /** The one lookup per connection (default node:dns's `lookup`). */
  lookup?: GuardLookup;
  /** Milliseconds to connect to one address (default 10000). */
  timeout?: number;
  /** More options for `tls.connect` (`ca`, `rejectUnauthorized`, ...); `host`, `port` and `servername` are the guard's. */
  tls?: Record<string, unknown>;
}

/** undici's connector options, as far as the guard reads them. */
export interface ConnectorOptions {
  hostname: string;
  protocol: string;
  port: string | number;
  servername?: string | null;
}

/** An undici `connect` function that connects only to checked addresses. */
export declare function guardConnect(
  policy: Policy,
  options?: GuardConnectOptions,
): (options: ConnectorOptions, callback: (err: Error | null, socket: unknown) => void) => void;

/**
 * An instance of the `Agent` given (undici's class) whose every request and
 * redirect hop is checked, and whose connections go through `guardConnect`.
 */
export declare function guardDispatcher<A>(
  policy: Policy,
  options: GuardConnectOptions & { Agent: new (options: { connect: unknown } & Record<string, unknown>) => A } & Record<
      string,
      unknown
    >,
): A;
