//! `cargo bench --bench connect_four`: gamekit's Connect N engine on the standard Connect Four
//! test sets (`fixtures/connect4/`, a copy of the shared benchmark data, or `$GAMEKIT_DATA/connect4`): for each set, the mean time and
//! the mean number of positions searched per position, every score checked.
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
    println!("{:<12} {:<14} {:>9} {:>14} {:>16}", "set", "", "positions", "mean time", "mean positions");
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
        let (mut solved, mut seconds, mut nodes) = (0, 0.0, 0);
        for line in text.lines().take(count) {
            let (moves, score) = line.split_once(' ').expect("<moves> <score>");
            let position = Position::from_moves(shape, moves).expect("a legal position");
            solver.reset();
            let started = Instant::now();
            let got = solver.solve(&position);
            seconds += started.elapsed().as_secs_f64();
            nodes += solver.nodes();
            assert_eq!(got.to_string(), score, "{set}: {moves}");
            solved += 1;
        }
        let mean = seconds / f64::from(solved);
        let time = if mean < 1e-3 { format!("{:.2} µs", mean * 1e6) } else { format!("{:.2} ms", mean * 1e3) };
        println!("{set:<12} {name:<14} {solved:>9} {time:>14} {:>16.0}", nodes as f64 / f64::from(solved));
    }
}
