//! `cargo bench --bench connect_four [SET…]`: gamekit's Connect N engine on the standard
//! Connect Four test sets, as `gamekit bench connect-four` prints it (see
//! [`gamekit::bench::connect_four`]): for each set, the mean and median time and the mean
//! positions searched, every score checked.
//!
//! SET is a set's name or file (`begin-medium`, `Test_L1_R2`; all six by default).
//! `GAMEKIT_BENCH_LIMIT=N` solves only the first N positions of each set, and
//! `GAMEKIT_DATA=DIR` reads the sets from `DIR/connect4` instead of `fixtures/connect4`.

use std::path::PathBuf;

fn main() {
    let data = std::env::var_os("GAMEKIT_DATA").map_or_else(gamekit::bench::default_data, PathBuf::from);
    let limit = std::env::var("GAMEKIT_BENCH_LIMIT").ok().and_then(|limit| limit.parse().ok());
    let sets: Vec<String> = std::env::args().skip(1).filter(|arg| !arg.starts_with('-')).collect();
    if let Err(error) = gamekit::bench::connect_four(&data, &sets, 0, limit, None, &mut std::io::stdout()) {
        eprintln!("{error}");
        std::process::exit(1);
    }
}
