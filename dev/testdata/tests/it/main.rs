//! The workspace's own checks, in one test binary: the Comet figures of
//! the docs against their recording, and CONTRIBUTING.md's layout against
//! the checkout.

mod comet;
mod contributing;
