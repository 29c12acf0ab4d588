//! # Nim: the reference solution
//!
//! The answers to the handout (`starter/nim/`), whose `provided.rs` it includes.

#[path = "../../../starter/nim/src/provided.rs"]
mod provided;
pub use provided::*;

/// A move that wins, by the heaps' nim-sum: from the first heap that its size combined with
/// the nim-sum makes smaller, the counters that leave it so.
pub fn winning_move(heaps: Vec<u32>) -> Option<(usize, u32)> {
    let sum = heaps.iter().fold(0, |sum, heap| sum ^ heap);
    if sum == 0 {
        return None;
    }
    heaps.iter().enumerate().find(|(_, heap)| *heap ^ sum < **heap).map(|(index, heap)| (index, heap - (heap ^ sum)))
}
