//! `cargo bench --bench smart_player`: the connect_n solution's SmartPlayer.
//!
//! 1. The spec's time table: for each size, the median time of a move from the empty
//!    scaffold (11 runs, a new player each) and over 25 random positions of the game.
//! 2. Connect Four (7 × 6, N = 4) under a time budget (`GAMEKIT_BENCH_BUDGET` seconds a move,
//!    1 by default; the game's default is 9.9): on the first `GAMEKIT_BENCH_LIMIT` (10)
//!    positions of each standard test set, the median time of a move and how many of the
//!    moves were perfect (the best exact value, by gamekit's solver).

use connect_n::{BLACK, Player, RED, Scaffold, SmartPlayer};
use gamekit::connect_n::{Column, Position, Shape, Solver};
use gamekit::game::Game;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const TABLE: [(usize, usize, usize); 7] =
    [(3, 5, 5), (4, 4, 3), (5, 3, 2), (5, 2, 5), (6, 2, 3), (10, 2, 2), (10, 1, 4)];

const SETS: [(&str, &str); 5] = [
    ("Test_L3_R1", "end-easy"),
    ("Test_L2_R1", "middle-easy"),
    ("Test_L2_R2", "middle-medium"),
    ("Test_L1_R1", "begin-easy"),
    ("Test_L1_R2", "begin-medium"),
];

fn main() {
    println!("The spec's time table (10 s a move allowed)");
    println!("{:<22} {:>18} {:>24}", "columns × levels, N", "empty scaffold", "random positions (25)");
    for (columns, levels, n) in TABLE {
        let shape = Shape::new(columns, levels, n).expect("a size of the table");
        let empty = Scaffold::new(columns as i32, levels as i32).expect("a size of the table");
        let from_empty: Vec<Duration> =
            (0..11).map(|_| time_move(&mut SmartPlayer::new("bench"), &empty, n, RED)).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let random: Vec<Duration> = (0..25)
            .map(|_| {
                let (scaffold, color) = random_position(shape, &mut rng);
                time_move(&mut SmartPlayer::new("bench"), &scaffold, n, color)
            })
            .collect();
        println!(
            "{:<22} {:>18} {:>24}",
            format!("{columns} × {levels}, N = {n}"),
            show(median(from_empty)),
            show(median(random))
        );
    }
    connect_four();
}

fn connect_four() {
    let budget: f64 = std::env::var("GAMEKIT_BENCH_BUDGET").ok().and_then(|budget| budget.parse().ok()).unwrap_or(1.0);
    let limit: usize = std::env::var("GAMEKIT_BENCH_LIMIT").ok().and_then(|limit| limit.parse().ok()).unwrap_or(10);
    let dir = std::env::var_os("GAMEKIT_DATA")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures"), PathBuf::from)
        .join("connect4");
    let shape = Shape::new(7, 6, 4).expect("Connect Four");
    let mut solver = Solver::new(shape);
    let mut smart = SmartPlayer::with_budget("bench", Duration::from_secs_f64(budget));
    println!("\nConnect Four, {budget} s a move, the first {limit} positions of each set");
    println!("{:<12} {:<14} {:>14} {:>14} {:>10}", "set", "", "median time", "longest", "perfect");
    for (set, name) in SETS {
        let Ok(text) = std::fs::read_to_string(dir.join(set)) else {
            println!("{set:<12} {name:<14} (no file)");
            continue;
        };
        let (mut times, mut perfect) = (Vec::new(), 0);
        for line in text.lines().take(limit) {
            let moves = line.split_whitespace().next().expect("<moves> <score>");
            let position = Position::from_moves(shape, moves).expect("a legal position");
            let mut scaffold = Scaffold::new(7, 6).expect("Connect Four");
            for (index, column) in moves.bytes().enumerate() {
                scaffold.make_move(i32::from(column - b'0'), if index % 2 == 0 { RED } else { BLACK });
            }
            let color = if moves.len() % 2 == 0 { RED } else { BLACK };
            let started = Instant::now();
            let column = smart.choose_move(&scaffold, 4, color);
            times.push(started.elapsed());
            solver.reset();
            let values = solver.analyze(&position);
            let best = values.iter().flatten().max().copied();
            perfect += usize::from(values[(column - 1) as usize] == best);
        }
        let count = times.len();
        let longest = times.iter().max().copied().unwrap_or_default();
        println!(
            "{set:<12} {name:<14} {:>14} {:>14} {:>10}",
            show(median(times)),
            show(longest),
            format!("{perfect}/{count}")
        );
    }
}

fn time_move(smart: &mut SmartPlayer, scaffold: &Scaffold, n: usize, color: i32) -> Duration {
    let started = Instant::now();
    std::hint::black_box(smart.choose_move(scaffold, n as i32, color));
    started.elapsed()
}

/// A position after random moves, the game not over, and the colour to move.
fn random_position(shape: Shape, rng: &mut ChaCha8Rng) -> (Scaffold, i32) {
    loop {
        let mut position = Position::new(shape);
        let mut scaffold = Scaffold::new(shape.columns() as i32, shape.levels() as i32).expect("a size");
        let moves = rng.random_range(0..shape.columns() * shape.levels());
        while (position.stones() as usize) < moves {
            let column = Column::from_index(rng.random_range(0..shape.columns()));
            if !position.can_play(column) || position.is_winning_move(column) {
                break;
            }
            scaffold.make_move(column.number() as i32, if position.stones() % 2 == 0 { RED } else { BLACK });
            position.play_unchecked(column);
        }
        if !position.is_over() {
            return (scaffold, if position.stones() % 2 == 0 { RED } else { BLACK });
        }
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn show(time: Duration) -> String {
    let seconds = time.as_secs_f64();
    if seconds < 1e-3 { format!("{:.1} µs", seconds * 1e6) } else { format!("{:.2} ms", seconds * 1e3) }
}
