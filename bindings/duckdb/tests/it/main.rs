//! urikit-duckdb's tests: the guide's function list (`docs`). The
//! extension itself is tested by loading it into DuckDB:
//! `bindings/duckdb/tests/test_extension.py` (pytest, with the DuckDB
//! Python package and `uri-sql`).

mod docs;
