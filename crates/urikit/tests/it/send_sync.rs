//! The public types are `Send` and `Sync`, so that parsed values, owned
//! values, errors, templates, routers and the resolver can cross threads
//! and be shared between them. Checked at compile time: a type that loses
//! either (an `Rc`, a `Cell`, a raw pointer inside) fails the build of this
//! test binary, naming the type.

use urikit::build::{Builder, IriBuilder, QueryPairs, QueryWriter, Segments};
use urikit::compare::{Comparison, Level};
use urikit::normalize::{Normalized, Normalizer};
use urikit::percent::{DecodeError, PercentDecode, PercentEncode};
use urikit::rfc6570::{
    Ambiguity, Captures, ExpandError, Matcher, Router, Template, TemplateBuf, TemplateError,
    TemplateErrorKind, VarValue,
};
use urikit::rfc8089::{FilePathError, FilePathErrorKind};
use urikit::security::{Finding, FindingKind, MaskedCredentials};
use urikit::suffix::{Completion, Guess};
use urikit::text::{ExtractOptions, Match};
use urikit::{
    Component, Components, ErrorKind, Host, HostKind, Iri, IriBuf, IriRef, IriRefBuf, ParseError,
    ParseOptions, PortOverflowError, ResolveError, ResolveErrorKind, Resolver, Rule, Uri, UriBuf,
    UriRef, UriRefBuf,
};

const fn send_sync<T: Send + Sync>() {}

// Evaluated at compile time: nothing to run, everything to build.
const _: () = {
    // URIs and IRIs, borrowed and owned, and their parts.
    send_sync::<UriRef<'static>>();
    send_sync::<Uri<'static>>();
    send_sync::<UriRefBuf>();
    send_sync::<UriBuf>();
    send_sync::<IriRef<'static>>();
    send_sync::<Iri<'static>>();
    send_sync::<IriRefBuf>();
    send_sync::<IriBuf>();
    send_sync::<Host<'static>>();
    send_sync::<HostKind>();
    send_sync::<Components<'static>>();
    send_sync::<Rule>();
    send_sync::<ParseOptions>();
    // Errors.
    send_sync::<ParseError>();
    send_sync::<ErrorKind>();
    send_sync::<Component>();
    send_sync::<PortOverflowError>();
    send_sync::<ResolveError>();
    send_sync::<ResolveErrorKind>();
    send_sync::<DecodeError>();
    send_sync::<FilePathError>();
    send_sync::<FilePathErrorKind>();
    send_sync::<TemplateError>();
    send_sync::<TemplateErrorKind>();
    send_sync::<ExpandError>();
    send_sync::<Ambiguity>();
    // Operations.
    send_sync::<Resolver>();
    send_sync::<Normalizer<'static>>();
    send_sync::<Normalized<'static>>();
    send_sync::<Comparison<'static>>();
    send_sync::<Level>();
    send_sync::<Builder<'static>>();
    send_sync::<IriBuilder<'static>>();
    send_sync::<QueryWriter>();
    send_sync::<QueryPairs<'static>>();
    send_sync::<Segments<'static>>();
    send_sync::<PercentEncode<'static>>();
    send_sync::<PercentDecode<'static>>();
    send_sync::<Finding>();
    send_sync::<FindingKind>();
    send_sync::<MaskedCredentials<'static>>();
    send_sync::<ExtractOptions>();
    send_sync::<Match<'static>>();
    send_sync::<Guess>();
    send_sync::<Completion>();
    // Templates: parsed once, shared by the threads that expand and match.
    send_sync::<Template<'static>>();
    send_sync::<TemplateBuf>();
    send_sync::<Matcher<'static>>();
    send_sync::<Captures<'static>>();
    send_sync::<Router<'static, &'static str>>();
    send_sync::<VarValue>();
};

#[cfg(feature = "idna")]
const _: () = {
    send_sync::<urikit::IdnaError>();
    send_sync::<urikit::IdnaErrorKind>();
};

/// A value really crosses a thread and is shared by two.
#[test]
fn parsed_values_and_templates_cross_threads() {
    let base = UriBuf::parse("http://a/b/c/d;p?q").unwrap();
    let t = Template::parse("/users/{id}").unwrap();
    let (got, id) = std::thread::scope(|s| {
        let r = s.spawn(|| base.resolve("../g").unwrap().to_string());
        let m = s.spawn(|| {
            let m = t.matcher().unwrap();
            m.matches("/users/42")
                .unwrap()
                .get_str("id")
                .map(str::to_string)
        });
        (r.join().unwrap(), m.join().unwrap())
    });
    assert_eq!(got, "http://a/b/g");
    assert_eq!(id.as_deref(), Some("42"));
}
