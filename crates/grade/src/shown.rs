//! The one gate for text a submission brings: its id (a folder's or a zip's name), its file
//! and package names, its panic messages, what its program printed, the compiler's messages
//! that quote it. Every such text passes here before the grader keeps it in a report or an
//! error, so none of its bytes reaches a terminal, a text report, a CSV cell, the class page
//! or the Gradescope and Classroom results as anything but visible text: an escape sequence
//! that would retitle or clear the instructor's terminal, a carriage return that would
//! print a fake score over a line, or a bidirectional override that would reorder it, is
//! shown as `\e`, `\r`, `\u{202e}` ([`gamekit_testkit::escaped`]).

use std::borrow::Cow;
use std::path::Path;

/// `text` on one line, as a name is shown: every character that acts rather than shows
/// escaped, line breaks and tabs included.
pub fn line(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        gamekit_testkit::escaped(c, &mut shown);
    }
    shown
}

/// `text` on as many lines as it has (a message, the compiler's errors): its line breaks and
/// tabs kept, every other character that acts rather than shows escaped (a carriage return
/// too, so no line is printed over another). Showing shown text again changes nothing.
pub fn lines(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => shown.push(c),
            c => gamekit_testkit::escaped(c, &mut shown),
        }
    }
    shown
}

/// `path` on one line ([`line()`]), bytes that are not UTF-8 as `�`.
pub fn path(path: &Path) -> String {
    line(&path.to_string_lossy())
}

/// What a CSV cell of text begins with `'` for, after any spaces or line breaks: what
/// starts a formula in a spreadsheet, and `'` itself.
const FORMULA: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\''];

/// `text` as a cell of the class's CSV files: one that a spreadsheet would run as a formula
/// (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return, after any spaces or line
/// breaks) gets a `'` before it, so that it is shown as text; so does one that begins so
/// with `'`, so that [`uncell`] reads every text back as it was.
pub fn cell(text: &str) -> Cow<'_, str> {
    if text.trim_start_matches([' ', '\n']).starts_with(FORMULA) { format!("'{text}").into() } else { text.into() }
}

/// The text a cell written by [`cell`] holds.
pub fn uncell(cell: &str) -> &str {
    cell.strip_prefix('\'').filter(|text| text.trim_start_matches([' ', '\n']).starts_with(FORMULA)).unwrap_or(cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    use gamekit_testkit::acting;

    /// No character that acts is left in shown text: each is an escape of visible ASCII.
    #[test]
    fn every_character_that_acts_is_shown_as_an_escape() {
        for c in acting() {
            let text = format!("a{c}b");
            let shown = line(&text);
            assert!(shown.starts_with("a\\") && shown.ends_with('b'), "{c:?} shown as {shown:?}");
            assert!(shown.chars().all(|c| c.is_ascii_graphic()), "{c:?} shown as {shown:?}");
            if c != '\n' && c != '\t' {
                assert_eq!(lines(&text), shown, "{c:?}");
            }
        }
        assert_eq!(line("\x1b]0;pwned\x07\x1b[2J100\r\n"), "\\e]0;pwned\\x07\\e[2J100\\r\\n");
        assert_eq!(lines("one\n\ttwo\r\n\u{9b}"), "one\n\ttwo\\r\n\\u{9b}");
        assert_eq!(line("Ünïcödé ✓ 名前"), "Ünïcödé ✓ 名前", "what shows is kept");
    }

    #[test]
    fn showing_shown_text_again_changes_nothing() {
        let text: String = acting().chain("plain \\e text".chars()).collect();
        assert_eq!(lines(&lines(&text)), lines(&text));
        assert_eq!(line(&line(&text)), line(&text));
    }

    /// Random texts, of every kind of character: what is shown holds nothing that acts,
    /// shows again as it is, and a cell reads back as the text it was written from.
    #[test]
    fn random_texts_are_shown_safely_and_read_back() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let acting: Vec<char> = acting().collect();
        let pool: Vec<char> = acting.iter().copied().chain("=+-@' \\ea1é名".chars()).collect();
        for _ in 0..2000 {
            let length = (next() % 12) as usize;
            let text: String = (0..length).map(|_| pool[(next() % pool.len() as u64) as usize]).collect();
            let (one, many) = (line(&text), lines(&text));
            assert!(one.chars().all(|c| !acting.contains(&c)), "{text:?} shown as {one:?}");
            assert!(many.chars().all(|c| !acting.contains(&c) || c == '\n' || c == '\t'), "{text:?}: {many:?}");
            assert_eq!((line(&one), lines(&many)), (one.clone(), many.clone()), "{text:?}");
            assert_eq!(uncell(&cell(&text)), text, "{text:?}");
            assert!(!cell(&one).trim_start_matches([' ', '\n']).starts_with(['=', '+', '-', '@']), "{one:?}");
        }
    }

    /// A text a spreadsheet would run as a formula, even after spaces or line breaks, is
    /// written as text, and read back as it was; every other text is written as it is.
    #[test]
    fn a_cell_that_looks_like_a_formula_is_written_as_text() {
        let formulas = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "'quoted", "'=x"];
        for text in formulas.into_iter().chain(["  =1+1", "\n=1+1", " \n @A1", "' =x"]) {
            let written = cell(text);
            assert_eq!(written, format!("'{text}"), "{text:?}");
            assert_eq!(uncell(&written), text);
        }
        for text in ["alice", "a=b", "", "bob's", "not graded: -1", "  x"] {
            assert_eq!(cell(text), text);
            assert_eq!(uncell(text), text);
        }
    }
}
