//! RFC 6570: expansion of the conformance suite's templates, urikit against
//! iri-string's `template` module; and routing a million generated URIs
//! through 50 realistic API route templates.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::spec::UriSpec;
use iri_string::template::UriTemplateStr;
use iri_string::template::simple_context::{SimpleContext, Value as IriValue};
use serde_json::Value as Json;
use urikit::rfc6570::{MatchMode, Matcher, Router, Template, VarValue};
use urikit_bench::{ROUTES, generated_uris};

/// One suite case: the template and its group's variables, in both
/// libraries' forms.
struct Case {
    text: String,
    ours: BTreeMap<String, VarValue>,
    theirs: SimpleContext,
}

/// Every case of the three positive suite files that both libraries
/// expand (the negative file has nothing to expand).
fn suite_cases() -> Vec<Case> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let cases = suite_cases_inner();
    std::panic::set_hook(hook);
    cases
}

fn suite_cases_inner() -> Vec<Case> {
    let scalar = |v: &Json| match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut cases = Vec::new();
    for name in [
        "spec-examples.json",
        "spec-examples-by-section.json",
        "extended-tests.json",
    ] {
        let path = urikit_testdata::sample(&format!("uritemplate-test/{name}"));
        let doc: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for g in doc.as_object().unwrap().values() {
            let mut ours = BTreeMap::new();
            let mut theirs = SimpleContext::new();
            for (k, v) in g["variables"].as_object().unwrap() {
                let (o, t) = match v {
                    Json::Null => continue,
                    Json::Array(a) => {
                        let l: Vec<String> = a.iter().map(scalar).collect();
                        (VarValue::List(l.clone()), IriValue::List(l))
                    }
                    Json::Object(m) => {
                        let p: Vec<(String, String)> =
                            m.iter().map(|(k, v)| (k.clone(), scalar(v))).collect();
                        (VarValue::Assoc(p.clone()), IriValue::Assoc(p))
                    }
                    other => (
                        VarValue::String(scalar(other)),
                        IriValue::String(scalar(other)),
                    ),
                };
                ours.insert(k.clone(), o);
                theirs.insert(k.clone(), t);
            }
            for case in g["testcases"].as_array().unwrap() {
                if case[1] == Json::Bool(false) {
                    continue;
                }
                let text = case[0].as_str().unwrap().to_string();
                let ok_ours = Template::parse(&text).is_ok_and(|t| t.expand(&ours).is_ok());
                // iri-string 0.7.14 panics while writing some prefixed
                // multibyte values (`{+greek:2}`): those cases are left out.
                let ok_theirs = std::panic::catch_unwind(|| {
                    UriTemplateStr::new(&text).is_ok_and(|t| {
                        t.expand::<UriSpec, _>(&theirs)
                            .map(|e| e.to_string())
                            .is_ok()
                    })
                })
                .unwrap_or_else(|_| {
                    eprintln!("template-expand: iri-string panics on {text}, case left out");
                    false
                });
                if ok_ours && ok_theirs {
                    cases.push(Case {
                        text,
                        ours: ours.clone(),
                        theirs: theirs.clone(),
                    });
                }
            }
        }
    }
    cases
}

fn expansion(c: &mut Criterion) {
    let cases = suite_cases();
    let ours: Vec<(Template<'_>, &BTreeMap<String, VarValue>)> = cases
        .iter()
        .map(|c| (Template::parse(&c.text).unwrap(), &c.ours))
        .collect();
    let theirs: Vec<(&UriTemplateStr, &SimpleContext)> = cases
        .iter()
        .map(|c| (UriTemplateStr::new(&c.text).unwrap(), &c.theirs))
        .collect();
    // Both give the same text on every case (ordering of pairs aside,
    // which both take from the same vector).
    for ((t, v), (it, iv)) in ours.iter().zip(&theirs) {
        assert_eq!(
            t.expand(*v).unwrap(),
            it.expand::<UriSpec, _>(*iv).unwrap().to_string(),
            "{t}"
        );
    }
    let out_bytes: usize = ours.iter().map(|(t, v)| t.expand(*v).unwrap().len()).sum();

    let mut g = c.benchmark_group("template-expand");
    g.sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(cases.len() as u64));
    eprintln!(
        "template-expand: {} cases, {out_bytes} bytes of output",
        cases.len()
    );

    g.bench_function("urikit/into-reused-string", |b| {
        let mut s = String::with_capacity(1024);
        b.iter(|| {
            let mut n = 0;
            for (t, v) in &ours {
                s.clear();
                t.expand_to(*v, &mut s).unwrap();
                n += s.len();
            }
            n
        })
    });
    g.bench_function("iri-string/into-reused-string", |b| {
        let mut s = String::with_capacity(1024);
        b.iter(|| {
            let mut n = 0;
            for (t, v) in &theirs {
                s.clear();
                write!(s, "{}", t.expand::<UriSpec, _>(*v).unwrap()).unwrap();
                n += s.len();
            }
            n
        })
    });
    g.bench_function("urikit/new-string", |b| {
        b.iter(|| {
            ours.iter()
                .map(|(t, v)| t.expand(*v).unwrap().len())
                .sum::<usize>()
        })
    });
    g.bench_function("iri-string/new-string", |b| {
        b.iter(|| {
            theirs
                .iter()
                .map(|(t, v)| t.expand::<UriSpec, _>(*v).unwrap().to_string().len())
                .sum::<usize>()
        })
    });
    g.bench_function("urikit/parse-and-expand", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| {
                    Template::parse(black_box(&c.text))
                        .unwrap()
                        .expand(&c.ours)
                        .unwrap()
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.bench_function("iri-string/parse-and-expand", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| {
                    UriTemplateStr::new(black_box(&c.text))
                        .unwrap()
                        .expand::<UriSpec, _>(&c.theirs)
                        .unwrap()
                        .to_string()
                        .len()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

fn routing(c: &mut Criterion) {
    let mut router = Router::new();
    for (i, r) in ROUTES.iter().enumerate() {
        router.add(Template::parse(r).unwrap(), i).unwrap();
    }
    let uris = generated_uris(1_000_000);
    let matched = uris.iter().filter(|u| router.find(u).is_some()).count();
    eprintln!("template-route: {} URIs, {matched} matched", uris.len());
    let mut g = c.benchmark_group("template-route");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    g.throughput(Throughput::Elements(uris.len() as u64));
    g.bench_function("urikit/router-50-routes-1M-uris", |b| {
        b.iter(|| {
            uris.iter()
                .filter(|u| router.find(black_box(u)).is_some())
                .count()
        })
    });
    g.finish();
}

/// Linear time, shown by 1x and 10x inputs: compiling and matching
/// templates of 8,000 and 80,000 variables (issue 25: compiling was
/// quadratic), and lenient matching of adversarial URIs of 1 MB and 10 MB.
fn linearity(c: &mut Criterion) {
    let mut g = c.benchmark_group("template-linear");
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for n in [8_000, 80_000] {
        for (label, tpl, uri) in urikit_bench::template_inputs(n) {
            let t = Template::parse(&tpl).unwrap();
            g.bench_function(format!("compile-{label}-{n}"), |b| {
                b.iter(|| t.matcher().unwrap())
            });
            let m = t.matcher().unwrap();
            g.bench_function(format!("match-{label}-{n}"), |b| {
                b.iter(|| m.matches(black_box(&uri)).unwrap().len())
            });
        }
    }
    for bytes in [1_000_000, 10_000_000] {
        for (label, tpl, uri) in urikit_bench::lenient_inputs(bytes) {
            let t = Template::parse(tpl).unwrap();
            // Every mode; the exact one refuses `{+path}{?q}` and most of
            // these URIs (after reading them: the work is still linear).
            for mode in [MatchMode::Exact, MatchMode::Lenient, MatchMode::LenientForm] {
                let Ok(m) = Matcher::with_mode(t, mode) else {
                    continue;
                };
                let m = m.max_uri_len(usize::MAX);
                g.throughput(Throughput::Bytes(uri.len() as u64));
                g.bench_function(format!("{}-{label}-{bytes}", mode.name()), |b| {
                    b.iter(|| m.matches(black_box(&uri)).map_or(0, |c| c.len()))
                });
            }
        }
    }
    g.finish();
}

criterion_group!(benches, expansion, routing, linearity);
criterion_main!(benches);
