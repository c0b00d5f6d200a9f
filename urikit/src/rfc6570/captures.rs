//! The result of a match.

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
