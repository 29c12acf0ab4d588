//! Ours against copydetect (PyPI), on the class in `tests/class`: our margin (the lowest
//! copied pair's score minus the highest independent pair's) is at least copydetect's with
//! its documented defaults. Needs copydetect: the build script marks this test ignored where
//! it is missing, and fails the build under CI.

mod common;

use std::collections::BTreeMap;

use gamekit_similarity::{Settings, compare};

#[test]
#[cfg_attr(
    no_copydetect,
    ignore = "copydetect is not installed: python3 -m venv target/copydetect && target/copydetect/bin/pip install copydetect (then touch crates/similarity/build.rs), or set COPYDETECT_PYTHON"
)]
fn our_margin_is_at_least_copydetects() {
    let class = common::class();
    let ids: Vec<String> = class.iter().map(|submission| submission.id.clone()).collect();
    let pairs = compare(&class, &common::handout(), &Settings::default());
    let ours: BTreeMap<(String, String), f64> =
        pairs.iter().map(|pair| ((pair.a.clone(), pair.b.clone()), pair.similarity)).collect();
    let ours = common::ranking(&ids, &ours);
    let theirs = common::copydetect(&common::copydetect_python()).unwrap();
    let theirs = common::ranking(&ids, &theirs.scores);
    println!("ours: margin {:.3} ({}, {})", ours.margin, ours.lowest_copied, ours.highest_independent);
    println!("copydetect: margin {:.3} ({}, {})", theirs.margin, theirs.lowest_copied, theirs.highest_independent);
    assert!(ours.margin >= theirs.margin, "ours {ours:?}\ncopydetect {theirs:?}");
}
