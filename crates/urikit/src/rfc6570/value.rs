//! Variable values (section 2.3): strings, lists and associative arrays,
//! with "undefined" kept apart from "empty", and the [`Vars`] trait through
//! which expansion looks variables up.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::fmt;

/// The value of a variable, borrowed for one expansion.
///
/// `Undefined`, an empty list and an empty associative array are all
/// "undefined" to expansion (2.3); an empty string is defined.
///
/// ```
/// use urikit::rfc6570::{Template, Value};
/// let t = Template::parse("{?a,b,c}")?;
/// let vars = [("a", Value::Str("")), ("b", Value::Undefined), ("c", Value::Display(&42))];
/// assert_eq!(t.expand(&vars[..])?, "?a=&c=42");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub enum Value<'a> {
    /// No value: the variable is skipped.
    Undefined,
    /// A string.
    Str(&'a str),
    /// A string given by its `Display` form, such as a number. Forms up to
    /// 64 bytes are written on the stack; longer ones allocate once.
    Display(&'a dyn fmt::Display),
    /// A list of values (members that are lists or arrays themselves are an
    /// expansion error, undefined members are skipped).
    List(&'a dyn List),
    /// An associative array of (name, value) pairs.
    Assoc(&'a dyn Assoc),
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Undefined => f.write_str("Undefined"),
            Value::Str(s) => f.debug_tuple("Str").field(s).finish(),
            Value::Display(d) => f
                .debug_tuple("Display")
                .field(&format_args!("{d}"))
                .finish(),
            Value::List(_) => f.write_str("List(..)"),
            Value::Assoc(_) => f.write_str("Assoc(..)"),
        }
    }
}

/// Stops a walk over a list or an array early; give it back with `?` from
/// the callbacks of [`List::each`] and [`Assoc::each`].
///
/// ```
/// use urikit::rfc6570::{Halt, List, Value};
/// struct Three;
/// impl List for Three {
///     fn is_empty(&self) -> bool { false }
///     fn each(&self, f: &mut dyn FnMut(Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
///         for s in ["a", "b", "c"] {
///             f(Value::Str(s))?;
///         }
///         Ok(())
///     }
/// }
/// let t = urikit::rfc6570::Template::parse("{/x*}")?;
/// assert_eq!(t.expand(&[("x", Value::List(&Three))][..])?, "/a/b/c");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Halt(pub(crate) crate::rfc6570::ExpandErrorKind);

/// A list value, walked by expansion without allocating.
///
/// ```
/// use urikit::rfc6570::{List, Value};
/// let v: Vec<&str> = vec!["a", "b"];
/// assert!(!List::is_empty(&v));
/// ```
pub trait List {
    /// Whether the list has no members (then it counts as undefined).
    fn is_empty(&self) -> bool;
    /// Calls `f` with each member in order, stopping at the first `Err`.
    fn each(&self, f: &mut dyn FnMut(Value<'_>) -> Result<(), Halt>) -> Result<(), Halt>;
}

/// An associative array value, walked by expansion without allocating.
///
/// ```
/// use std::collections::BTreeMap;
/// use urikit::rfc6570::Assoc;
/// let m: BTreeMap<&str, &str> = [("k", "v")].into();
/// assert!(!Assoc::is_empty(&m));
/// ```
pub trait Assoc {
    /// Whether the array has no pairs (then it counts as undefined).
    fn is_empty(&self) -> bool;
    /// Calls `f` with each (name, value) pair in order, stopping at the
    /// first `Err`.
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt>;
}

/// Something that can be the value of a variable.
///
/// Implemented for strings, numbers, `bool`, `char`, lists (`Vec`, arrays
/// of values), maps (`BTreeMap`, `HashMap` with `std`),
/// [`Pairs`], `Option` (`None` is undefined), references and boxes.
///
/// ```
/// use urikit::rfc6570::{Template, ToValue, Value};
/// struct Celsius(f32);
/// impl ToValue for Celsius {
///     fn to_value(&self) -> Value<'_> { Value::Display(&self.0) }
/// }
/// let t = Template::parse("/t/{c}")?;
/// assert_eq!(t.expand(&[("c", Celsius(21.5))][..])?, "/t/21.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ToValue {
    /// This value, borrowed for expansion.
    fn to_value(&self) -> Value<'_>;
}

/// The variables of an expansion, looked up by name.
///
/// Implemented for maps (`BTreeMap`, `HashMap` with `std`), slices and
/// vectors of pairs, `serde_json::Value` objects (`serde` feature), match
/// results and references. A user's struct implements it by naming its
/// fields:
///
/// ```
/// use urikit::rfc6570::{Template, ToValue, Value, Vars};
/// struct Issue { owner: String, repo: String, labels: Vec<String> }
/// impl Vars for Issue {
///     fn get(&self, name: &str) -> Value<'_> {
///         match name {
///             "owner" => self.owner.to_value(),
///             "repo" => self.repo.to_value(),
///             "labels" => self.labels.to_value(),
///             _ => Value::Undefined,
///         }
///     }
/// }
/// let t = Template::parse("/repos/{owner}/{repo}/issues{?labels}")?;
/// let i = Issue { owner: "rust-lang".into(), repo: "rust".into(), labels: vec!["A-x".into(), "C-bug".into()] };
/// assert_eq!(t.expand(&i)?, "/repos/rust-lang/rust/issues?labels=A-x,C-bug");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Vars {
    /// The value of the variable `name` (as written in the template, with
    /// any triplets undecoded), or [`Value::Undefined`].
    fn get(&self, name: &str) -> Value<'_>;
}

impl<T: Vars + ?Sized> Vars for &T {
    fn get(&self, name: &str) -> Value<'_> {
        (**self).get(name)
    }
}

impl<K: Borrow<str> + Ord, V: ToValue> Vars for BTreeMap<K, V> {
    fn get(&self, name: &str) -> Value<'_> {
        BTreeMap::get(self, name).map_or(Value::Undefined, ToValue::to_value)
    }
}

#[cfg(feature = "std")]
impl<K, V, S> Vars for std::collections::HashMap<K, V, S>
where
    K: Borrow<str> + Eq + core::hash::Hash,
    V: ToValue,
    S: core::hash::BuildHasher,
{
    fn get(&self, name: &str) -> Value<'_> {
        std::collections::HashMap::get(self, name).map_or(Value::Undefined, ToValue::to_value)
    }
}

/// The first pair with that name wins.
impl<K: AsRef<str>, V: ToValue> Vars for [(K, V)] {
    fn get(&self, name: &str) -> Value<'_> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .map_or(Value::Undefined, |(_, v)| v.to_value())
    }
}

impl<K: AsRef<str>, V: ToValue, const N: usize> Vars for [(K, V); N] {
    fn get(&self, name: &str) -> Value<'_> {
        Vars::get(&self[..], name)
    }
}

impl<K: AsRef<str>, V: ToValue> Vars for Vec<(K, V)> {
    fn get(&self, name: &str) -> Value<'_> {
        Vars::get(&self[..], name)
    }
}

impl ToValue for Value<'_> {
    fn to_value(&self) -> Value<'_> {
        *self
    }
}

impl ToValue for str {
    fn to_value(&self) -> Value<'_> {
        Value::Str(self)
    }
}

impl ToValue for String {
    fn to_value(&self) -> Value<'_> {
        Value::Str(self)
    }
}

impl ToValue for Cow<'_, str> {
    fn to_value(&self) -> Value<'_> {
        Value::Str(self)
    }
}

impl<T: ToValue + ?Sized> ToValue for &T {
    fn to_value(&self) -> Value<'_> {
        (**self).to_value()
    }
}

impl<T: ToValue + ?Sized> ToValue for Box<T> {
    fn to_value(&self) -> Value<'_> {
        (**self).to_value()
    }
}

impl<T: ToValue> ToValue for Option<T> {
    fn to_value(&self) -> Value<'_> {
        self.as_ref().map_or(Value::Undefined, ToValue::to_value)
    }
}

macro_rules! display_values {
    ($($t:ty)*) => {$(
        impl ToValue for $t {
            fn to_value(&self) -> Value<'_> {
                Value::Display(self)
            }
        }
    )*};
}
display_values!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 bool char);

impl<T: ToValue> List for Vec<T> {
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    fn each(&self, f: &mut dyn FnMut(Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter().try_for_each(|v| f(v.to_value()))
    }
}

impl<T: ToValue, const N: usize> List for [T; N] {
    fn is_empty(&self) -> bool {
        N == 0
    }
    fn each(&self, f: &mut dyn FnMut(Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter().try_for_each(|v| f(v.to_value()))
    }
}

impl<T: ToValue> ToValue for Vec<T> {
    fn to_value(&self) -> Value<'_> {
        Value::List(self)
    }
}

impl<T: ToValue, const N: usize> ToValue for [T; N] {
    fn to_value(&self) -> Value<'_> {
        Value::List(self)
    }
}

impl<K: AsRef<str>, V: ToValue> Assoc for BTreeMap<K, V> {
    fn is_empty(&self) -> bool {
        BTreeMap::is_empty(self)
    }
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter()
            .try_for_each(|(k, v)| f(k.as_ref(), v.to_value()))
    }
}

impl<K: AsRef<str>, V: ToValue> ToValue for BTreeMap<K, V> {
    fn to_value(&self) -> Value<'_> {
        Value::Assoc(self)
    }
}

/// Pairs in the map's own (unspecified) order.
#[cfg(feature = "std")]
impl<K: AsRef<str>, V: ToValue, S> Assoc for std::collections::HashMap<K, V, S> {
    fn is_empty(&self) -> bool {
        std::collections::HashMap::is_empty(self)
    }
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter()
            .try_for_each(|(k, v)| f(k.as_ref(), v.to_value()))
    }
}

#[cfg(feature = "std")]
impl<K: AsRef<str>, V: ToValue, S> ToValue for std::collections::HashMap<K, V, S> {
    fn to_value(&self) -> Value<'_> {
        Value::Assoc(self)
    }
}

/// A slice of (name, value) pairs used as an associative array, in order.
///
/// ```
/// use urikit::rfc6570::{Pairs, Template};
/// let t = Template::parse("{?keys*}")?;
/// let keys = Pairs(&[("a", "1"), ("b", "2")]);
/// assert_eq!(t.expand(&[("keys", keys)][..])?, "?a=1&b=2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Pairs<'a, K, V>(pub &'a [(K, V)]);

impl<K: AsRef<str>, V: ToValue> Assoc for Pairs<'_, K, V> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.0
            .iter()
            .try_for_each(|(k, v)| f(k.as_ref(), v.to_value()))
    }
}

impl<K: AsRef<str>, V: ToValue> ToValue for Pairs<'_, K, V> {
    fn to_value(&self) -> Value<'_> {
        Value::Assoc(self)
    }
}

/// An owned value: what matching gives back, and a handy type for
/// building variables at run time.
///
/// ```
/// use urikit::rfc6570::{Template, VarValue};
/// let t = Template::parse("{/p*}")?;
/// let vars = [("p", VarValue::List(vec!["a".into(), "b c".into()]))];
/// assert_eq!(t.expand(&vars[..])?, "/a/b%20c");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VarValue {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array, in order.
    Assoc(Vec<(String, String)>),
}

impl VarValue {
    /// The string, when the value is one.
    ///
    /// ```
    /// use urikit::rfc6570::VarValue;
    /// assert_eq!(VarValue::String("x".into()).as_str(), Some("x"));
    /// assert_eq!(VarValue::List(vec![]).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            VarValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The list, when the value is one.
    ///
    /// ```
    /// use urikit::rfc6570::VarValue;
    /// let v = VarValue::List(vec!["a".into()]);
    /// assert_eq!(v.as_list(), Some(&["a".to_string()][..]));
    /// ```
    pub fn as_list(&self) -> Option<&[String]> {
        match self {
            VarValue::List(l) => Some(l),
            _ => None,
        }
    }
}

impl From<&str> for VarValue {
    fn from(s: &str) -> VarValue {
        VarValue::String(s.into())
    }
}

impl From<String> for VarValue {
    fn from(s: String) -> VarValue {
        VarValue::String(s)
    }
}

impl ToValue for VarValue {
    fn to_value(&self) -> Value<'_> {
        match self {
            VarValue::String(s) => Value::Str(s),
            VarValue::List(l) => Value::List(l),
            VarValue::Assoc(a) => Value::Assoc(a),
        }
    }
}

impl Assoc for Vec<(String, String)> {
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    fn each(&self, f: &mut dyn FnMut(&str, Value<'_>) -> Result<(), Halt>) -> Result<(), Halt> {
        self.iter().try_for_each(|(k, v)| f(k, Value::Str(v)))
    }
}
