//! # urikit-datafusion
//!
//! urikit's RFC 3986 URI functions as [Apache DataFusion](https://datafusion.apache.org)
//! scalar functions: `uri_parse`, `uri_host`, `uri_resolve`,
//! `uri_registrable_domain` and the rest, registered on a
//! [`SessionContext`] with one call, [`register`].
//!
//! There is one SQL function per entry of urikit-arrow's table of kernels,
//! [`urikit_arrow::KERNELS`] (Spark's in [`spark`]): its name is `uri_` and
//! the kernel's name, and its documentation (`SHOW FUNCTIONS`,
//! `information_schema.routines`, [`ScalarUDFImpl::documentation`]) is the
//! table's description, arguments and example. Each function is a thin
//! layer over its kernel, a loop over the [`urikit`] library: same answers,
//! row by row.
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

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use datafusion::arrow::array::{ArrayRef, Datum, Scalar};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::error::ArrowError;
use datafusion::common::{DataFusionError, Result, ScalarValue, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, DocSection, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl,
    Signature, TypeSignature, Volatility,
};
use datafusion::prelude::SessionContext;
use urikit_arrow::{Family, KERNELS, Kernel, Options};

pub mod spark;

/// One kernel of [`KERNELS`] as a DataFusion UDF.
#[derive(Debug)]
struct KernelUdf {
    /// The kernel's index in [`KERNELS`] (and in [`docs`]).
    index: usize,
    kernel: &'static Kernel,
    name: String,
    signature: Signature,
}

impl PartialEq for KernelUdf {
    fn eq(&self, other: &KernelUdf) -> bool {
        self.index == other.index
    }
}

impl Eq for KernelUdf {}

impl Hash for KernelUdf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl KernelUdf {
    fn new(index: usize) -> KernelUdf {
        let kernel = &KERNELS[index];
        let (min, max) = (kernel.min_args(), kernel.max_args());
        // All arguments are strings, coerced to one common string type.
        let signature = if min == max {
            Signature::string(min, Volatility::Immutable)
        } else {
            Signature::one_of(
                (min..=max).map(TypeSignature::String).collect(),
                Volatility::Immutable,
            )
        };
        KernelUdf {
            index,
            kernel,
            name: kernel.sql_name(),
            signature,
        }
    }
}

/// The UDFs of the kernels of one family, in the table's order.
fn family_udfs(family: Family) -> Vec<Arc<ScalarUDF>> {
    (0..KERNELS.len())
        .filter(|&i| KERNELS[i].family == family)
        .map(|i| Arc::new(ScalarUDF::new_from_impl(KernelUdf::new(i))))
        .collect()
}

/// Every function of urikit's own kernels as a [`ScalarUDF`], for
/// registries other than a [`SessionContext`] (a Ballista executor's, for
/// one): one per kernel of [`urikit_arrow::KERNELS`] of the
/// [`Family::Uri`] family.
///
/// ```
/// use urikit_arrow::{Family, KERNELS};
/// let udfs = urikit_datafusion::udfs();
/// assert_eq!(udfs.len(), KERNELS.iter().filter(|k| k.family == Family::Uri).count());
/// assert!(udfs.iter().any(|u| u.name() == "uri_host"));
/// ```
pub fn udfs() -> Vec<Arc<ScalarUDF>> {
    family_udfs(Family::Uri)
}

/// Register every function of [`udfs`] on `ctx`.
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

/// A kernel's error as the query's: its message as it is (Spark's
/// messages keep their `[INVALID_URL]` first).
fn kernel_err(e: ArrowError) -> DataFusionError {
    match e {
        ArrowError::ComputeError(m) | ArrowError::InvalidArgumentError(m) => {
            DataFusionError::Execution(m)
        }
        e => DataFusionError::ArrowError(Box::new(e), None),
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
}

impl ScalarUDFImpl for KernelUdf {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let Some(t) = arg_types.first() else {
            return plan_err!("{} takes at least one argument", self.name);
        };
        // Arguments are coerced to one string type, so the first one's is
        // every argument's.
        Ok(self.kernel.returns.data_type(t))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let options = Options {
            ansi: args.config_options.execution.enable_ansi_mode,
        };
        let a = &args.args;
        let all_scalar = a.iter().all(|v| matches!(v, ColumnarValue::Scalar(_)));
        // A NULL argument (a URI, a base, a level, an encode set) gives
        // NULL, as SQL functions do: `uri_normalize(x, NULL)` is NULL.
        if a.iter()
            .any(|v| matches!(v, ColumnarValue::Scalar(s) if s.is_null()))
        {
            let t = args.return_type();
            return Ok(if all_scalar {
                ColumnarValue::Scalar(ScalarValue::try_from(t)?)
            } else {
                ColumnarValue::Array(datafusion::arrow::array::new_null_array(
                    t,
                    args.number_rows,
                ))
            });
        }
        let ins = a.iter().map(In::new).collect::<Result<Vec<_>>>()?;
        let datums: Vec<&dyn Datum> = ins.iter().map(In::datum).collect();
        let out = self.kernel.invoke(&datums, &options).map_err(kernel_err)?;
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }

    fn documentation(&self) -> Option<&Documentation> {
        docs().get(self.index)
    }
}

/// The documentation of every kernel of [`KERNELS`], in its order.
fn docs() -> &'static [Documentation] {
    static DOCS: OnceLock<Vec<Documentation>> = OnceLock::new();
    DOCS.get_or_init(|| KERNELS.iter().map(documentation).collect())
}

/// A kernel's documentation, from its entry in the table.
fn documentation(k: &Kernel) -> Documentation {
    let section = match k.family {
        Family::Uri => DocSection {
            include: true,
            label: "URI Functions",
            description: Some(
                "urikit's RFC 3986 URI functions: a NULL or invalid row gives NULL, never an error.",
            ),
        },
        Family::Spark => DocSection {
            include: true,
            label: "Spark URL Functions",
            description: Some(
                "Apache Spark's URL functions with Spark's answers (java.net.URI's reading of URLs).",
            ),
        },
    };
    let example = format!(
        "```sql\n> SELECT {};\n{}\n```",
        k.sql_example_call(),
        k.example.sql
    );
    let mut doc =
        Documentation::builder(section, k.description, k.syntax()).with_sql_example(example);
    for p in k.params {
        let mut text = p.description.to_string();
        if p.constant {
            text += " A constant.";
        }
        if p.optional && p.default.is_none() {
            text += " Optional.";
        }
        doc = doc.with_argument(p.name, text);
    }
    doc.build()
}

// docs/spark.md's examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/spark.md")]
struct SparkGuideDoctests;
