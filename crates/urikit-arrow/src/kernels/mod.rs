//! The one table of kernels, [`KERNELS`]: every kernel of this crate with
//! its name, arguments, return type, function, description, example and
//! the feature it needs.
//!
//! The faces of urikit that run kernels read this table instead of keeping
//! their own list: `urikit-datafusion` registers one SQL function per entry
//! (named by [`Kernel::sql_name`], documented from the entry), and the
//! Python package's `urikit.arrow` has one function per entry, named
//! [`Kernel::name`]. A new kernel is added here, once.
//!
//! ```
//! use arrow_array::{StringArray, cast::AsArray};
//! let k = urikit_arrow::kernel("host").unwrap();
//! assert_eq!(k.sql_name(), "uri_host");
//! let urls = StringArray::from(vec!["http://www.example.com/a"]);
//! let out = k.invoke(&[&urls], &urikit_arrow::Options::default())?;
//! assert_eq!(out.as_string::<i32>().value(0), "www.example.com");
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

mod table;

use arrow_array::{ArrayRef, Datum};
use arrow_schema::{ArrowError, DataType};

pub use table::KERNELS;

/// One kernel: what the SQL function and the Python function of this name
/// are made from.
#[derive(Debug)]
pub struct Kernel {
    /// The kernel's name: the Rust function's, Python's `urikit.arrow`
    /// function's, and (with its [`Family`]'s prefix) the SQL function's.
    pub name: &'static str,
    /// Which set of functions it belongs to (it decides the SQL name).
    pub family: Family,
    /// The arguments, in order; the optional ones come last.
    pub params: &'static [Param],
    /// What it returns.
    pub returns: Returns,
    /// What it does, in one sentence.
    pub description: &'static str,
    /// An example call and its result, shown in the SQL and Python
    /// documentation and checked by both faces' tests.
    pub example: Example,
    /// The cargo feature of this crate the kernel needs (its entry exists
    /// only with it), if any.
    pub feature: Option<&'static str>,
    /// The function: the arguments (as many as [`Kernel::params`] allows;
    /// [`Kernel::invoke`] checks that) and the options.
    pub function: fn(&[&dyn Datum], &Options) -> Result<ArrayRef, ArrowError>,
    /// For a kernel of one argument whose every answer is a slice of its
    /// row (a component as written: `host`, `path`, ...): its logic for one
    /// row, the very function [`Kernel::function`] runs over a column
    /// (`None` from it is a NULL row). A face that reads rows one at a
    /// time (the DuckDB extension) calls it and skips building Arrow
    /// arrays; the answer is still defined once. `None` for every other
    /// kernel.
    ///
    /// ```
    /// let host = urikit_arrow::kernel("host").unwrap().slice.unwrap();
    /// assert_eq!(host("http://www.example.com/a"), Some("www.example.com"));
    /// assert_eq!(host("http://a b/"), None);
    /// assert!(urikit_arrow::kernel("normalize").unwrap().slice.is_none());
    /// ```
    pub slice: Option<fn(&str) -> Option<&str>>,
}

/// The set of functions a kernel belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// urikit's own functions: SQL names them `uri_` + name.
    Uri,
    /// Apache Spark's URL functions (the `spark` feature): SQL names them
    /// as Spark does, by the name alone.
    Spark,
}

/// One argument of a kernel. Every argument is a string: a column of one of
/// the three string types, or a scalar.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// Its name (Python's keyword, SQL's documentation).
    pub name: &'static str,
    /// What it is, in one sentence.
    pub description: &'static str,
    /// It must be a constant (a scalar), such as a level or an encode set.
    pub constant: bool,
    /// It may be left out.
    pub optional: bool,
    /// The value it has when left out, if it has one.
    pub default: Option<&'static str>,
}

impl Param {
    const fn column(name: &'static str, description: &'static str) -> Param {
        Param {
            name,
            description,
            constant: false,
            optional: false,
            default: None,
        }
    }

    const fn constant(name: &'static str, description: &'static str) -> Param {
        Param {
            constant: true,
            ..Param::column(name, description)
        }
    }
}

/// What a kernel returns, for a first argument of string type `t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Returns {
    /// Strings of type `t`.
    String,
    /// Booleans.
    Boolean,
    /// `UInt16` numbers.
    UInt16,
    /// [`crate::parse_type`]`(t)`: the struct of [`crate::parse`].
    Parse,
    /// [`crate::list_type`]`(t)`: a list of strings.
    List,
    /// [`crate::map_type`]`(t)`: a map from strings to strings.
    Map,
    /// [`crate::views_type`]`(t)`: a struct of every parser's view.
    Views,
    /// [`crate::host_confusion_type`]`(t)`: a list of findings.
    Findings,
}

impl Returns {
    /// The Arrow type returned for a first argument of type `input`.
    pub fn data_type(self, input: &DataType) -> DataType {
        match self {
            Returns::String => input.clone(),
            Returns::Boolean => DataType::Boolean,
            Returns::UInt16 => DataType::UInt16,
            Returns::Parse => crate::parse_type(input),
            Returns::List => crate::list_type(input),
            Returns::Map => crate::map_type(input),
            Returns::Views => crate::views_type(input),
            Returns::Findings => crate::host_confusion_type(input),
        }
    }
}

/// An example: one row of arguments (the first is a column of one row in
/// Python, the others scalars) and the result, as each face shows it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// The arguments.
    pub args: &'static [&'static str],
    /// The result as DataFusion shows it (`NULL` for null).
    pub sql: &'static str,
    /// The result of `.to_pylist()` in Python (a list of one value).
    pub python: &'static str,
}

/// What the caller decides for the whole call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// Spark's ANSI mode: `parse_url` fails on an invalid URL (Spark 4's
    /// default) instead of giving NULL. Only `parse_url` reads it.
    pub ansi: bool,
}

impl Default for Options {
    /// ANSI mode on, as in Spark 4.
    fn default() -> Options {
        Options { ansi: true }
    }
}

impl Kernel {
    /// The SQL function's name: `uri_` + name for urikit's own kernels,
    /// the name alone for Spark's.
    pub fn sql_name(&self) -> String {
        match self.family {
            Family::Uri => format!("uri_{}", self.name),
            Family::Spark => self.name.to_string(),
        }
    }

    /// The fewest arguments it takes.
    pub fn min_args(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }

    /// The most arguments it takes.
    pub fn max_args(&self) -> usize {
        self.params.len()
    }

    /// The SQL syntax: `uri_normalize(uri[, level])`.
    pub fn syntax(&self) -> String {
        let mut s = self.sql_name() + "(";
        for (i, p) in self.params.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            if p.optional {
                s += &format!("[{sep}{}]", p.name);
            } else {
                s += &format!("{sep}{}", p.name);
            }
        }
        s + ")"
    }

    /// The example as a SQL call: `uri_host('http://www.example.com/a')`.
    pub fn sql_example_call(&self) -> String {
        let args: Vec<String> = self
            .example
            .args
            .iter()
            .map(|a| format!("'{}'", a.replace('\'', "''")))
            .collect();
        format!("{}({})", self.sql_name(), args.join(", "))
    }

    /// Run the kernel on `args`, after checking their number.
    pub fn invoke(&self, args: &[&dyn Datum], options: &Options) -> Result<ArrayRef, ArrowError> {
        let (min, max) = (self.min_args(), self.max_args());
        if args.len() < min || args.len() > max {
            let n = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(ArrowError::InvalidArgumentError(format!(
                "{} takes {n} arguments, not {}",
                self.name,
                args.len()
            )));
        }
        (self.function)(args, options)
    }
}

/// The kernel named `name` ([`Kernel::name`]).
///
/// ```
/// assert_eq!(urikit_arrow::kernel("make_relative").unwrap().sql_name(), "uri_make_relative");
/// assert!(urikit_arrow::kernel("uri_host").is_none());
/// ```
pub fn kernel(name: &str) -> Option<&'static Kernel> {
    KERNELS.iter().find(|k| k.name == name)
}
