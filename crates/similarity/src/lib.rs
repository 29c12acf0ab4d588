//! # gamekit-similarity
//!
//! Copied code among a class's Rust submissions, found the way MOSS, JPlag, Dolos and
//! copydetect find it: fingerprints of the token stream, winnowed. [`compare`] takes the
//! class, the handout's files and [`Settings`], and returns every pair of submissions that
//! shares something, most similar first, with the matching fragments to show side by side.
//!
//! ## The algorithm
//! 1. Every file is cut into tokens ([`lexer::tokenize`]): comments (doc comments too) and
//!    whitespace are dropped, every identifier that is not a keyword becomes the same token,
//!    literals keep their kind but not their value, keywords and punctuation stay. Renaming,
//!    rewording or dropping comments and reformatting therefore change nothing.
//! 2. Every run of [`Settings::k`] consecutive tokens (a k-gram) is hashed, and winnowing
//!    (Schleimer, Wilkerson and Aiken, 2003, the algorithm behind MOSS) keeps, in every
//!    window of [`Settings::window`] consecutive k-grams, the one with the smallest hash (the
//!    rightmost on a tie): the file's fingerprints. Each keeps its file, token index and
//!    lines. Any common run of at least `k + window - 1` tokens gives the two files a common
//!    fingerprint wherever it sits in them, so reordering functions hides nothing.
//! 3. What is not the students' own is removed: every fingerprint whose hash is a k-gram of
//!    the handout's files (all of the handout's k-grams, not only its winnowed ones), and
//!    every fingerprint found in more than [`Settings::common`] of the submissions.
//! 4. An inverted index from fingerprint to submissions gives the pairs that share one; only
//!    those are compared. A pair's [`Pair::similarity`] is the share of both sides'
//!    fingerprints that the other side has (Dolos's formula):
//!    `(shared_a + shared_b) / (total_a + total_b)`, where `shared_a` counts a's
//!    fingerprints whose hash b has too, and `total_a` all of a's (after step 3).
//! 5. Matching fingerprints that follow each other on both sides at the same distance are
//!    merged into [`Fragment`]s, the runs a person compares side by side.
//!
//! ## What it cannot see
//! - Code rewritten by hand, or the same logic re-expressed with other control flow (a
//!   `for` loop turned into an iterator chain, a table of directions into eight `if`s):
//!   the token streams differ, so the fingerprints do.
//! - Copied runs shorter than `k` tokens, and short files: a submission's own part must
//!   have at least `k` tokens to have a fingerprint at all. Runs from `k` to
//!   `k + window - 2` tokens are seen only by chance.
//! - Copies from outside the class (last year's, the web's, a generator's): only the
//!   submissions passed in are compared. Two students who both copied from the same place
//!   do show up as a pair.
//! - Code most of the class shares is left out on purpose: if most of a class copied the
//!   same answer, that answer is invisible.
//!
//! A high score is a reason to look, not a verdict: students solving the same small exercise
//! to the same specification write alike, and the fragments are there so that a person
//! judges.
//!
//! ```
//! use gamekit_similarity::{compare, File, Settings, Submission};
//! let original = "fn area(width: u32, height: u32) -> u32 {\n    let mut total = 0;\n    for _ in 0..height {\n        total += width;\n    }\n    total\n}\n";
//! let copy = "// my own work\nfn surface(w: u32, h: u32) -> u32 { let mut s = 0; for _ in 0..h { s += w; } s }\n";
//! let unrelated = "struct Point { x: f64, y: f64 }\nimpl Point { fn norm(&self) -> f64 { (self.x * self.x + self.y * self.y).sqrt() } }\n";
//! let submission = |id: &str, text: &str| Submission { id: id.into(), files: vec![File::new("src/lib.rs", text)] };
//! let class = [submission("ann", original), submission("bob", copy), submission("cy", unrelated)];
//! let settings = Settings { k: 8, window: 4, ..Settings::default() };
//! let pairs = compare(&class, &[], &settings);
//! assert_eq!((pairs[0].a.as_str(), pairs[0].b.as_str()), ("ann", "bob"));
//! assert_eq!(pairs[0].similarity, 1.0);
//! assert_eq!(pairs[0].fragments[0].b.first, 2);
//! assert!(pairs.iter().all(|pair| pair.b != "cy" || pair.similarity < 0.5));
//! ```
#![forbid(unsafe_code)]

pub mod lexer;
mod winnow;

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use winnow::Fingerprint;

/// A source file: its path (as shown in [`Lines::file`]) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The path, as the submission names it (`src/lib.rs`).
    pub path: String,
    /// The text.
    pub text: String,
}

impl File {
    /// A file from its path and text.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> File {
        File { path: path.into(), text: text.into() }
    }

    /// A file from its path and bytes, read lossily: what is not UTF-8 becomes U+FFFD.
    pub fn from_bytes(path: impl Into<String>, bytes: &[u8]) -> File {
        File::new(path, String::from_utf8_lossy(bytes))
    }
}

/// One student's submission: an id (unique in the class) and its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// The submission's id, as [`Pair::a`] and [`Pair::b`] name it.
    pub id: String,
    /// Its files, the handout's included or not: the handout's code is left out anyway.
    pub files: Vec<File>,
}

/// The parameters of [`compare`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Tokens in a k-gram: a copied run shorter than this is never seen, and a longer `k`
    /// makes coincidences rarer. Values below 1 count as 1.
    pub k: usize,
    /// K-grams in a winnowing window: one fingerprint at least every `window` k-grams, so any
    /// common run of `k + window - 1` tokens or more is always found. Values below 1 count
    /// as 1 (every k-gram a fingerprint).
    pub window: usize,
    /// The share of the class (0 to 1) above which a fingerprint counts as the class's
    /// common code and is left out; 1 leaves everything in. A fingerprint that only two
    /// submissions share is always kept, whatever the class's size: that is what a copy
    /// looks like.
    pub common: f64,
}

impl Default for Settings {
    /// `k = 27`, `window = 17`, `common = 0.5`.
    ///
    /// Tuned on the reversi class in `tests/class` (`cargo bench -p gamekit-similarity` prints
    /// the margin for a grid of both): every copied pair ranks above every independent one
    /// for every `k` from 10 to 35 and `window` from 1 to 32; from `k = 27` on the margin is
    /// larger (0.24 here, against 0.19 at Dolos's 23 and 17) and varies little with the
    /// window, and a run of 43 tokens (about four lines) is still always found. A fingerprint
    /// in more than half of the class is shared by more students than a copy ring is likely
    /// to have, and is most likely what the specification dictates.
    fn default() -> Settings {
        Settings { k: 27, window: 17, common: 0.5 }
    }
}

/// Two submissions that share fingerprints, and how much.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pair {
    /// The id of the submission that comes first in the class.
    pub a: String,
    /// The id of the other one.
    pub b: String,
    /// `(shared_a + shared_b) / (total_a + total_b)`, from 0 to 1: both sides' fingerprints
    /// found in the other side, over both sides' fingerprints.
    pub similarity: f64,
    /// The share of a's fingerprints found in b.
    pub share_a: f64,
    /// The share of b's fingerprints found in a.
    pub share_b: f64,
    /// The longest fragment, in tokens: the longest common run found (a run's first and last
    /// few tokens can fall outside it, where winnowing chose no common fingerprint).
    pub longest: usize,
    /// The matching runs, largest first.
    pub fragments: Vec<Fragment>,
}

/// A run of code that two submissions share: where it is on each side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fragment {
    /// The run's lines in [`Pair::a`]'s submission.
    pub a: Lines,
    /// The run's lines in [`Pair::b`]'s submission.
    pub b: Lines,
    /// Its length in tokens.
    pub tokens: usize,
}

/// Lines of a file, 1-based and inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lines {
    /// The file's path, as in [`File::path`].
    pub file: String,
    /// The first line.
    pub first: usize,
    /// The last line.
    pub last: usize,
}

/// Every pair of submissions of `class` that shares code, most similar first (ties in the
/// order of the ids), leaving out what the `handout` has and what more than
/// [`Settings::common`] of the class shares. Pairs that share nothing are not listed.
///
/// The crate's documentation says how, and what it cannot see.
pub fn compare(class: &[Submission], handout: &[File], settings: &Settings) -> Vec<Pair> {
    let (k, window) = (settings.k.max(1), settings.window.max(1));
    let handout: HashSet<u64> =
        handout.iter().flat_map(|file| winnow::kgram_hashes(&lexer::tokenize(&file.text), k)).collect();
    let mut prints: Vec<Vec<Fingerprint>> = class
        .iter()
        .map(|submission| {
            let mut prints: Vec<Fingerprint> = submission
                .files
                .iter()
                .enumerate()
                .flat_map(|(index, file)| winnow::fingerprints(&lexer::tokenize(&file.text), index, k, window))
                .filter(|print| !handout.contains(&print.hash))
                .collect();
            prints.sort_by_key(|print| (print.hash, print.file, print.token));
            prints
        })
        .collect();

    // The inverted index: each hash, the submissions that have it.
    let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
    for (submission, prints) in prints.iter().enumerate() {
        for (at, print) in prints.iter().enumerate() {
            if at == 0 || prints[at - 1].hash != print.hash {
                index.entry(print.hash).or_default().push(submission);
            }
        }
    }
    let is_common = |holders: usize| holders > 2 && holders as f64 > settings.common * class.len() as f64;
    for prints in &mut prints {
        prints.retain(|print| !is_common(index[&print.hash].len()));
    }
    let mut candidates: HashSet<(usize, usize)> = HashSet::new();
    for holders in index.values().filter(|holders| !is_common(holders.len())) {
        for (at, &a) in holders.iter().enumerate() {
            candidates.extend(holders[at + 1..].iter().map(|&b| (a, b)));
        }
    }

    let mut pairs: Vec<Pair> =
        candidates.into_iter().map(|(a, b)| pair(&class[a], &class[b], &prints[a], &prints[b], k, window)).collect();
    pairs.sort_by(|x, y| y.similarity.total_cmp(&x.similarity).then_with(|| (&x.a, &x.b).cmp(&(&y.a, &y.b))));
    pairs
}

/// The pair of `a` and `b`, from their fingerprints sorted by hash.
fn pair(
    a: &Submission,
    b: &Submission,
    prints_a: &[Fingerprint],
    prints_b: &[Fingerprint],
    k: usize,
    window: usize,
) -> Pair {
    let (mut shared_a, mut shared_b) = (0, 0);
    let mut matches: Vec<(&Fingerprint, &Fingerprint)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < prints_a.len() && j < prints_b.len() {
        let hash = prints_a[i].hash;
        if hash < prints_b[j].hash {
            i += 1;
        } else if hash > prints_b[j].hash {
            j += 1;
        } else {
            let end_a = i + prints_a[i..].iter().take_while(|print| print.hash == hash).count();
            let end_b = j + prints_b[j..].iter().take_while(|print| print.hash == hash).count();
            shared_a += end_a - i;
            shared_b += end_b - j;
            for print_a in &prints_a[i..end_a] {
                matches.extend(prints_b[j..end_b].iter().map(|print_b| (print_a, print_b)));
            }
            (i, j) = (end_a, end_b);
        }
    }
    let share = |shared: usize, total: usize| if total == 0 { 0.0 } else { shared as f64 / total as f64 };
    let fragments = fragments(a, b, matches, k, window);
    Pair {
        a: a.id.clone(),
        b: b.id.clone(),
        similarity: share(shared_a + shared_b, prints_a.len() + prints_b.len()),
        share_a: share(shared_a, prints_a.len()),
        share_b: share(shared_b, prints_b.len()),
        longest: fragments.first().map_or(0, |fragment| fragment.tokens),
        fragments,
    }
}

/// The matches merged into runs, largest first: matches in the same two files at the same
/// offset (both sides advance together) that are at most `window` k-grams apart, as
/// winnowing guarantees within a common run, belong to one run.
fn fragments(
    a: &Submission,
    b: &Submission,
    mut matches: Vec<(&Fingerprint, &Fingerprint)>,
    k: usize,
    window: usize,
) -> Vec<Fragment> {
    let diagonal = |(x, y): &(&Fingerprint, &Fingerprint)| (x.file, y.file, x.token as isize - y.token as isize);
    matches.sort_by_key(|pair| (diagonal(pair), pair.0.token));
    let mut fragments: Vec<Fragment> = Vec::new();
    let mut start = 0;
    for end in 1..=matches.len() {
        let continues = end < matches.len()
            && diagonal(&matches[end]) == diagonal(&matches[end - 1])
            && matches[end].0.token - matches[end - 1].0.token <= window;
        if continues {
            continue;
        }
        let ((first_a, first_b), (last_a, last_b)) = (matches[start], matches[end - 1]);
        let lines = |submission: &Submission, first: &Fingerprint, last: &Fingerprint| Lines {
            file: submission.files[first.file].path.clone(),
            first: first.first_line,
            last: last.last_line,
        };
        fragments.push(Fragment {
            a: lines(a, first_a, last_a),
            b: lines(b, first_b, last_b),
            tokens: last_a.token + k - first_a.token,
        });
        start = end;
    }
    fragments.sort_by(|x, y| {
        y.tokens.cmp(&x.tokens).then_with(|| {
            (&x.a.file, x.a.first, &x.b.file, x.b.first).cmp(&(&y.a.file, y.a.first, &y.b.file, y.b.first))
        })
    });
    fragments
}

#[cfg(test)]
mod tests;
