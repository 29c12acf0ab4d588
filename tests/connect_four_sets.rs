//! gamekit's Connect N engine against the standard Connect Four test sets
//! (`fixtures/connect4/`, a copy of the shared benchmark data, or `$GAMEKIT_DATA/connect4`): exact on a sample of every set small
//! enough to solve in a debug build; the benchmark (`cargo bench --bench connect_four`)
//! runs them all.

use gamekit::connect_n::{Position, Shape, Solver};
use std::path::PathBuf;

/// The benchmark positions: `$GAMEKIT_DATA/connect4`, else the kit's copy.
fn data_dir() -> PathBuf {
    std::env::var_os("GAMEKIT_DATA")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures"), PathBuf::from)
        .join("connect4")
}

fn check_sample(set: &str, count: usize) {
    let path = data_dir().join(set);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let shape = Shape::new(7, 6, 4).expect("Connect Four");
    let mut solver = Solver::new(shape);
    for line in text.lines().take(count) {
        let (moves, score) = line.split_once(' ').expect("<moves> <score>");
        let position = Position::from_moves(shape, moves).expect("a legal position");
        solver.reset();
        assert_eq!(solver.solve(&position), score.parse::<i32>().expect("a score"), "{set}: {moves}");
    }
}

#[test]
fn end_easy() {
    check_sample("Test_L3_R1", 200);
}

#[test]
fn middle_easy() {
    check_sample("Test_L2_R1", 100);
}

#[test]
fn begin_easy() {
    check_sample("Test_L1_R1", 50);
}

#[test]
fn middle_medium() {
    check_sample("Test_L2_R2", 10);
}
