//! urikit-views' integration tests, in one test binary: one module per
//! concern (as the core's).

mod faces;
mod readings;
#[cfg(feature = "url")]
mod url;
mod views;
