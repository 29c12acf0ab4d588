//! Hashes of token k-grams, and winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local
//! algorithms for document fingerprinting", SIGMOD 2003).

use crate::lexer::{Kind, Token};

/// One selected k-gram of a file: its hash and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    pub hash: u64,
    /// The file's index in its submission.
    pub file: usize,
    /// The index of the k-gram's first token in the file.
    pub token: usize,
    /// The lines (1-based, inclusive) of the k-gram's first and last tokens.
    pub first_line: usize,
    pub last_line: usize,
}

/// The hash of every k-gram of `tokens`, in order: `tokens.len() - k + 1` of them, none when
/// there are fewer than `k` tokens.
pub(crate) fn kgram_hashes(tokens: &[Token], k: usize) -> Vec<u64> {
    let kinds: Vec<u64> = tokens.iter().map(|token| kind_hash(token.kind)).collect();
    kinds
        .windows(k)
        .map(|kgram| mix(kgram.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &kind| mix(hash ^ kind))))
        .collect()
}

/// The k-grams winnowing keeps from `hashes`: in every window of `window` consecutive
/// hashes, the minimum (the rightmost one when it occurs more than once), each k-gram once.
/// A file with fewer hashes than a window is one window. Returns their indexes, increasing.
///
/// Any run of at least `window + k - 1` tokens that two files share therefore yields at
/// least one common fingerprint, and no run shorter than `k` tokens does.
pub(crate) fn winnow(hashes: &[u64], window: usize) -> Vec<usize> {
    let window = window.clamp(1, hashes.len().max(1));
    let mut kept: Vec<usize> = Vec::new();
    for start in 0..(hashes.len() + 1).saturating_sub(window) {
        let mut min = start;
        for at in start + 1..start + window {
            if hashes[at] <= hashes[min] {
                min = at;
            }
        }
        if kept.last() != Some(&min) {
            kept.push(min);
        }
    }
    kept
}

/// The fingerprints of one file (index `file` in its submission).
pub(crate) fn fingerprints(tokens: &[Token], file: usize, k: usize, window: usize) -> Vec<Fingerprint> {
    let hashes = kgram_hashes(tokens, k);
    winnow(&hashes, window)
        .into_iter()
        .map(|token| Fingerprint {
            hash: hashes[token],
            file,
            token,
            first_line: tokens[token].line,
            last_line: tokens[token + k - 1].line,
        })
        .collect()
}

/// A token kind as a number, the same on every run and machine.
fn kind_hash(kind: Kind) -> u64 {
    let text = match kind {
        Kind::Ident => "i".to_owned(),
        Kind::Lifetime => "l".to_owned(),
        Kind::Str => "s".to_owned(),
        Kind::Char => "c".to_owned(),
        Kind::Number => "n".to_owned(),
        Kind::Keyword(word) => format!("k{word}"),
        Kind::Punct(punct) => format!("p{punct:?}"),
    };
    // FNV-1a.
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// SplitMix64's finaliser: every bit of the input moves every bit of the output, so the
/// minimum of a window is any of its k-grams with the same chance.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::tokenize;

    #[test]
    fn a_kgram_hash_depends_on_the_kinds_only() {
        let hashes = kgram_hashes(&tokenize("let a = b + 1; let x = y + 22;"), 6);
        assert_eq!(hashes.len(), 14 - 6 + 1);
        assert_eq!(hashes[0], hashes[7]);
        assert_ne!(hashes[0], hashes[1]);
        assert!(kgram_hashes(&tokenize("a b"), 3).is_empty());
    }

    #[test]
    fn winnowing_keeps_the_rightmost_minimum_of_every_window() {
        // The paper's example, windows of 4.
        let hashes = [77, 74, 42, 17, 98, 50, 17, 98, 8, 88, 67, 39, 77, 74, 42, 17, 98];
        let kept: Vec<u64> = winnow(&hashes, 4).into_iter().map(|at| hashes[at]).collect();
        assert_eq!(kept, [17, 17, 8, 39, 17]);
    }

    #[test]
    fn ties_keep_the_rightmost_and_each_kgram_once() {
        assert_eq!(winnow(&[5, 5, 5, 5], 2), [1, 2, 3]);
        assert_eq!(winnow(&[3, 1, 2], 10), [1]);
        assert_eq!(winnow(&[], 4), Vec::<usize>::new());
        assert_eq!(winnow(&[9, 8, 7], 1), [0, 1, 2]);
    }

    #[test]
    fn a_fingerprint_knows_its_lines() {
        let tokens = tokenize("a\nb\n\nc d");
        let prints = fingerprints(&tokens, 3, 2, 1);
        assert_eq!(prints.len(), 3);
        assert_eq!((prints[1].file, prints[1].token, prints[1].first_line, prints[1].last_line), (3, 1, 2, 4));
    }
}
