//! Command-line choices from the core's named sets (`urikit::names`): the
//! values `--help` lists and the refusal of any other come from the core,
//! so the CLI spells every level, encode set, rule and mode as the other
//! faces do.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, TypedValueParser};
use urikit::names::Named;

/// A clap value parser for one named set: `value_parser = named::<Level>()`.
pub fn named<T: Named + Send + Sync>() -> NamedParser<T> {
    NamedParser(PhantomData)
}

/// See [`named`].
pub struct NamedParser<T>(PhantomData<fn() -> T>);

impl<T> Clone for NamedParser<T> {
    fn clone(&self) -> Self {
        NamedParser(PhantomData)
    }
}

impl<T: Named + Send + Sync> TypedValueParser for NamedParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let name = value.to_string_lossy();
        T::parse_name(&name).map_err(|e| {
            let flag = arg.map(|a| match a.get_long() {
                Some(long) => format!(" for --{long}"),
                None => format!(" for {}", a.get_id()),
            });
            let message = format!("{e}{}\n", flag.unwrap_or_default());
            clap::Error::raw(clap::error::ErrorKind::InvalidValue, message).with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::names().map(PossibleValue::new)))
    }
}
