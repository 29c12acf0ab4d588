//! `cargo bench --bench othello`: gamekit's Reversi engine.
//! - Perft from the standard start to depth 10 (the published counts in
//!   `fixtures/othello/perft.txt` are checked): the median of five runs of each depth.
//! - The exact endgame solver on FFO #40–#49 (`fixtures/othello/fforum-40-59.obf`, each
//!   score checked): one solve each with a fresh table, its time and positions searched.

use gamekit::othello::Board;
use gamekit::othello::endgame::Solver;
use gamekit::othello::ffo::Problem;
use std::time::Instant;

fn main() {
    perft();
    endgame();
}

fn perft() {
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

fn endgame() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/othello/fforum-40-59.obf"))
        .expect("fixtures/othello/fforum-40-59.obf");
    let numbers = |name, default| std::env::var(name).ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    let (first, last): (usize, usize) = (numbers("FFO_FIRST", 40), numbers("FFO_LAST", 49));
    println!(
        "\n{:>4} {:>7} {:>6} {:>5} {:>10} {:>14} {:>12}",
        "FFO", "empties", "score", "move", "time", "nodes", "nodes/s"
    );
    let (mut total_time, mut total_nodes) = (0.0, 0);
    for (number, line) in (40..).zip(text.lines()).filter(|(number, _)| (first..=last).contains(number)) {
        let problem: Problem = line.parse().expect("an FFO line");
        let mut solver = Solver::new();
        let started = Instant::now();
        let solution = solver.solve(&problem.board);
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(solution.score, problem.scores[0].1, "FFO #{number}");
        let best = solution.best.expect("a move");
        assert!(problem.scores.contains(&(best, solution.score)), "FFO #{number}: {best} is not a best move");
        (total_time, total_nodes) = (total_time + seconds, total_nodes + solver.nodes());
        println!(
            "{number:>4} {:>7} {:>+6} {:>5} {:>8.3} s {:>14} {:>12.0}",
            problem.board.empty().count_ones(),
            solution.score,
            gamekit::othello::square_name(best),
            seconds,
            solver.nodes(),
            solver.nodes() as f64 / seconds
        );
    }
    println!("total {:>27.3} s {total_nodes:>14} {:>12.0}", total_time, total_nodes as f64 / total_time);
}
