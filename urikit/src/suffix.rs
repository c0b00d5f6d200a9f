//! Suffix references (4.5).
