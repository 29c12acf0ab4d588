//! gamekit's Reversi engine against the published perft counts (`fixtures/othello/perft.txt`)
//! from the standard start, as deep as a debug build counts quickly; `cargo bench --bench
//! othello` and `gamekit perft othello --depth 10` go to depth 10.

use gamekit::game::perft;
use gamekit::othello::Board;

#[test]
fn perft_matches_the_published_counts() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/othello/perft.txt")).unwrap();
    let counts = text.lines().filter(|line| !line.starts_with('#')).map(|line| {
        let (depth, count) = line.split_once(' ').expect("depth count");
        (depth.parse::<u32>().unwrap(), count.parse::<u64>().unwrap())
    });
    for (depth, count) in counts.filter(|&(depth, _)| depth <= 7) {
        assert_eq!(perft(&Board::start(), depth), count, "perft({depth})");
    }
}
