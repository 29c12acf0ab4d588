//! `cargo bench --bench othello`: gamekit's Reversi move generator, perft from the standard
//! start to depth 10 (the published counts in `fixtures/othello/perft.txt` are checked):
//! the median of five runs of each depth, and the leaves counted per second.

use gamekit::othello::Board;
use std::time::Instant;

fn main() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/othello/perft.txt"))
        .expect("fixtures/othello/perft.txt");
    println!("{:>5} {:>12} {:>12} {:>14}", "depth", "leaves", "median", "leaves/s");
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let (depth, expected) = line.split_once(' ').expect("depth count");
        let (depth, expected): (u32, u64) = (depth.parse().expect("a depth"), expected.parse().expect("a count"));
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let started = Instant::now();
                let count = Board::start().perft(depth);
                assert_eq!(count, expected, "perft({depth})");
                started.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[2];
        println!("{depth:>5} {expected:>12} {:>10.3} ms {:>14.0}", median * 1e3, expected as f64 / median);
    }
}
