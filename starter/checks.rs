//! `assert_same!`: `assert_eq!` in the grader's words. A failure prints what the check is
//! about, then the value under test as `actual` and the expected one as `expected`, where
//! `assert_eq!` would print `left` and `right`: the same text here and in `gamekit grade`'s
//! report of the same test. (The kit keeps this one file for every handout.)
//!
//! ```text
//! assert_same!(scaffold.cols(), 7, "cols() of Scaffold::new(7, 6)");
//! ```

macro_rules! assert_same {
    ($actual:expr, $expected:expr, $($what:tt)+) => {
        match (&$actual, &$expected) {
            (actual, expected) => {
                if *actual != *expected {
                    panic!("{}\n  actual:   {actual:?}\n  expected: {expected:?}", format_args!($($what)+));
                }
            }
        }
    };
}
pub(crate) use assert_same;
