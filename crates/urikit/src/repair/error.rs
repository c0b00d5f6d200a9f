//! Why a near-URI cannot be repaired.

use crate::names::kind_names;
use core::fmt;

/// What [`repair`](super::repair) cannot mend by percent-encoding: a
/// guess would be needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RepairErrorKind {
    /// A scheme that is not a letter followed by letters, digits, `+`, `-`
    /// and `.` (3.1): encoding it would make it part of a path.
    InvalidScheme,
    /// A host with a character a host cannot hold, even percent-encoded
    /// (a space, `%` without two hex digits, `<`, ...): which host was meant
    /// is a guess.
    InvalidHost,
    /// An IP literal (`[...]`) with no closing `]`.
    UnclosedIpLiteral,
    /// An IP literal that is neither IPv6 nor IPvFuture (3.2.2).
    InvalidIpLiteral,
    /// A port that is not digits, or text after an IP literal that is not a
    /// port.
    InvalidPort,
    /// The repaired text would be 4 GiB or longer ([`crate::MAX_LEN`]).
    TooLong,
}

kind_names! {
    /// A short stable name, suitable for machine output.
    ///
    /// ```
    /// assert_eq!(urikit::repair::RepairErrorKind::InvalidPort.name(), "invalid-port");
    /// ```
    RepairErrorKind {
        RepairErrorKind::InvalidScheme => "invalid-scheme",
        RepairErrorKind::InvalidHost => "invalid-host",
        RepairErrorKind::UnclosedIpLiteral => "unclosed-ip-literal",
        RepairErrorKind::InvalidIpLiteral => "invalid-ip-literal",
        RepairErrorKind::InvalidPort => "invalid-port",
        RepairErrorKind::TooLong => "too-long",
    }
}

impl fmt::Display for RepairErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RepairErrorKind::InvalidScheme => "invalid character in scheme (cannot be repaired)",
            RepairErrorKind::InvalidHost => {
                "invalid character in host (cannot be repaired without a guess)"
            }
            RepairErrorKind::UnclosedIpLiteral => "IP literal in host without closing ']'",
            RepairErrorKind::InvalidIpLiteral => "invalid IP literal in host",
            RepairErrorKind::InvalidPort => "invalid character in port",
            RepairErrorKind::TooLong => "repaired URI too long (4 GiB or more)",
        })
    }
}

/// A failed [`repair`](super::repair): the kind, and the byte index in the
/// input of the offending byte.
///
/// ```
/// let err = urikit::repair::repair("http://a:x/").unwrap_err();
/// assert_eq!(err.to_string(), "invalid character in port at index 9");
/// assert_eq!(err.name(), "invalid-port");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepairError {
    kind: RepairErrorKind,
    index: usize,
}

impl RepairError {
    #[cold]
    pub(crate) const fn at(index: usize, kind: RepairErrorKind) -> RepairError {
        RepairError { kind, index }
    }

    #[cold]
    pub(crate) const fn whole(kind: RepairErrorKind) -> RepairError {
        RepairError { kind, index: 0 }
    }

    /// Why the text cannot be repaired.
    pub const fn kind(&self) -> RepairErrorKind {
        self.kind
    }

    /// The byte index in the input of the offending byte (0 for
    /// [`TooLong`](RepairErrorKind::TooLong)).
    pub const fn index(&self) -> usize {
        self.index
    }

    /// The kind's stable name.
    pub const fn name(&self) -> &'static str {
        self.kind.name()
    }
}

impl fmt::Display for RepairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at index {}", self.kind, self.index)
    }
}

impl core::error::Error for RepairError {}
