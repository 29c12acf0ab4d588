//! `cases!`: a test for each case of a table, the graded suite's and the handout's cases
//! written once (the handout, built with Rust alone, has no test-case crate).
//!
//! ```text
//! cases! {
//!     /// What the cases check.
//!     fn on_chosen_boards(rows: &[&str], p: char, expected: bool) {
//!         check_has_valid_moves(rows, p, expected);
//!     }
//!     initial_black: (&INITIAL, 'X', true),
//!     full_board: (&FULL, 'O', false),
//! }
//! ```
//!
//! makes a module `on_chosen_boards` with a test for each case (`on_chosen_boards::full_board`)
//! calling the function with its values. (The kit keeps this one file for every handout.)

macro_rules! cases {
    (
        $(#[doc = $doc:literal])*
        fn $group:ident($($argument:ident: $kind:ty),* $(,)?) $body:block
        $($case:ident: ($($value:expr),* $(,)?)),* $(,)?
    ) => {
        $(#[doc = $doc])*
        mod $group {
            #[allow(unused_imports)]
            use super::*;

            fn check($($argument: $kind),*) $body

            $(
                #[test]
                fn $case() {
                    check($($value),*);
                }
            )*
        }
    };
}
pub(crate) use cases;
