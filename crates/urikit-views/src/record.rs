//! The one serialized shape of a view, a finding and the views of one
//! input, for every face: the CLI's `--json`, Python's dicts and the npm
//! package's objects come from these `serde::Serialize` impls (feature
//! `serde`), and the Arrow structs take their field names from
//! [`VIEW_FIELDS`] and [`FINDING_FIELDS`]. A face that spells keys its own
//! way (JavaScript's camelCase) renames them, never reorders or drops them.
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use urikit_views::{Parser, compare};
//! let views = compare("http://a@b/", Parser::ALL[..2].iter().map(|p| (*p, p.read("http://a@b/").unwrap())).collect());
//! let json = serde_json::to_value(&views).unwrap();
//! assert_eq!(json["views"]["rfc3986"]["host"], "b");
//! assert_eq!(json["views"]["rfc3986"]["host_kind"], "reg-name");
//! # }
//! ```

#[cfg(feature = "serde")]
use serde::ser::{Serialize, SerializeMap, Serializer};

#[cfg(feature = "serde")]
use crate::{Finding, Parser, Reading, View, Views};

/// The keys of a view, in order: its components, then `host_kind` after
/// `host`. A parser that rejects the input has the one key `error`
/// instead ([`ERROR_FIELD`]).
///
/// ```
/// assert_eq!(urikit_views::record::VIEW_FIELDS[2..4], ["host", "host_kind"]);
/// ```
pub const VIEW_FIELDS: [&str; 8] = {
    // The core's component list, with `host_kind` inserted: no second
    // spelling of the components here.
    let all = urikit::Component::ALL;
    let mut out = [""; 8];
    let (mut i, mut j) = (0, 0);
    while i < all.len() {
        out[j] = all[i].name();
        j += 1;
        if matches!(all[i], urikit::Component::Host) {
            out[j] = "host_kind";
            j += 1;
        }
        i += 1;
    }
    out
};

/// The key of a parser's error message, in place of [`VIEW_FIELDS`].
pub const ERROR_FIELD: &str = "error";

/// The keys of a finding, in order.
pub const FINDING_FIELDS: [&str; 5] = ["kind", "component", "parsers", "values", "weight"];

/// The keys of the views of one input, in order.
pub const VIEWS_FIELDS: [&str; 3] = ["input", "views", "findings"];

#[cfg(feature = "serde")]
impl Serialize for View<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let values = [
            self.scheme.as_deref(),
            self.userinfo.as_deref(),
            self.host.as_deref(),
            self.host_kind,
            self.port.as_deref(),
            self.path.as_deref(),
            self.query.as_deref(),
            self.fragment.as_deref(),
        ];
        let mut m = s.serialize_map(Some(VIEW_FIELDS.len()))?;
        for (key, value) in VIEW_FIELDS.iter().zip(values) {
            m.serialize_entry(key, &value)?;
        }
        m.end()
    }
}

#[cfg(feature = "serde")]
impl Serialize for Finding {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [kind, component, parsers, values, weight] = FINDING_FIELDS;
        let mut m = s.serialize_map(Some(FINDING_FIELDS.len()))?;
        m.serialize_entry(kind, self.kind.name())?;
        m.serialize_entry(component, self.component)?;
        m.serialize_entry(parsers, &Names(&self.parsers))?;
        m.serialize_entry(values, &self.values)?;
        m.serialize_entry(weight, self.weight.name())?;
        m.end()
    }
}

/// Parsers as their names.
#[cfg(feature = "serde")]
struct Names<'p>(&'p [Parser]);

#[cfg(feature = "serde")]
impl Serialize for Names<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|p| p.name()))
    }
}

/// The readings of one input as an object: each parser's name to its view,
/// or to `{"error": message}`.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use urikit_views::{Parser, Readings};
/// let readings = vec![(Parser::Rfc3986, Parser::Rfc3986.read("a b").unwrap())];
/// let json = serde_json::to_value(Readings(&readings)).unwrap();
/// assert!(json["rfc3986"]["error"].as_str().unwrap().contains("index 1"));
/// # }
/// ```
#[cfg(feature = "serde")]
pub struct Readings<'v, 'a>(pub &'v [(Parser, Reading<'a>)]);

#[cfg(feature = "serde")]
impl Serialize for Readings<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (parser, reading) in self.0 {
            match reading {
                Ok(v) => m.serialize_entry(parser.name(), v)?,
                Err(e) => m.serialize_entry(parser.name(), &ErrorOnly(e))?,
            }
        }
        m.end()
    }
}

#[cfg(feature = "serde")]
struct ErrorOnly<'e>(&'e str);

#[cfg(feature = "serde")]
impl Serialize for ErrorOnly<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(1))?;
        m.serialize_entry(ERROR_FIELD, self.0)?;
        m.end()
    }
}

#[cfg(feature = "serde")]
impl Serialize for Views<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [input, views, findings] = VIEWS_FIELDS;
        let mut m = s.serialize_map(Some(VIEWS_FIELDS.len()))?;
        m.serialize_entry(input, self.input)?;
        m.serialize_entry(views, &Readings(&self.views))?;
        m.serialize_entry(findings, &self.findings)?;
        m.end()
    }
}

/// The keys of a template match's hazard (`urikit::rfc6570::Hazard`), in
/// order: the variable's name, the hazard's kind and the kind's message
/// (`HazardKind::message`). Every face spells the variable `variable` (the
/// CLI's `var` is its old key, kept for one release beside it) and gives
/// all three.
pub const HAZARD_FIELDS: [&str; 3] = ["variable", "kind", "message"];

/// The one shape of a template match's hazard: `{"variable", "kind",
/// "message"}` ([`HAZARD_FIELDS`]).
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use urikit::rfc6570::{MatchMode, Matcher, Template};
/// use urikit_views::record::HazardRecord;
/// let m = Matcher::with_mode(Template::parse("/files/{name}")?, MatchMode::Lenient)?;
/// let c = m.matches("/files/..%2Fetc").unwrap();
/// let json = serde_json::to_value(HazardRecord(&c.hazards()[0])).unwrap();
/// assert_eq!(json, serde_json::json!({
///     "variable": "name",
///     "kind": "separator-in-segment",
///     "message": "decoded path value holds a path separator",
/// }));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
pub struct HazardRecord<'h, 't>(pub &'h urikit::rfc6570::Hazard<'t>);

#[cfg(feature = "serde")]
impl Serialize for HazardRecord<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [variable, kind, message] = HAZARD_FIELDS;
        let mut m = s.serialize_map(Some(HAZARD_FIELDS.len()))?;
        m.serialize_entry(variable, self.0.name())?;
        m.serialize_entry(kind, self.0.kind().name())?;
        m.serialize_entry(message, self.0.kind().message())?;
        m.end()
    }
}
