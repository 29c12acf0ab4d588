//! Ours against copydetect (PyPI) on the class in `tests/class`: for each tool, the margin
//! (the lowest copied pair's score minus the highest independent pair's), those two pairs,
//! and the time. Then ours over a range of `k` and `window`, and ours on a class of 1,000.
//!
//! `cargo bench -p gamekit-similarity`; copydetect runs from `$COPYDETECT_PYTHON` (relative
//! to the workspace's root), else the workspace's `target/copydetect/bin/python`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use gamekit_similarity::{File, Settings, Submission, compare};

fn scores(class: &[Submission], handout: &[File], settings: &Settings) -> BTreeMap<(String, String), f64> {
    let pairs = compare(class, handout, settings);
    pairs.into_iter().map(|pair| ((pair.a, pair.b), pair.similarity)).collect()
}

fn show(tool: &str, ranking: &common::Ranking, seconds: f64) {
    println!(
        "{tool:<11} margin {:+.3} ({}): lowest copied {}, highest independent {}; {:.1} ms",
        ranking.margin,
        if ranking.is_right() { "every copied pair first" } else { "ranking WRONG" },
        ranking.lowest_copied,
        ranking.highest_independent,
        seconds * 1000.0
    );
}

fn main() {
    let class = common::class();
    let handout = common::handout();
    let ids: Vec<String> = class.iter().map(|submission| submission.id.clone()).collect();
    let settings = Settings::default();
    println!(
        "class: {} submissions, {} copied pairs; ours with k = {}, window = {}, common = {}",
        class.len(),
        common::copies().len(),
        settings.k,
        settings.window,
        settings.common
    );

    let start = Instant::now();
    let ours = scores(&class, &handout, &settings);
    show("ours", &common::ranking(&ids, &ours), start.elapsed().as_secs_f64());

    let python = common::copydetect_python();
    match common::copydetect(&python) {
        Ok(theirs) => {
            let tool = format!("copydetect (noise_t = {}, guarantee_t = {})", theirs.noise_t, theirs.guarantee_t);
            println!("{tool}, the handout's files as boilerplate; a pair's score: its files' best mean similarity");
            show("copydetect", &common::ranking(&ids, &theirs.scores), theirs.seconds);
        }
        Err(error) => println!("copydetect: not run ({}): {}", python.display(), error.trim()),
    }

    println!("\nours, margin by k (rows) and window (columns), common = {}:", settings.common);
    let windows = [1, 4, 8, 12, 17, 24, 32];
    println!("  k {}", windows.map(|window| format!("{window:>7}")).concat());
    for k in [10, 13, 16, 19, 23, 27, 31, 35] {
        let margins = windows.map(|window| {
            let ranking = common::ranking(&ids, &scores(&class, &handout, &Settings { k, window, ..settings }));
            format!("{:>+7.3}", ranking.margin)
        });
        println!("{k:>3} {}", margins.concat());
    }

    // 1,000 submissions: the class's 14, each about 71 times, with the handout's files: a
    // worst case, every submission with some 70 identical twins (a real class shares far less).
    let big: Vec<Submission> = (0..1000)
        .map(|at| Submission { id: format!("{at:04}"), files: class[at % class.len()].files.clone() })
        .collect();
    let start = Instant::now();
    let pairs = compare(&big, &handout, &settings);
    println!(
        "\nours on 1,000 submissions ({} pairs sharing something): {:.2} s",
        pairs.len(),
        start.elapsed().as_secs_f64()
    );
}
