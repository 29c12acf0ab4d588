//! `winning_move` on chosen positions, one behaviour per case. These are the graded suite's
//! own cases (the rubric's `winning_move::on_chosen_positions::` group), and a failure says
//! what the grader says. Run one case, or all those whose names have a part in common:
//!
//! ```text
//! cargo test --test winning_move heaps
//! ```

#[path = "support/cases.rs"]
mod cases;

use cases::cases;

cases! {
    /// `winning_move(heaps)` against the move it must return.
    fn on_chosen_positions(heaps: &[u32], expected: Option<(usize, u32)>) {
        let got = nim::winning_move(heaps.to_vec());
        assert!(got == expected, "winning_move({heaps:?}) returned {got:?}, expected {expected:?}");
    }
    lost_already: (&[1, 2, 3], None),
    one_heap_taken_whole: (&[5, 0, 0], Some((0, 5))),
    the_second_heap: (&[3, 5, 0], Some((1, 2))),
    the_first_of_several: (&[3, 4, 5], Some((0, 2))),
    no_counters_left: (&[0, 0, 0], None),
}
