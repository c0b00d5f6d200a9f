//! The `go` view's quirks, each expected value from `go.jsonl` (Go 1.27.3's
//! `url.Parse`, recorded by `tests/data/views/readings/record_go.go`).

use super::read;
