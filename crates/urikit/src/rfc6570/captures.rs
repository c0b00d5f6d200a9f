//! The result of a match.

use alloc::string::String;
use alloc::vec::Vec;

use super::value::{Value, VarValue, Vars};

/// The variables of a match, in the order they were read.
///
/// ```
/// use urikit::rfc6570::Template;
/// let t = Template::parse("/{a}/{b}")?;
/// let c = t.matches("/x/y")?.unwrap();
/// assert_eq!(c.iter().map(|(n, _)| n).collect::<Vec<_>>(), ["a", "b"]);
/// // Captures are variables: expanding them gives the URI back.
/// assert_eq!(t.expand(&c)?, "/x/y");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures<'t> {
    pub(crate) vars: Vec<(&'t str, VarValue)>,
    /// Query parameters the template does not name (lenient modes).
    pub(crate) rest: Vec<(String, String)>,
    pub(crate) hazards: Vec<Hazard<'t>>,
}

/// What makes a decoded path value a hazard (see [`Hazard`]).
///
/// ```
/// use urikit::rfc6570::HazardKind;
/// assert_eq!(HazardKind::DotSegment.name(), "dot-segment");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HazardKind {
    /// A `/` or `\` in the value of one segment (`%2F` decoded).
    SeparatorInSegment,
    /// A value of one segment that is `.` or `..`, or a `..` segment in
    /// a `{+x}` value.
    DotSegment,
}

impl HazardKind {
    /// A stable kebab-case name.
    ///
    /// ```
    /// use urikit::rfc6570::HazardKind;
    /// assert_eq!(HazardKind::SeparatorInSegment.name(), "separator-in-segment");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HazardKind::SeparatorInSegment => "separator-in-segment",
            HazardKind::DotSegment => "dot-segment",
        }
    }

    /// The lower-case description used in messages.
    ///
    /// ```
    /// assert!(urikit::rfc6570::HazardKind::DotSegment.message().contains("dot"));
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            HazardKind::SeparatorInSegment => "decoded path value holds a path separator",
            HazardKind::DotSegment => "decoded path value is or holds a dot segment",
        }
    }
}

/// A path variable whose decoded value could walk out of a directory if
/// used as a file name: reported, never dropped or altered.
///
/// ```
/// use urikit::rfc6570::{HazardKind, Template};
/// let c = Template::parse("/f/{name}")?.matches("/f/%2E%2E")?.unwrap();
/// assert_eq!(c.get_str("name"), Some(".."));
/// let h = c.hazards()[0];
/// assert_eq!((h.name(), h.kind()), ("name", HazardKind::DotSegment));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hazard<'t> {
    pub(crate) name: &'t str,
    pub(crate) kind: HazardKind,
}

impl<'t> Hazard<'t> {
    /// The variable.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("/{a}")?.matches("/a%2Fb")?.unwrap();
    /// assert_eq!(c.hazards()[0].name(), "a");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(&self) -> &'t str {
        self.name
    }

    /// Why.
    ///
    /// ```
    /// use urikit::rfc6570::HazardKind;
    /// let c = urikit::rfc6570::Template::parse("/{a}")?.matches("/a%2Fb")?.unwrap();
    /// assert_eq!(c.hazards()[0].kind(), HazardKind::SeparatorInSegment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self) -> HazardKind {
        self.kind
    }
}

impl<'t> Captures<'t> {
    /// The value of a variable.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("{/p*}")?.matches("/a/b")?.unwrap();
    /// assert_eq!(c.get("p").and_then(|v| v.as_list()).map(|l| l.len()), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&VarValue> {
        self.vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The value of a variable when it is a string.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("{x}")?.matches("a%2Fb")?.unwrap();
    /// assert_eq!(c.get_str("x"), Some("a/b"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_str(&self, name: &str) -> Option<&str> {
        self.get(name).and_then(VarValue::as_str)
    }

    /// The (name, value) pairs.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("{x}")?.matches("1")?.unwrap();
    /// assert_eq!(c.iter().count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&'t str, &VarValue)> + '_ {
        self.vars.iter().map(|(n, v)| (*n, v))
    }

    /// How many variables were defined.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("{?a,b}")?.matches("?a=1")?.unwrap();
    /// assert_eq!(c.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether no variable was defined.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("/x{?a}")?.matches("/x")?.unwrap();
    /// assert!(c.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The query parameters the template does not name, as written (name
    /// and value not decoded), in order: only the lenient modes match with
    /// such parameters.
    ///
    /// ```
    /// let m = urikit::rfc6570::Template::parse("/s{?q}")?.matcher()?.lenient();
    /// let c = m.matches("/s?utm=%41&q=1&x").unwrap();
    /// assert_eq!(c.rest(), [("utm".into(), "%41".into()), ("x".into(), String::new())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rest(&self) -> &[(String, String)] {
        &self.rest
    }

    /// The path variables whose decoded values could walk out of a
    /// directory (see [`Hazard`]), in every mode.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("/{a}/{b}")?.matches("/x/..")?.unwrap();
    /// assert_eq!(c.hazards().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hazards(&self) -> &[Hazard<'t>] {
        &self.hazards
    }

    /// The pairs, owned.
    ///
    /// ```
    /// let c = urikit::rfc6570::Template::parse("{x}")?.matches("1")?.unwrap();
    /// assert_eq!(c.into_vec()[0].0, "x");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_vec(self) -> Vec<(&'t str, VarValue)> {
        self.vars
    }
}

impl Vars for Captures<'_> {
    fn get(&self, name: &str) -> Value<'_> {
        match Captures::get(self, name) {
            Some(v) => super::ToValue::to_value(v),
            None => Value::Undefined,
        }
    }
}
