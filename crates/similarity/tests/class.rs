//! The kit's check on a realistic class (`tests/class`, described in its `copies.toml`):
//! with the defaults and the handout's files left out, every copied pair ranks above every
//! independent pair. Prints the margin: the lowest copied pair's similarity minus the highest
//! independent pair's.

mod common;

use std::collections::BTreeMap;

use gamekit_similarity::{Settings, compare};

#[test]
fn every_copied_pair_ranks_above_every_independent_pair() {
    let class = common::class();
    assert_eq!(class.len(), 14);
    assert!(class.iter().all(|submission| submission.files.len() == 3), "lib.rs, main.rs and provided.rs each");
    let pairs = compare(&class, &common::handout(), &Settings::default());
    let scores: BTreeMap<(String, String), f64> =
        pairs.iter().map(|pair| ((pair.a.clone(), pair.b.clone()), pair.similarity)).collect();
    let ids: Vec<String> = class.iter().map(|submission| submission.id.clone()).collect();
    let ranking = common::ranking(&ids, &scores);
    println!(
        "margin {:.3}: lowest copied {}, highest independent {}",
        ranking.margin, ranking.lowest_copied, ranking.highest_independent
    );
    assert!(ranking.is_right(), "{ranking:?}");
}

#[test]
fn the_handouts_files_never_match() {
    let pairs = compare(&common::class(), &common::handout(), &Settings::default());
    let fragments = pairs.iter().flat_map(|pair| &pair.fragments);
    assert!(fragments.clone().count() > 0);
    assert!(fragments.into_iter().all(|fragment| fragment.a.file == "src/lib.rs" && fragment.b.file == "src/lib.rs"));
}

#[test]
fn a_copys_fragments_point_at_the_copied_function() {
    // nour copied gus's valid_move, lines 8 to 46 of gus's lib.rs (and both follow it with
    // has_valid_moves's signature, line 48).
    let pairs = compare(&common::class(), &common::handout(), &Settings::default());
    let pair = pairs.iter().find(|pair| (pair.a.as_str(), pair.b.as_str()) == ("gus", "nour")).unwrap();
    let fragment = &pair.fragments[0];
    assert!(fragment.a.first >= 8 && fragment.a.last <= 48 && fragment.a.last - fragment.a.first > 25, "{fragment:?}");
    assert_eq!(pair.longest, fragment.tokens);
}
