//! `compare`'s behaviours, on small programs written for them.

use super::*;

/// A student's program: a small tic-tac-toe, with comments.
const ORIGINAL: &str = r#"//! Tic-tac-toe.

/// The winning lines.
const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// Who has three in a row, if anyone.
fn winner(board: &[char; 9]) -> Option<char> {
    for line in LINES {
        let first = board[line[0]];
        // An empty line wins nothing.
        if first != '.' && board[line[1]] == first && board[line[2]] == first {
            return Some(first);
        }
    }
    None
}

/// Whether every cell is taken.
fn is_full(board: &[char; 9]) -> bool {
    board.iter().all(|&cell| cell != '.')
}

/// Plays `moves` in turn, X first, until someone wins.
fn play(moves: &[usize]) -> Result<char, String> {
    let mut board = ['.'; 9];
    let mut player = 'X';
    for &cell in moves {
        if cell >= 9 || board[cell] != '.' {
            return Err(format!("cell {cell} is not free"));
        }
        board[cell] = player;
        if let Some(who) = winner(&board) {
            return Ok(who);
        }
        if is_full(&board) {
            return Ok('=');
        }
        player = if player == 'X' { 'O' } else { 'X' };
    }
    Err(String::from("the game is not over"))
}
"#;

/// Other code altogether: a word count.
const UNRELATED: &str = r#"use std::collections::BTreeMap;

struct Counter {
    words: BTreeMap<String, u64>,
    total: u64,
}

impl Counter {
    fn new() -> Self {
        Counter { words: BTreeMap::new(), total: 0 }
    }

    fn add(&mut self, text: &str) {
        for word in text.split_whitespace().map(str::to_lowercase) {
            *self.words.entry(word).or_insert(0) += 1;
            self.total += 1;
        }
    }

    fn most_common(&self, n: usize) -> Vec<(&str, u64)> {
        let mut all: Vec<_> = self.words.iter().map(|(w, &c)| (w.as_str(), c)).collect();
        all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        all.truncate(n);
        all
    }
}

fn main() {
    let mut counter = Counter::new();
    let stdin = std::io::read_to_string(std::io::stdin()).unwrap_or_default();
    counter.add(&stdin);
    for (word, count) in counter.most_common(10) {
        println!("{word:>12} {count:>6} {:.1}%", 100.0 * count as f64 / counter.total.max(1) as f64);
    }
}
"#;

fn renamed(text: &str) -> String {
    [("board", "grid"), ("winner", "who_won"), ("first", "a"), ("player", "turn"), ("cell", "idx"), ("LINES", "WINS")]
        .iter()
        .fold(text.to_owned(), |text, (from, to)| text.replace(from, to))
}

/// Comment lines dropped, and one reworded.
fn without_comments(text: &str) -> String {
    let lines = text.lines().filter(|line| !line.trim_start().starts_with("//"));
    let text: String = lines.map(|line| format!("{line}\n")).collect();
    text.replacen("fn play", "// my own game loop, written on Sunday\nfn play", 1)
}

/// The items in the opposite order.
fn reordered(text: &str) -> String {
    let mut items: Vec<&str> = text.split("\n\n").collect();
    items.reverse();
    items.join("\n\n")
}

/// Braces on lines of their own, and everything shifted down.
fn reformatted(text: &str) -> String {
    let text = without_comments(text).replace(" {\n", "\n{\n").replace("; ", ";\n    ");
    format!("\n\n\n{text}")
}

fn submission(id: &str, text: &str) -> Submission {
    Submission { id: id.into(), files: vec![File::new("src/lib.rs", text)] }
}

fn similarity(a: &str, b: &str, settings: &Settings) -> f64 {
    let pairs = compare(&[submission("a", a), submission("b", b)], &[], settings);
    pairs.first().map_or(0.0, |pair| pair.similarity)
}

/// Settings for these short programs: a few hundred tokens each.
const SMALL: Settings = Settings { k: 12, window: 6, common: 0.5 };

#[test]
fn an_exact_copy_scores_1() {
    assert_eq!(similarity(ORIGINAL, ORIGINAL, &SMALL), 1.0);
    assert_eq!(similarity(ORIGINAL, ORIGINAL, &Settings::default()), 1.0);
}

#[test]
fn renaming_identifiers_hides_nothing() {
    assert_eq!(similarity(ORIGINAL, &renamed(ORIGINAL), &SMALL), 1.0);
}

#[test]
fn dropping_or_rewording_comments_hides_nothing() {
    assert_eq!(similarity(ORIGINAL, &without_comments(ORIGINAL), &SMALL), 1.0);
}

#[test]
fn reordering_functions_hides_little() {
    // Only the k-grams that span two items are lost.
    let score = similarity(ORIGINAL, &reordered(ORIGINAL), &SMALL);
    assert!(score > 0.85, "{score}");
}

#[test]
fn reformatting_hides_nothing() {
    assert_eq!(similarity(ORIGINAL, &reformatted(ORIGINAL), &SMALL), 1.0);
}

#[test]
fn all_four_at_once_still_score_near_1() {
    let disguised = reformatted(&reordered(&renamed(ORIGINAL)));
    let score = similarity(ORIGINAL, &disguised, &SMALL);
    assert!(score > 0.85, "{score}");
    // The defaults are for longer files: a reordered item loses up to k + window tokens.
    let score = similarity(ORIGINAL, &disguised, &Settings::default());
    assert!(score > 0.6, "{score}");
}

#[test]
fn unrelated_code_scores_near_0() {
    let score = similarity(ORIGINAL, UNRELATED, &SMALL);
    assert!(score < 0.1, "{score}");
}

#[test]
fn the_handouts_code_alone_scores_0() {
    let handout = [File::new("src/game.rs", ORIGINAL)];
    let class = [submission("a", ORIGINAL), submission("b", &renamed(ORIGINAL))];
    assert_eq!(compare(&class, &handout, &SMALL), []);
    // Both add their own code to the handout's: only that counts.
    let with = |own: &str| Submission {
        id: own.len().to_string(),
        files: vec![File::new("src/game.rs", ORIGINAL), File::new("src/lib.rs", own)],
    };
    let pairs = compare(&[with(UNRELATED), with(&without_comments(UNRELATED))], &handout, &SMALL);
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].similarity, 1.0);
    assert!(pairs[0].fragments.iter().all(|fragment| fragment.a.file == "src/lib.rs"));
}

/// A long expression that no other seed writes alike: 300 operators drawn from eight.
fn own_code(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut text = String::from("fn own() -> i64 {\n    let v = 1");
    for term in 0..300 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let op = ["+", "-", "*", "/", "%", "&", "|", "^"][(state >> 20) as usize % 8];
        text += &format!(" {op} {term}");
        if term % 10 == 9 {
            text += "\n       ";
        }
    }
    text + ";\n    v\n}\n"
}

#[test]
fn code_most_of_the_class_shares_is_ignored() {
    // Five of six submissions have the same function besides their own code.
    let class: Vec<Submission> = (0..6)
        .map(|i| {
            let shared = if i < 5 { ORIGINAL } else { "" };
            Submission {
                id: format!("s{i}"),
                files: vec![File::new("src/lib.rs", format!("{shared}\n{}", own_code(i)))],
            }
        })
        .collect();
    let pairs = compare(&class, &[], &SMALL);
    assert!(pairs.iter().all(|pair| pair.similarity < 0.05), "{pairs:#?}");
    let everything = Settings { common: 1.0, ..SMALL };
    let pairs = compare(&class, &[], &everything);
    let sharing = pairs.iter().filter(|pair| pair.b != "s5");
    assert_eq!(sharing.clone().count(), 10);
    assert!(sharing.clone().all(|pair| pair.similarity > 0.2), "{pairs:#?}");
    // A pair is always kept, however small the class.
    let strict = Settings { common: 0.0, ..SMALL };
    assert_eq!(compare(&class[..2], &[], &strict).len(), 1);
}

#[test]
fn fragments_point_at_the_copied_lines() {
    let function = "fn is_full(board: &[char; 9]) -> bool {\n    board.iter().all(|&cell| cell != '.')\n}\n";
    let winner: String = ORIGINAL.lines().skip(6).take(10).map(|line| format!("{line}\n")).collect();
    assert!(winner.starts_with("fn winner") && winner.ends_with("}\n"), "{winner}");
    // a: the copied function on lines 5 to 14; b: on lines 2 to 11, renamed and unindented.
    let a = format!("{function}\n{winner}\n{}", own_code(1));
    let b = format!("\n{}\n{}", renamed(&winner).replace("    ", ""), UNRELATED);
    let class = [submission("a", &a), submission("b", &b)];
    // Every k-gram a fingerprint: the run exactly.
    let pairs = compare(&class, &[], &Settings { k: 8, window: 1, common: 0.5 });
    let fragment = &pairs[0].fragments[0];
    assert_eq!((fragment.a.first, fragment.a.last), (5, 14), "{fragment:?}");
    assert_eq!((fragment.b.first, fragment.b.last), (2, 11), "{fragment:?}");
    assert_eq!(pairs[0].longest, fragment.tokens);
    // Winnowed: within the run, its ends perhaps a little short.
    let pairs = compare(&class, &[], &Settings { k: 8, window: 4, common: 0.5 });
    let fragment = &pairs[0].fragments[0];
    assert!((5..=6).contains(&fragment.a.first) && (13..=14).contains(&fragment.a.last), "{fragment:?}");
    assert_eq!((fragment.b.first + 3, fragment.b.last + 3), (fragment.a.first, fragment.a.last));
}

#[test]
fn pairs_come_most_similar_first_then_by_ids() {
    let class = [
        submission("d", ORIGINAL),
        submission("c", &format!("{ORIGINAL}\n{}", own_code(3))),
        submission("b", ORIGINAL),
        submission("a", UNRELATED),
    ];
    let pairs = compare(&class, &[], &Settings { common: 1.0, ..SMALL });
    let names: Vec<(&str, &str)> = pairs.iter().map(|pair| (pair.a.as_str(), pair.b.as_str())).collect();
    assert_eq!(names[..3], [("d", "b"), ("c", "b"), ("d", "c")]);
    assert!(pairs[1].share_b > pairs[1].share_a);
}

#[test]
fn empty_and_broken_files_are_compared_like_any_other() {
    let broken = "fn f( { { \"unterminated /* \u{fffd} '";
    let class = [submission("a", ""), submission("b", broken), submission("c", &format!("{ORIGINAL}}}}}"))];
    let pairs = compare(&class, &[File::new("x", "")], &SMALL);
    assert!(pairs.is_empty(), "{pairs:?}");
    let lossy = File::from_bytes("bad.rs", b"fn main() { \xff\xfe }");
    assert_eq!(lossy.text, "fn main() { \u{fffd}\u{fffd} }");
}
