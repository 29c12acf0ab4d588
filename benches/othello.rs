//! `cargo bench --bench othello`: gamekit's Reversi engine, as `gamekit bench othello` prints
//! it (see [`gamekit::bench`]):
//! - perft from the standard start to depth 10, each published count checked: the median of
//!   five runs of each depth;
//! - the exact endgame solver on FFO #40–#49 (`FFO_FIRST` and `FFO_LAST` choose others, from
//!   #1 to #79), each answer checked: one solve each with a fresh table, its time and positions
//!   searched.

fn main() {
    let number = |name, default| std::env::var(name).ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    let endgames = number("FFO_FIRST", 40)..=number("FFO_LAST", 49);
    if let Err(error) = gamekit::bench::othello(&gamekit::bench::default_data(), 10, endgames, &mut std::io::stdout()) {
        eprintln!("{error}");
        std::process::exit(1);
    }
}
