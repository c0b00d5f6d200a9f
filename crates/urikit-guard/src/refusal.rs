//! Refusals: why the guard said no, as plain data.

use core::fmt;
use std::net::IpAddr;

macro_rules! kinds {
    ($($(#[$doc:meta])* $v:ident = $name:literal, $msg:literal;)*) => {
        /// Why a URL or an address was refused. The [`name`](RefusalKind::name)s
        /// are stable: the CLI's `--json`, the vector files and the Python
        /// and JavaScript faces use them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum RefusalKind {
            $($(#[$doc])* $v,)*
        }

        impl RefusalKind {
            /// Every kind.
            pub const ALL: &'static [RefusalKind] = &[$(RefusalKind::$v,)*];

            /// The stable kebab-case name.
            ///
            /// ```
            /// use urikit_guard::RefusalKind;
            /// assert_eq!(RefusalKind::DeniedAddress.name(), "denied-address");
            /// assert_eq!(RefusalKind::from_name("denied-address"), Some(RefusalKind::DeniedAddress));
            /// // As every named set of urikit (`urikit::names::Named`):
            /// use urikit::names::Named;
            /// assert_eq!(RefusalKind::parse_name("port"), Ok(RefusalKind::Port));
            /// assert_eq!(RefusalKind::parse_name("dns").unwrap_err().name(), "unknown-refusal-kind");
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(RefusalKind::$v => $name,)*
                }
            }

            /// The kind of a [`name`](RefusalKind::name).
            pub fn from_name(name: &str) -> Option<RefusalKind> {
                RefusalKind::ALL.iter().copied().find(|k| k.name() == name)
            }

            fn message(self) -> &'static str {
                match self {
                    $(RefusalKind::$v => $msg,)*
                }
            }
        }

        // The one mechanism for names (urikit::names): the faces list and
        // parse the kinds as they do every named set.
        urikit::impl_named!(
            RefusalKind,
            "refusal kind",
            "unknown-refusal-kind",
            [$(RefusalKind::$v),*]
        );
    };
}

kinds! {
    /// The scheme is not one the policy allows.
    Scheme = "scheme", "scheme not allowed";
    /// The port is not one the policy allows.
    Port = "port", "port not allowed";
    /// The host is denied by name: a deny rule, a name that always means
    /// this machine or a cloud metadata service, a private-use name.
    DeniedHost = "denied-host", "host denied";
    /// The host is, or resolves to, an address in a denied range.
    DeniedAddress = "denied-address", "address denied";
    /// An allow-list policy that does not list the host.
    NotAllowed = "not-allowed", "host not on the allow list";
    /// The strict RFC 3986 reading and the client's reading differ on the
    /// host or the port (the detail names the finding's kind).
    Disagreement = "disagreement", "readings disagree on the host or port";
    /// The client cannot read the URL, or it has no host.
    Unparsable = "unparsable", "url not readable";
    /// The host name could not be resolved (or resolved to nothing).
    ResolveFailed = "resolve-failed", "host not resolved";
    /// A redirect chain longer than the policy's hop limit.
    TooManyRedirects = "too-many-redirects", "too many redirects";
}

impl fmt::Display for RefusalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A refusal: the kind, the host as the client read it, the address when
/// there is one, and a lower-case detail.
///
/// ```
/// use urikit_guard::{Client, Guard, RefusalKind};
/// let r = Guard::default().check("http://0x7f.1/").unwrap_err();
/// assert_eq!(r.kind, RefusalKind::DeniedAddress);
/// assert_eq!(r.host.as_deref(), Some("127.0.0.1"));
/// assert_eq!(r.to_string(), "address denied: 127.0.0.1 is in 127.0.0.0/8 (loopback, RFC 1122)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why.
    pub kind: RefusalKind,
    /// The host as the client read it (brackets removed from IPv6), if the
    /// client read one.
    pub host: Option<String>,
    /// The address refused, or the host's address when it is an IP.
    pub address: Option<IpAddr>,
    /// What exactly: the range and its RFC, the rule, the finding.
    pub detail: String,
}

impl Refusal {
    pub(crate) fn new(kind: RefusalKind, host: Option<&str>, detail: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            host: host.map(str::to_string),
            address: None,
            detail: detail.into(),
        }
    }

    pub(crate) fn at(mut self, address: Option<IpAddr>) -> Refusal {
        self.address = address;
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.message())?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for Refusal {}
