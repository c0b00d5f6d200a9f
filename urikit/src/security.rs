//! Security checks (section 7).
