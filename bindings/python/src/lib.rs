//! The `urikit` Python package's native module (`urikit._urikit`): a thin
//! PyO3 layer over the urikit library. No URI logic lives here: every
//! check, split, resolution and normalization is the library's.

mod accessors;
mod args;
mod arrow;
mod classes;
mod errors;
mod findings;
mod funcs;
mod guard;
mod iri;
mod java;
mod offsets;
mod profiles;
mod record;
mod repair;
mod templates;
mod types;
mod views;

use pyo3::prelude::*;

#[pymodule]
fn _urikit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // The package's version: the crate's, which is also the wheel's
    // (pyproject.toml takes it from Cargo.toml).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "ERROR_KINDS",
        errors::error_kinds()
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
    )?;
    m.add("URIError", py.get_type::<errors::URIError>())?;
    m.add_class::<classes::PyURI>()?;
    m.add_class::<classes::PyURIRef>()?;
    m.add_class::<findings::Finding>()?;
    m.add_class::<findings::Match>()?;
    m.add_function(wrap_pyfunction!(funcs::parse, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::make_relative, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::encode, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::decode, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::extract, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::lint, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::validate, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::_format_uri, m)?)?;
    m.add_function(wrap_pyfunction!(funcs::_format_uri_reference, m)?)?;
    m.add_class::<classes::PyIRI>()?;
    m.add_class::<profiles::PyRfc2396Ref>()?;
    m.add_class::<java::PyJavaUri>()?;
    m.add_class::<classes::PyIRIRef>()?;
    m.add_function(wrap_pyfunction!(iri::_format_iri, m)?)?;
    m.add_function(wrap_pyfunction!(iri::_format_iri_reference, m)?)?;
    m.add_class::<templates::PyTemplate>()?;
    m.add_function(wrap_pyfunction!(templates::from_file_path, m)?)?;
    m.add_function(wrap_pyfunction!(templates::to_file_path, m)?)?;
    m.add_function(wrap_pyfunction!(repair::repair, m)?)?;
    m.add_function(wrap_pyfunction!(views::views, m)?)?;
    m.add_class::<arrow::PyArrowArray>()?;
    m.add_class::<arrow::PyChunked>()?;
    m.add_function(wrap_pyfunction!(arrow::arrow_kernel, m)?)?;
    // The table `urikit.arrow` makes its functions from, and the names of
    // the core's encode sets (what `encode` accepts): exported so that the
    // Python side keeps no list of its own, and its tests compare.
    m.add("ARROW_KERNELS", arrow::kernels_table(py)?)?;
    let sets: Vec<&str> = urikit::percent::EncodeSet::ALL
        .iter()
        .map(|s| s.name())
        .collect();
    guard::register(m)?;
    m.add("ENCODE_SETS", pyo3::types::PyTuple::new(py, sets)?)?;
    Ok(())
}
