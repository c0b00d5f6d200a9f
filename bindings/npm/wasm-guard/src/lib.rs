//! The npm package's third WebAssembly module (`urikit/guard`): the SSRF
//! guard of `urikit-guard` (its policy, the URL read as the client reads
//! it, the verdict on the addresses JavaScript resolved). A module of its
//! own because the main module's size budget has no room for the guard's
//! WHATWG reading, the views it compares and the public suffix list: who
//! never imports `urikit/guard` never loads them.
//!
//! The JavaScript side (`src/guard.js`) resolves names (`node:dns`) and
//! connects (`node:net`, `node:tls`); this module only judges, with the
//! crate's own rules, so every face gives the same verdicts.
#![warn(missing_docs)]

use std::cell::RefCell;
use std::io;
use std::net::IpAddr;

use urikit::names::Named;
use urikit_guard::{Client, Guard, Policy, Preset, RefusalKind, Resolver, Verdict};
use wasm_bindgen::prelude::*;

/// The clients this module reads as: every client of `urikit-guard` this
/// build has (not `curl`: libcurl's C code has no WebAssembly build).
///
/// ```
/// let names = urikit_wasm_guard::client_names();
/// assert_eq!(names[0], "whatwg");
/// assert!(!names.iter().any(|n| n == "curl"));
/// ```
#[wasm_bindgen]
pub fn client_names() -> Vec<String> {
    Client::ALL
        .iter()
        .filter(|c| c.is_available())
        .map(|c| c.name().to_owned())
        .collect()
}

/// The presets, by the core's names (`public`, `private`, `allow-list`).
#[wasm_bindgen]
pub fn preset_names() -> Vec<String> {
    Preset::names().map(str::to_owned).collect()
}

/// Every refusal kind's stable name, in the core's order.
#[wasm_bindgen]
pub fn reason_kinds() -> Vec<String> {
    RefusalKind::ALL
        .iter()
        .map(|k| k.name().to_owned())
        .collect()
}

/// Why a policy or a client name was refused: the JavaScript side throws
/// it as an Error (`TypeError` for a name) with these as properties.
#[wasm_bindgen(getter_with_clone)]
pub struct GuardInputError {
    /// The core's message: `policy line 4: key ...` for a policy text,
    /// `unknown client 'x' (expected ...)` for a name.
    pub message: String,
    /// `policy`, or the name set's error (`unknown-client`,
    /// `unknown-preset`, `client-not-built`).
    pub kind: String,
    /// The policy text's line (1-based), when the format gives one.
    pub line: Option<u32>,
}

fn unknown(e: urikit::names::UnknownName) -> GuardInputError {
    GuardInputError {
        message: e.to_string(),
        kind: e.name().into(),
        line: None,
    }
}

/// A client by name (the core's names only: the library names `fetch`,
/// `requests` are the Rust API's convenience).
fn client_of(name: &str) -> Result<Client, GuardInputError> {
    let c = Client::parse_name(name).map_err(unknown)?;
    if !c.is_available() {
        return Err(GuardInputError {
            message: format!(
                "the client '{name}' is libcurl's own C code, which no WebAssembly build has (uri guard has it)"
            ),
            kind: "client-not-built".into(),
            line: None,
        });
    }
    Ok(c)
}

/// The addresses JavaScript resolved, handed to the guard as its resolver
/// (so the name rules and the check of every address are the crate's own
/// `Guard::resolve_host`).
struct Given(Vec<String>);

impl Resolver for Given {
    fn resolve(&self, _host: &str, _port: u16) -> io::Result<Vec<IpAddr>> {
        self.0
            .iter()
            .map(|a| {
                // A zone (`fe80::1%eth0`) is not part of the address.
                let bare = a.split('%').next().unwrap_or(a);
                bare.parse::<IpAddr>().map_err(|_| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("`{a}` is not an address"),
                    )
                })
            })
            .collect()
    }
}

/// A policy and the guards made from it, one per client asked for.
#[wasm_bindgen]
pub struct GuardPolicy {
    policy: Policy,
    guards: RefCell<Vec<Guard>>,
}

/// The crate's one verdict record (`urikit_guard::Verdict::FIELDS`), as
/// the CLI's `--json` and Python's `Verdict.to_dict()` write it.
fn record(v: &Verdict) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

impl GuardPolicy {
    fn new(policy: Policy) -> GuardPolicy {
        GuardPolicy {
            policy,
            guards: RefCell::new(Vec::new()),
        }
    }

    fn guard(&self, client: &str) -> Result<Guard, GuardInputError> {
        let c = client_of(client)?;
        let mut guards = self.guards.borrow_mut();
        if let Some(g) = guards.iter().find(|g| g.client() == c) {
            return Ok(g.clone());
        }
        let g = Guard::new(self.policy.clone(), c);
        guards.push(g.clone());
        Ok(g)
    }
}

#[wasm_bindgen]
impl GuardPolicy {
    /// A preset by its name (`public`, `private`, `allow-list`).
    ///
    /// ```
    /// use urikit_wasm_guard::GuardPolicy;
    /// let p = GuardPolicy::preset("private").ok().unwrap();
    /// assert!(p.check("http://10.0.0.1/", "whatwg").ok().unwrap().contains(r#""allowed":true"#));
    /// assert_eq!(GuardPolicy::preset("open").err().unwrap().kind, "unknown-preset");
    /// ```
    pub fn preset(name: &str) -> Result<GuardPolicy, GuardInputError> {
        Ok(GuardPolicy::new(Policy::preset(
            Preset::parse_name(name).map_err(unknown)?,
        )))
    }

    /// A policy file's text: JSON when it starts with `{`, else TOML; the
    /// crate's errors, naming the key and the line.
    ///
    /// ```
    /// use urikit_wasm_guard::GuardPolicy;
    /// let e = GuardPolicy::from_text("{\n\"prest\": 1}").err().unwrap();
    /// assert_eq!((e.kind.as_str(), e.line), ("policy", Some(2)));
    /// ```
    pub fn from_text(text: &str) -> Result<GuardPolicy, GuardInputError> {
        Policy::from_text(text)
            .map(GuardPolicy::new)
            .map_err(|e| GuardInputError {
                message: e.to_string(),
                kind: "policy".into(),
                line: e.line.map(|l| l as u32),
            })
    }

    /// The preset's name.
    pub fn preset_name(&self) -> String {
        self.policy.preset.name().into()
    }

    /// The most redirects a request may follow.
    pub fn max_redirects(&self) -> u32 {
        self.policy.max_redirects.min(u32::MAX as usize) as u32
    }

    /// The offline verdict on `url` as `client` reads it, as JSON:
    /// the crate's verdict record (`urikit_guard::Verdict::FIELDS`).
    ///
    /// ```
    /// use urikit_wasm_guard::GuardPolicy;
    /// let p = GuardPolicy::preset("public").ok().unwrap();
    /// let v = p.check("http://0x7f.1/", "whatwg").ok().unwrap();
    /// assert!(v.contains(r#""reason":"denied-address""#) && v.contains(r#""host":"127.0.0.1""#));
    /// ```
    pub fn check(&self, url: &str, client: &str) -> Result<String, GuardInputError> {
        let g = self.guard(client)?;
        Ok(record(&Verdict::new(url, g.check(url))))
    }

    /// Redirect hop number `hop` (1 for the first) to `url`: refused past
    /// the policy's `max_redirects`, else [`check`](GuardPolicy::check).
    pub fn check_redirect(
        &self,
        url: &str,
        hop: u32,
        client: &str,
    ) -> Result<String, GuardInputError> {
        let g = self.guard(client)?;
        match g.check_redirect(url, hop as usize) {
            Ok(_) => self.check(url, client),
            Err(r) => Ok(record(&Verdict::new(url, Err(r)))),
        }
    }

    /// The verdict on connecting to `host` (as the client read it) at
    /// `port`, given the addresses JavaScript resolved for it (a JSON
    /// array of strings; ignored for an IP host, which is its own
    /// address): the name rules, then every address. JSON as
    /// [`check`](GuardPolicy::check); `addresses` are those allowed.
    ///
    /// ```
    /// use urikit_wasm_guard::GuardPolicy;
    /// let p = GuardPolicy::preset("public").ok().unwrap();
    /// let v = p.check_addresses("a.example", 80, r#"["93.184.215.14","10.0.0.1"]"#, "whatwg").ok().unwrap();
    /// assert!(v.contains(r#""address":"10.0.0.1""#));
    /// ```
    pub fn check_addresses(
        &self,
        host: &str,
        port: u16,
        addresses: &str,
        client: &str,
    ) -> Result<String, GuardInputError> {
        let given: Vec<String> = serde_json::from_str(addresses).unwrap_or_default();
        let g = self.guard(client)?.with_resolver(Given(given));
        let v = match g.resolve_host(host, port) {
            Ok(a) => Verdict {
                input: host.to_string(),
                allowed: true,
                reason: None,
                host: Some(host.to_string()),
                port: Some(port),
                addresses: a.iter().map(|a| a.ip()).collect(),
            },
            Err(r) => Verdict::new(host, Err(r)),
        };
        Ok(record(&v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> serde_json::Value {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn names_are_the_cores() {
        assert!(!client_names().iter().any(|n| n == "curl"));
        assert_eq!(client_names().len(), Client::ALL.len() - 1);
        assert_eq!(preset_names(), ["public", "private", "allow-list"]);
        assert!(reason_kinds().iter().any(|k| k == "denied-address"));
        assert_eq!(client_of("curl").err().unwrap().kind, "client-not-built");
        assert_eq!(client_of("fetch").err().unwrap().kind, "unknown-client");
    }

    #[test]
    fn checks() {
        let p = GuardPolicy::preset("public").ok().unwrap();
        let r = v(&p.check("http://0x7f.1/", "whatwg").ok().unwrap());
        assert_eq!(r["reason"], "denied-address");
        assert_eq!(r["host"], "127.0.0.1");
        let r = v(&p
            .check_addresses("a.example", 80, r#"["93.184.215.14","10.0.0.1"]"#, "whatwg")
            .ok()
            .unwrap());
        assert_eq!(
            (r["reason"].as_str(), r["address"].as_str()),
            (Some("denied-address"), Some("10.0.0.1"))
        );
        let r = v(&p
            .check_addresses("a.example", 80, "[]", "whatwg")
            .ok()
            .unwrap());
        assert_eq!(r["reason"], "resolve-failed");
        let e = GuardPolicy::from_text("preset = \"public\"\nports = [80, \"x\"]\n")
            .err()
            .unwrap();
        assert_eq!((e.kind.as_str(), e.line), ("policy", Some(2)));
    }
}
