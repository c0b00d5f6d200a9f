//! The offline check per URL (no lookup) over the gsd corpus: the default
//! guard (public policy, WHATWG reading, the RFC 3986 agreement check).
//! `cargo bench -p urikit-guard --bench check`; the full corpus when it is
//! beside the checkout (or `URIKIT_CORPUS`), else the sample. The second
//! case adds a `domains` rule, so every name also goes through the public
//! suffix list.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urikit_guard::{Client, Guard, Policy};

fn bench(c: &mut Criterion) {
    let path = urikit_testdata::full_or_sample("gsd-urls.txt");
    let urls = urikit_testdata::lines(&path);
    let guard = Guard::default();
    let refused = urls.iter().filter(|u| guard.check(u).is_err()).count();
    eprintln!(
        "{}: {} urls, {refused} refused by the default guard",
        path.display(),
        urls.len()
    );
    let mut g = c.benchmark_group("guard");
    g.throughput(Throughput::Elements(urls.len() as u64));
    g.bench_function("check/gsd", |b| {
        b.iter(|| urls.iter().filter(|u| guard.check(u).is_ok()).count())
    });
    // A rule no corpus name meets: the list is searched for every name and
    // the check goes on to the end, as with no rule.
    let policy = Policy::from_toml("[deny]\ndomains = [\"example.co.uk\"]\n").expect("policy");
    let guard = Guard::new(policy, Client::default());
    g.bench_function("check/gsd+domains", |b| {
        b.iter(|| urls.iter().filter(|u| guard.check(u).is_ok()).count())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
