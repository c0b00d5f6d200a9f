//! Parse every line of the gsd corpus once with one parser, for instruction
//! counts under `valgrind --tool=callgrind` (stable on a noisy machine).
//!
//! `icount PEER` where PEER is a name from `parsers()`, `floor`, or `none`
//! (reading only, to subtract). Prints how many lines the parser accepted.
//! `icount PEER N` times N passes and prints the fastest, in milliseconds:
//! the minimum is the pass least disturbed by other work on the machine.

use urikit_bench::{floor, gsd_lines, parsers};

fn main() {
    let peer = std::env::args().nth(1).unwrap_or_else(|| "urikit".into());
    let lines = gsd_lines();
    let all = lines;
    let passes: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    if passes > 0 {
        let Some((_, f)) = parsers().into_iter().find(|(n, _)| *n == peer) else {
            eprintln!("unknown peer {peer}");
            std::process::exit(2);
        };
        let mut best = f64::MAX;
        for _ in 0..passes {
            let t = std::time::Instant::now();
            let n = all.iter().filter(|s| f(s)).count();
            std::hint::black_box(n);
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("{peer}\t{best:.2} ms");
        return;
    }
    let accepted = match peer.as_str() {
        "none" => 0,
        "floor" => floor(&all) as usize,
        name => {
            let Some((_, f)) = parsers().into_iter().find(|(n, _)| *n == name) else {
                eprintln!("unknown peer {name}");
                std::process::exit(2);
            };
            all.iter().filter(|s| f(s)).count()
        }
    };
    println!("{peer}\t{accepted}");
}
