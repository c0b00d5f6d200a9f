//! # urikit-datafusion
//!
//! urikit's RFC 3986 URI functions as [Apache DataFusion](https://datafusion.apache.org)
//! scalar functions: `uri_parse`, `uri_host`, `uri_resolve`,
//! `uri_registrable_domain` and the rest (the table is in [`FUNCTIONS`]),
//! registered on a [`SessionContext`] with one call, [`register`].
//!
//! Each function is a thin layer over the [`urikit_arrow`] kernels, which
//! are loops over the [`urikit`] library: same answers, row by row.
//!
//! - Strings of all three Arrow types (`Utf8`, `LargeUtf8`, `Utf8View`)
//!   go in; string results come out in the same type.
//! - A NULL row gives NULL, and so does a row that is not a valid URI: the
//!   query goes on. `uri_parse` gives a struct that says where and why.
//! - A constant argument (a base URI, a parameter name) is parsed once per
//!   batch.
//! - `level` (`'string'`, `'syntax'` or `'scheme'`) and the `component` of
//!   `uri_encode` must be constants; a wrong one fails the query.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//! # let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
//! # rt.block_on(async {
//! let ctx = SessionContext::new();
//! urikit_datafusion::register(&ctx);
//! let df = ctx
//!     .sql("SELECT uri_host('http://www.example.com/a') AS h, uri_host('http://bad host/') AS bad")
//!     .await?;
//! let batches = df.collect().await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| www.example.com |     |"));
//! # Ok::<(), datafusion::error::DataFusionError>(())
//! # }).unwrap();
//! ```
#![warn(missing_docs)]

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, Datum, Scalar};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, plan_err, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility,
};
use datafusion::prelude::SessionContext;
use urikit_arrow::{EncodeSet, Level};

pub mod spark;

/// What a function computes: one per SQL name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Parse,
    Scheme,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
    Authority,
    IsValid,
    QueryParam,
    QueryParams,
    PathSegments,
    Resolve,
    MakeRelative,
    Normalize,
    Equivalent,
    Encode,
    Decode,
    RegistrableDomain,
    PublicSuffix,
    Surt,
    HostReversed,
    Extract,
    Lint,
    ToUri,
    ToIri,
    HostAscii,
    HostUnicode,
    Repair,
}

/// Every function: its SQL name, what it computes, how many string
/// arguments it takes (the fewest and the most), and what it returns.
///
/// | SQL | returns |
/// |---|---|
/// | `uri_parse(s)` | struct: `scheme`, `userinfo`, `host`, `host_kind`, `port`, `path`, `query`, `fragment` (strings), `valid` (boolean), `error_index` (UInt64), `error_kind` (string) |
/// | `uri_scheme(s)`, `uri_userinfo(s)`, `uri_host(s)`, `uri_path(s)`, `uri_query(s)`, `uri_fragment(s)`, `uri_authority(s)` | the component as written, NULL when absent |
/// | `uri_port(s)` | UInt16, NULL when absent, empty or above 65535 |
/// | `uri_is_valid(s)` | boolean |
/// | `uri_query_param(s, name)` | the first value of `name`, decoded |
/// | `uri_query_params(s)` | map of decoded keys to decoded values |
/// | `uri_path_segments(s)` | list of decoded segments |
/// | `uri_resolve(base, ref)`, `uri_make_relative(base, target)` | string |
/// | `uri_normalize(s [, level])` | string; `level` defaults to `'syntax'` |
/// | `uri_equivalent(a, b [, level])` | boolean; `level` defaults to `'syntax'` |
/// | `uri_encode(s, component)`, `uri_decode(s)` | string |
/// | `uri_registrable_domain(s)`, `uri_public_suffix(s)` | string, by the public suffix list of `psl` 2.1.247 |
/// | `uri_surt(s)`, `uri_host_reversed(s)` | string |
/// | `uri_extract(text)`, `uri_lint(s)` | list of strings |
/// | `uri_to_uri(iri)`, `uri_to_iri(uri)` | string: RFC 3987 3.1 and 3.2 |
/// | `uri_repair(s)` | string: the near-URI made valid by percent-encoding (`urikit::repair`), NULL when it cannot be repaired |
/// | `uri_host_ascii(s)`, `uri_host_unicode(s)` | string: the host by UTS #46 ToASCII / ToUnicode (IDNA); rows may be IRIs |
///
/// ```
/// assert!(urikit_datafusion::FUNCTIONS.iter().any(|f| f.0 == "uri_registrable_domain"));
/// ```
pub const FUNCTIONS: &[(&str, usize, usize)] = &[
    ("uri_parse", 1, 1),
    ("uri_scheme", 1, 1),
    ("uri_userinfo", 1, 1),
    ("uri_host", 1, 1),
    ("uri_port", 1, 1),
    ("uri_path", 1, 1),
    ("uri_query", 1, 1),
    ("uri_fragment", 1, 1),
    ("uri_authority", 1, 1),
    ("uri_is_valid", 1, 1),
    ("uri_query_param", 2, 2),
    ("uri_query_params", 1, 1),
    ("uri_path_segments", 1, 1),
    ("uri_resolve", 2, 2),
    ("uri_make_relative", 2, 2),
    ("uri_normalize", 1, 2),
    ("uri_equivalent", 2, 3),
    ("uri_encode", 2, 2),
    ("uri_decode", 1, 1),
    ("uri_registrable_domain", 1, 1),
    ("uri_public_suffix", 1, 1),
    ("uri_surt", 1, 1),
    ("uri_host_reversed", 1, 1),
    ("uri_extract", 1, 1),
    ("uri_lint", 1, 1),
    ("uri_to_uri", 1, 1),
    ("uri_to_iri", 1, 1),
    ("uri_host_ascii", 1, 1),
    ("uri_host_unicode", 1, 1),
    ("uri_repair", 1, 1),
];

/// The kinds in the order of [`FUNCTIONS`].
const KINDS: [Kind; 30] = [
    Kind::Parse,
    Kind::Scheme,
    Kind::Userinfo,
    Kind::Host,
    Kind::Port,
    Kind::Path,
    Kind::Query,
    Kind::Fragment,
    Kind::Authority,
    Kind::IsValid,
    Kind::QueryParam,
    Kind::QueryParams,
    Kind::PathSegments,
    Kind::Resolve,
    Kind::MakeRelative,
    Kind::Normalize,
    Kind::Equivalent,
    Kind::Encode,
    Kind::Decode,
    Kind::RegistrableDomain,
    Kind::PublicSuffix,
    Kind::Surt,
    Kind::HostReversed,
    Kind::Extract,
    Kind::Lint,
    Kind::ToUri,
    Kind::ToIri,
    Kind::HostAscii,
    Kind::HostUnicode,
    Kind::Repair,
];

/// One urikit function as a DataFusion UDF.
#[derive(Debug, PartialEq, Eq, Hash)]
struct UriUdf {
    name: &'static str,
    kind: Kind,
    signature: Signature,
}

impl UriUdf {
    fn new(name: &'static str, kind: Kind, min: usize, max: usize) -> UriUdf {
        // All arguments are strings, coerced to one common string type.
        let signature = if min == max {
            Signature::string(min, Volatility::Immutable)
        } else {
            Signature::one_of(
                (min..=max).map(TypeSignature::String).collect(),
                Volatility::Immutable,
            )
        };
        UriUdf {
            name,
            kind,
            signature,
        }
    }
}

/// Every function as a [`ScalarUDF`], for registries other than a
/// [`SessionContext`] (a Ballista executor's, for one).
///
/// ```
/// let udfs = urikit_datafusion::udfs();
/// assert_eq!(udfs.len(), urikit_datafusion::FUNCTIONS.len());
/// assert!(udfs.iter().any(|u| u.name() == "uri_host"));
/// ```
pub fn udfs() -> Vec<Arc<ScalarUDF>> {
    FUNCTIONS
        .iter()
        .zip(KINDS)
        .map(|(&(name, min, max), kind)| {
            Arc::new(ScalarUDF::new_from_impl(UriUdf::new(name, kind, min, max)))
        })
        .collect()
}

/// Register every function of [`FUNCTIONS`] on `ctx`.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// urikit_datafusion::register(&ctx);
/// assert!(ctx.udf("uri_resolve").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for udf in udfs() {
        ctx.register_udf(udf.as_ref().clone());
    }
}

/// A string constant argument: `level` or `component`.
fn constant<'a>(name: &str, what: &str, v: &'a ColumnarValue) -> Result<&'a str> {
    match v {
        ColumnarValue::Scalar(
            ScalarValue::Utf8(Some(s))
            | ScalarValue::LargeUtf8(Some(s))
            | ScalarValue::Utf8View(Some(s)),
        ) => Ok(s),
        _ => exec_err!("{name}: the {what} must be a constant string"),
    }
}

fn level(name: &str, args: &[ColumnarValue], at: usize) -> Result<Level> {
    let Some(v) = args.get(at) else {
        return Ok(Level::Syntax);
    };
    let s = constant(name, "level", v)?;
    match Level::from_name(s) {
        Some(l) => Ok(l),
        None => exec_err!("{name}: unknown level '{s}' (expected 'string', 'syntax' or 'scheme')"),
    }
}

/// An argument as a kernel takes it: the array, and whether it is a scalar.
enum In {
    Column(ArrayRef),
    Scalar(Scalar<ArrayRef>),
}

impl In {
    fn new(v: &ColumnarValue) -> Result<In> {
        Ok(match v {
            ColumnarValue::Array(a) => In::Column(Arc::clone(a)),
            ColumnarValue::Scalar(s) => In::Scalar(Scalar::new(s.to_array_of_size(1)?)),
        })
    }

    fn datum(&self) -> &dyn Datum {
        match self {
            In::Column(a) => a,
            In::Scalar(s) => s,
        }
    }

    /// The array a one-argument kernel runs over (a scalar as one row).
    fn array(&self) -> &dyn Array {
        match self {
            In::Column(a) => a.as_ref(),
            In::Scalar(s) => s.get().0,
        }
    }
}

impl ScalarUDFImpl for UriUdf {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let Some(t) = arg_types.first() else {
            return plan_err!("{} takes at least one argument", self.name);
        };
        Ok(match self.kind {
            Kind::Parse => urikit_arrow::parse_type(t),
            Kind::Port => DataType::UInt16,
            Kind::IsValid | Kind::Equivalent => DataType::Boolean,
            Kind::QueryParams => urikit_arrow::map_type(t),
            Kind::PathSegments | Kind::Extract | Kind::Lint => urikit_arrow::list_type(t),
            // Arguments are coerced to one string type, so the second
            // (the reference, the target) has the first's type.
            _ => t.clone(),
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let name = self.name;
        let a = &args.args;
        let all_scalar = a.iter().all(|v| matches!(v, ColumnarValue::Scalar(_)));
        let x = In::new(&a[0])?;
        let y = a.get(1).map(In::new).transpose()?;
        let second = || match &y {
            Some(y) => Ok(y.datum()),
            None => exec_err!("{name} takes two arguments"),
        };
        let arr = x.array();
        let out: ArrayRef = match self.kind {
            Kind::Parse => urikit_arrow::parse(arr)?,
            Kind::Scheme => urikit_arrow::scheme(arr)?,
            Kind::Userinfo => urikit_arrow::userinfo(arr)?,
            Kind::Host => urikit_arrow::host(arr)?,
            Kind::Port => Arc::new(urikit_arrow::port(arr)?),
            Kind::Path => urikit_arrow::path(arr)?,
            Kind::Query => urikit_arrow::query(arr)?,
            Kind::Fragment => urikit_arrow::fragment(arr)?,
            Kind::Authority => urikit_arrow::authority(arr)?,
            Kind::IsValid => Arc::new(urikit_arrow::is_valid(arr)?),
            Kind::QueryParam => urikit_arrow::query_param(x.datum(), second()?)?,
            Kind::QueryParams => urikit_arrow::query_params(arr)?,
            Kind::PathSegments => urikit_arrow::path_segments(arr)?,
            Kind::Resolve => urikit_arrow::resolve(x.datum(), second()?)?,
            Kind::MakeRelative => urikit_arrow::make_relative(x.datum(), second()?)?,
            Kind::Normalize => urikit_arrow::normalize(arr, level(name, a, 1)?)?,
            Kind::Equivalent => Arc::new(urikit_arrow::equivalent(
                x.datum(),
                second()?,
                level(name, a, 2)?,
            )?),
            Kind::Encode => {
                let c = constant(name, "component", &a[1])?;
                let Some(set) = EncodeSet::from_name(c) else {
                    let names: Vec<&str> = EncodeSet::ALL.iter().map(|s| s.name()).collect();
                    return exec_err!(
                        "{name}: unknown component '{c}' (expected one of {})",
                        names.join(", ")
                    );
                };
                urikit_arrow::encode(arr, set)?
            }
            Kind::Decode => urikit_arrow::decode(arr)?,
            Kind::RegistrableDomain => urikit_arrow::registrable_domain(arr)?,
            Kind::PublicSuffix => urikit_arrow::public_suffix(arr)?,
            Kind::Surt => urikit_arrow::surt(arr)?,
            Kind::HostReversed => urikit_arrow::host_reversed(arr)?,
            Kind::Extract => urikit_arrow::extract(arr)?,
            Kind::Lint => urikit_arrow::lint(arr)?,
            Kind::ToUri => urikit_arrow::to_uri(arr)?,
            Kind::Repair => urikit_arrow::repair(arr)?,
            Kind::ToIri => urikit_arrow::to_iri(arr)?,
            Kind::HostAscii => urikit_arrow::host_ascii(arr)?,
            Kind::HostUnicode => urikit_arrow::host_unicode(arr)?,
        };
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }
}

// docs/spark.md's examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/spark.md")]
struct SparkGuideDoctests;
