//! gamekit's Connect N engine against the standard Connect Four test sets
//! (`fixtures/connect4/`, a copy of the shared benchmark data, or `$GAMEKIT_DATA/connect4`):
//! exact on a sample of every set small enough to solve in a debug build, through the same
//! checks as the benchmark (`gamekit bench connect-four`), which runs them all.

use std::path::PathBuf;

fn check_sample(set: &str, count: usize) {
    let data = std::env::var_os("GAMEKIT_DATA").map_or_else(gamekit::bench::default_data, PathBuf::from);
    let run = gamekit::bench::connect_four(&data, &[set.to_owned()], 0, Some(count), None, &mut std::io::sink());
    if let Err(error) = run {
        panic!("{error}");
    }
}

#[test]
fn end_easy() {
    check_sample("end-easy", 200);
}

#[test]
fn middle_easy() {
    check_sample("middle-easy", 100);
}

#[test]
fn begin_easy() {
    check_sample("begin-easy", 50);
}

#[test]
fn middle_medium() {
    check_sample("middle-medium", 10);
}
