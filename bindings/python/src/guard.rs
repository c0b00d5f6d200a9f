//! `urikit.guard`'s native half: the SSRF guard of `urikit-guard` (policy,
//! client reading, address checks) as `Policy`, `Guard`, `Verdict` and
//! `GuardError`. No policy logic lives here: every decision is the crate's;
//! this layer only moves strings and addresses across. The httpx transport
//! and the requests adapter (python/urikit/guard/) resolve names in Python
//! and hand the addresses to `Guard.check_host`.

use std::io;
use std::net::IpAddr;
use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use urikit::names::Named;
use urikit_guard::{Checked, Client, Guard, Policy, Preset, Refusal, RefusalKind, Resolver};

use crate::errors::{INVALID_POLICY, Name, Text, URIError, uri_error};

pyo3::create_exception!(
    urikit.guard,
    GuardError,
    URIError,
    "A request the guard refused.\n\n\
     A ``URIError`` with ``reason`` (the stable kind name, one of\n\
     ``urikit.guard.REASONS``; also its ``kind``), ``host`` (the host as\n\
     the client read it, or ``None``), ``address`` (the refused address as\n\
     text, or ``None``), ``detail`` (what exactly: the range and its RFC,\n\
     the rule) and ``url``.\n\n\
     >>> from urikit.guard import Guard, GuardError\n\
     >>> try:\n\
     ...     Guard().check('http://0x7f.1/').raise_for_refusal()\n\
     ... except GuardError as e:\n\
     ...     print(e.reason, e.host, e.address)\n\
     denied-address 127.0.0.1 127.0.0.1\n"
);

pyo3::create_exception!(
    urikit.guard,
    PolicyError,
    URIError,
    "A policy text or file that could not be read.\n\n\
     A ``URIError`` (kind ``'invalid-policy'``) with ``line`` (1-based, or\n\
     ``None``); the message names the key, as the Rust loader words it.\n\n\
     >>> from urikit.guard import Policy, PolicyError\n\
     >>> try:\n\
     ...     Policy.from_text('preset = \"public\"\\nports = [80, \"x\"]\\n')\n\
     ... except PolicyError as e:\n\
     ...     print(e.line, 'ports' in str(e))\n\
     2 True\n"
);

/// The refusal kinds' stable names, from the crate.
pub fn reason_names() -> Vec<&'static str> {
    RefusalKind::ALL.iter().map(|k| k.name()).collect()
}

fn policy_error(py: Python<'_>, e: urikit_guard::PolicyError) -> PyErr {
    let err = PolicyError::new_err(e.to_string());
    let value = err.value(py);
    let set = value
        .setattr("index", None::<usize>)
        .and_then(|()| value.setattr("kind", INVALID_POLICY))
        .and_then(|()| value.setattr("component", None::<&str>))
        .and_then(|()| value.setattr("line", e.line));
    match set {
        Ok(()) => err,
        Err(e) => e,
    }
}

fn unknown_name(py: Python<'_>, e: urikit::names::UnknownName) -> PyErr {
    uri_error(py, e.to_string(), None, e.name(), None)
}

/// A guard policy: the preset and the rules of ``urikit-guard`` (see
/// docs/guard.md for the keys). ``Policy()`` is the default (``public``:
/// the public internet only); ``Policy('private')``, ``Policy('allow-list')``
/// the other presets (``urikit.guard.PRESETS``); ``Policy.from_file`` and
/// ``Policy.from_text`` read TOML or JSON with the Rust loader's errors.
///
/// >>> from urikit.guard import Policy
/// >>> Policy().preset, Policy('private').preset
/// ('public', 'private')
/// >>> p = Policy.from_text('preset = "allow-list"\n[allow]\nhosts = ["api.example.com"]\n')
/// >>> p.preset, p.max_redirects
/// ('allow-list', 10)
#[pyclass(frozen, module = "urikit.guard", name = "Policy")]
#[derive(Clone)]
pub struct PyPolicy(pub Policy);

#[pymethods]
impl PyPolicy {
    #[new]
    #[pyo3(signature = (preset = Name::Default("public")), text_signature = "(preset='public')")]
    fn new(py: Python<'_>, preset: Name) -> PyResult<PyPolicy> {
        let p = Preset::parse_name(&preset).map_err(|e| unknown_name(py, e))?;
        Ok(PyPolicy(Policy::preset(p)))
    }

    /// A policy from TOML, or JSON when the text starts with ``{``.
    ///
    /// >>> Policy.from_text('{"preset": "private"}').preset
    /// 'private'
    #[staticmethod]
    fn from_text(py: Python<'_>, text: Text) -> PyResult<PyPolicy> {
        Policy::from_text(&text)
            .map(PyPolicy)
            .map_err(|e| policy_error(py, e))
    }

    /// A policy file (TOML, or JSON when it starts with ``{``); an
    /// unreadable file is an ``OSError``.
    ///
    /// >>> import tempfile, os
    /// >>> with tempfile.NamedTemporaryFile('w', suffix='.toml', delete=False) as f:
    /// ...     _ = f.write('max_redirects = 3\n')
    /// >>> Policy.from_file(f.name).max_redirects
    /// 3
    /// >>> os.unlink(f.name)
    #[staticmethod]
    fn from_file(py: Python<'_>, path: PathBuf) -> PyResult<PyPolicy> {
        let text = std::fs::read_to_string(&path)?;
        Policy::from_text(&text)
            .map(PyPolicy)
            .map_err(|e| policy_error(py, e))
    }

    /// The preset's name.
    ///
    /// >>> Policy('allow-list').preset
    /// 'allow-list'
    #[getter]
    fn preset(&self) -> &'static str {
        self.0.preset.name()
    }

    /// The most redirects a request may follow (give it to the client:
    /// ``httpx.Client(max_redirects=...)``, ``Session.max_redirects``).
    ///
    /// >>> Policy().max_redirects
    /// 10
    #[getter]
    fn max_redirects(&self) -> usize {
        self.0.max_redirects
    }

    fn __repr__(&self) -> String {
        format!("Policy({:?})", self.0.preset.name())
    }
}

/// A verdict on one URL (or host): ``allowed``, ``reason`` (``None`` or one
/// of ``urikit.guard.REASONS``), ``detail``, ``host`` as the client read it,
/// ``port``, and ``addresses``: the checked addresses when allowed (connect
/// to these only; empty from the offline ``check`` of a name), the refused
/// one when refused for an address.
///
/// >>> from urikit.guard import Guard
/// >>> v = Guard().check('http://[::ffff:169.254.169.254]/')  # WHATWG writes the host in hex
/// >>> v.allowed, v.reason, v.host, v.addresses
/// (False, 'denied-address', '::ffff:a9fe:a9fe', ['::ffff:169.254.169.254'])
#[pyclass(frozen, module = "urikit.guard", name = "Verdict")]
pub struct PyVerdict(urikit_guard::Verdict);

#[pymethods]
impl PyVerdict {
    /// The URL (or host) checked.
    #[getter]
    fn input(&self) -> &str {
        &self.0.input
    }

    /// Whether it may be fetched.
    #[getter]
    fn allowed(&self) -> bool {
        self.0.allowed
    }

    /// The refusal kind's name (one of ``urikit.guard.REASONS``), or None.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.0.reason.as_ref().map(|r| r.kind.name())
    }

    /// The refusal as the crate words it (``GuardError``'s message), or None.
    #[getter]
    fn message(&self) -> Option<String> {
        self.0.reason.as_ref().map(|r| r.to_string())
    }

    /// What exactly: the range and its RFC, the rule, the finding; or None.
    #[getter]
    fn detail(&self) -> Option<&str> {
        self.0.reason.as_ref().map(|r| r.detail.as_str())
    }

    /// The host as the client read it.
    #[getter]
    fn host(&self) -> Option<&str> {
        self.0.host.as_deref()
    }

    /// The port (the scheme's default when the URL has none); None when
    /// refused.
    #[getter]
    fn port(&self) -> Option<u16> {
        self.0.port
    }

    /// The refused address, or None.
    #[getter]
    fn address(&self) -> Option<String> {
        self.0
            .reason
            .as_ref()
            .and_then(|r| r.address)
            .map(|a| a.to_string())
    }

    /// The addresses, as text.
    #[getter]
    fn addresses(&self) -> Vec<String> {
        self.0.addresses.iter().map(IpAddr::to_string).collect()
    }

    /// The verdict as the one record every face writes (the keys of
    /// ``uri guard --json`` and of the JavaScript ``check()``, in order).
    ///
    /// >>> list(Guard().check('http://0x7f.1/').to_dict())
    /// ['input', 'allowed', 'reason', 'message', 'detail', 'host', 'port', 'address', 'addresses']
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::record::to_py(py, &self.0)
    }

    /// Raise ``GuardError`` when refused; else return ``None``.
    ///
    /// >>> Guard().check('https://example.com/').raise_for_refusal()
    fn raise_for_refusal(&self, py: Python<'_>) -> PyResult<()> {
        let Some(r) = &self.0.reason else {
            return Ok(());
        };
        let reason = r.kind.name();
        let err = GuardError::new_err(format!("{r} ({reason}, {})", self.0.input));
        let value = err.value(py);
        let set = value
            .setattr("index", None::<usize>)
            .and_then(|()| value.setattr("kind", reason))
            .and_then(|()| value.setattr("component", None::<&str>))
            .and_then(|()| value.setattr("reason", reason))
            .and_then(|()| value.setattr("host", self.0.host.as_deref()))
            .and_then(|()| value.setattr("address", self.address()))
            .and_then(|()| value.setattr("detail", r.detail.as_str()))
            .and_then(|()| value.setattr("url", &self.0.input));
        Err(match set {
            Ok(()) => err,
            Err(e) => e,
        })
    }

    fn __repr__(&self) -> String {
        // Python's repr of the values: 'text' or None.
        let py =
            |v: Option<&str>| v.map_or("None".to_string(), |v| format!("{v:?}").replace('"', "'"));
        format!(
            "Verdict(allowed={}, reason={}, host={}, addresses={:?})",
            if self.0.allowed { "True" } else { "False" },
            py(self.reason()),
            py(self.0.host.as_deref()),
            self.addresses()
        )
        .replace('"', "'")
    }
}

fn verdict(input: &str, r: Result<Checked, Refusal>) -> PyVerdict {
    PyVerdict(urikit_guard::Verdict::new(input, r))
}

/// The addresses Python's resolver returned, given to the crate as its
/// resolver's answer: the crate checks every one.
struct Given(Vec<IpAddr>);

impl Resolver for Given {
    fn resolve(&self, _host: &str, _port: u16) -> io::Result<Vec<IpAddr>> {
        Ok(self.0.clone())
    }
}

/// A Python callable `(host, port) -> addresses` as the crate's resolver:
/// called once per `check_host`, only for a name the host rules let
/// through.
struct Callback(Py<PyAny>);

impl Resolver for Callback {
    fn resolve(&self, host: &str, port: u16) -> io::Result<Vec<IpAddr>> {
        Python::attach(|py| {
            let got = self
                .0
                .call1(py, (host, port))
                .and_then(|r| r.extract::<Vec<String>>(py))
                .map_err(|e| io::Error::other(format!("resolver: {e}")))?;
            got.iter()
                .map(|a| {
                    let ip = a.split('%').next().unwrap_or(a);
                    ip.parse::<IpAddr>().map_err(|_| {
                        io::Error::other(format!("resolver: `{a}` is not an ip address"))
                    })
                })
                .collect()
        })
    }
}

fn addresses(given: &[Text]) -> PyResult<Vec<IpAddr>> {
    given
        .iter()
        .enumerate()
        .map(|(i, a)| {
            // getaddrinfo writes an IPv6 scope (`fe80::1%eth0`): the
            // address is what is checked.
            let ip = a.split('%').next().unwrap_or(a);
            ip.parse::<IpAddr>().map_err(|_| {
                PyValueError::new_err(format!("addresses[{i}]: `{}` is not an ip address", &**a))
            })
        })
        .collect()
}

/// The guard: a ``Policy`` and the client whose reading of a URL counts
/// (``urikit.guard.CLIENTS``: ``'whatwg'`` by default, ``'httpx'`` for
/// httpx, ``'urllib3'`` for requests; also the library names
/// ``'requests'``, ``'aiohttp'``, ``'reqwest'``). It never looks a name up
/// itself: ``check`` is offline, and ``check_addresses`` / ``check_host``
/// check the addresses the caller resolved (the integrations in
/// ``urikit.guard.httpx`` and ``urikit.guard.requests`` do it per connection).
///
/// >>> from urikit.guard import Guard, Policy
/// >>> g = Guard(Policy(), client='httpx')
/// >>> g.check('https://example.com/').allowed
/// True
/// >>> g.check('http://metadata.google.internal./').reason
/// 'denied-host'
/// >>> g.check_addresses('http://rebind.example/', ['93.184.215.14', '127.0.0.1']).addresses
/// ['127.0.0.1']
#[pyclass(frozen, module = "urikit.guard", name = "Guard")]
pub struct PyGuard(Guard);

#[pymethods]
impl PyGuard {
    #[new]
    #[pyo3(signature = (policy = None, client = Name::Default("whatwg")), text_signature = "(policy=None, client='whatwg')")]
    fn new(py: Python<'_>, policy: Option<PyRef<'_, PyPolicy>>, client: Name) -> PyResult<PyGuard> {
        let c = match Client::from_name(&client) {
            Some(c) => c,
            None => return Err(unknown_name(py, Client::parse_name(&client).unwrap_err())),
        };
        if !c.is_available() {
            return Err(uri_error(
                py,
                format!("client `{}` is not in this build", c.name()),
                None,
                <Client as Named>::UNKNOWN,
                None,
            ));
        }
        let policy = policy.map(|p| p.0.clone()).unwrap_or_default();
        Ok(PyGuard(Guard::new(policy, c)))
    }

    /// The policy.
    ///
    /// >>> Guard().policy.preset
    /// 'public'
    #[getter]
    fn policy(&self) -> PyPolicy {
        PyPolicy(self.0.policy().clone())
    }

    /// The client's name.
    ///
    /// >>> Guard(client='requests').client
    /// 'urllib3'
    #[getter]
    fn client(&self) -> &'static str {
        self.0.client().name()
    }

    /// The offline verdict on a URL: scheme, port, the host as the client
    /// reads it, the address of an IP host (or a number form), and the
    /// agreement of the strict RFC 3986 reading with the client's. A name
    /// is allowed on its name alone here (``addresses`` empty).
    ///
    /// >>> v = Guard(client='urllib3').check('http://0177.0.0.1/')
    /// >>> v.reason, v.host, v.addresses
    /// ('denied-address', '0177.0.0.1', ['127.0.0.1'])
    fn check(&self, py: Python<'_>, url: Text) -> PyVerdict {
        py.detach(|| verdict(&url, self.0.check(&url)))
    }

    /// ``check`` and then, for a name, every address in ``addresses`` (what
    /// the caller's own lookup of the URL's host returned): one denied
    /// address refuses the whole name, an empty list is
    /// ``'resolve-failed'``. An IP host is checked by its own address.
    /// When allowed, ``addresses`` are the ones to connect to.
    ///
    /// >>> Guard().check_addresses('http://example.com/', ['10.0.0.7']).reason
    /// 'denied-address'
    /// >>> Guard().check_addresses('http://example.com/', ['93.184.215.14']).addresses
    /// ['93.184.215.14']
    fn check_addresses(
        &self,
        py: Python<'_>,
        url: Text,
        addresses: Vec<Text>,
    ) -> PyResult<PyVerdict> {
        let ips = self::addresses(&addresses)?;
        let g = self.0.clone().with_resolver(Given(ips));
        Ok(py.detach(|| verdict(&url, g.check_addresses(&url))))
    }

    /// Check the host a client is about to connect to, with the port: the
    /// host rules (names that always mean this machine, the deny and allow
    /// lists), then for a name ONE call of ``resolver(host, port)`` (a
    /// sequence of addresses as text; an exception is ``'resolve-failed'``)
    /// and every address it returned. An IP host (or a number form the
    /// client's resolver reads as one) is checked without a lookup. What a
    /// network backend calls with the host it was handed; connect only to
    /// the ``addresses`` of an allowed verdict.
    ///
    /// >>> Guard().check_host('localhost', 80, lambda h, p: ['127.0.0.1']).reason
    /// 'denied-host'
    /// >>> Guard().check_host('2606:4700::1111', 443, lambda h, p: []).addresses
    /// ['2606:4700::1111']
    /// >>> Guard().check_host('rebind.example', 80, lambda h, p: ['93.184.215.14']).addresses
    /// ['93.184.215.14']
    fn check_host(&self, py: Python<'_>, host: Text, port: u16, resolver: Py<PyAny>) -> PyVerdict {
        let g = self.0.clone().with_resolver(Callback(resolver));
        let host: &str = &host;
        let r = py.detach(|| g.resolve_host(host, port));
        verdict(
            host,
            r.map(|a| Checked {
                scheme: String::new(),
                host: host.to_string(),
                port,
                addresses: a,
            }),
        )
    }

    /// The verdict on redirect hop ``hop`` (1 for the first) to
    /// ``location``: ``'too-many-redirects'`` past the policy's
    /// ``max_redirects``, else ``check(location)``.
    ///
    /// >>> Guard().check_redirect('http://example.org/', 11).reason
    /// 'too-many-redirects'
    fn check_redirect(&self, py: Python<'_>, location: Text, hop: usize) -> PyVerdict {
        py.detach(|| verdict(&location, self.0.check_redirect(&location, hop)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Guard(Policy({:?}), client={:?})",
            self.0.policy().preset.name(),
            self.0.client().name()
        )
    }
}

/// Add the guard's classes, exceptions and name tuples to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GuardError", py.get_type::<GuardError>())?;
    m.add("PolicyError", py.get_type::<PolicyError>())?;
    m.add_class::<PyPolicy>()?;
    m.add_class::<PyGuard>()?;
    m.add_class::<PyVerdict>()?;
    // The names come from the crate's sets: Python keeps no list of its own.
    let clients: Vec<&str> = <Client as Named>::ALL
        .iter()
        .filter(|c| c.is_available())
        .map(|c| c.name())
        .collect();
    m.add("GUARD_CLIENTS", PyTuple::new(py, clients)?)?;
    m.add(
        "GUARD_PRESETS",
        PyTuple::new(py, Preset::names().collect::<Vec<_>>())?,
    )?;
    m.add("GUARD_REASONS", PyTuple::new(py, reason_names())?)?;
    Ok(())
}
