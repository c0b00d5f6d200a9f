//! The guard's integration tests: one binary, a module per concern.

#[cfg(feature = "hyper-util")]
mod e2e_hyper;
#[cfg(feature = "reqwest")]
mod e2e_reqwest;
mod policy;
mod public_suffix;
mod rebinding;
#[cfg(any(feature = "reqwest", feature = "hyper-util"))]
mod server;
mod vectors;
