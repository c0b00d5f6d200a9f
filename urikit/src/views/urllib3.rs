//! The `urllib3` view (in progress).
use super::Reading;
pub(super) fn read(_input: &str) -> Reading<'_> {
    Err("not yet".into())
}
