//! `cargo bench --bench connect_four`: gamekit's Connect N engine on the standard Connect Four
//! test sets (`fixtures/connect4/`, a copy of the shared benchmark data, or
//! `$GAMEKIT_DATA/connect4`): for each set, the mean and median time and the mean number of
//! positions searched per position, every score checked. (The published figures the README
//! compares with are means.)
//!
//! `GAMEKIT_BENCH_LIMIT=N` solves only the first N positions of each set; by default all of
//! them, except begin-hard (Test_L1_R3), whose first 20 are solved (each takes seconds).

use gamekit::connect_n::{Position, Shape, Solver};
use std::path::PathBuf;
use std::time::Instant;

const SETS: [(&str, &str); 6] = [
    ("Test_L3_R1", "end-easy"),
    ("Test_L2_R1", "middle-easy"),
    ("Test_L2_R2", "middle-medium"),
    ("Test_L1_R1", "begin-easy"),
    ("Test_L1_R2", "begin-medium"),
    ("Test_L1_R3", "begin-hard"),
];

fn main() {
    let dir = std::env::var_os("GAMEKIT_DATA")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures"), PathBuf::from)
        .join("connect4");
    let limit: Option<usize> = std::env::var("GAMEKIT_BENCH_LIMIT").ok().and_then(|limit| limit.parse().ok());
    let only: Option<String> = std::env::args().skip(1).find(|arg| arg.starts_with("Test_"));
    let shape = Shape::new(7, 6, 4).expect("Connect Four");
    let mut solver = Solver::new(shape);
    println!(
        "{:<12} {:<14} {:>9} {:>14} {:>14} {:>16}",
        "set", "", "positions", "mean time", "median time", "mean positions"
    );
    for (set, name) in SETS {
        if only.as_deref().is_some_and(|only| only != set) {
            continue;
        }
        let path = dir.join(set);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{set:<12} {name:<14} (no file at {})", path.display());
            continue;
        };
        let count = limit.unwrap_or(if set == "Test_L1_R3" { 20 } else { usize::MAX });
        let (mut times, mut nodes) = (Vec::new(), 0);
        for line in text.lines().take(count) {
            let (moves, score) = line.split_once(' ').expect("<moves> <score>");
            let position = Position::from_moves(shape, moves).expect("a legal position");
            solver.reset();
            let started = Instant::now();
            let got = solver.solve(&position);
            times.push(started.elapsed().as_secs_f64());
            nodes += solver.nodes();
            assert_eq!(got.to_string(), score, "{set}: {moves}");
        }
        let solved = times.len() as f64;
        let mean = times.iter().sum::<f64>() / solved;
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        println!(
            "{set:<12} {name:<14} {:>9} {:>14} {:>14} {:>16.0}",
            times.len(),
            duration(mean),
            duration(median),
            nodes as f64 / solved
        );
    }
}

/// Seconds in µs, ms or s, whichever reads best.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 1e-3 => format!("{:.2} µs", s * 1e6),
        s if s < 1.0 => format!("{:.2} ms", s * 1e3),
        s => format!("{s:.2} s"),
    }
}
