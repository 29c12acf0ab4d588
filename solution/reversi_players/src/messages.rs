//! What the text players say besides their moves: the same words for a person and for the
//! computer.

use crate::Color;

/// `Black: no valid move possible.`, when `color` must skip its turn.
pub(crate) fn no_move(color: Color) -> String {
    format!("{}: no valid move possible.", color.name())
}

/// `Black wins!`, when `color` won.
pub(crate) fn wins(color: Color) -> String {
    format!("{} wins!", color.name())
}

/// What `color` says of a tie: `Game tied.` for Black, `No winner!` for White.
pub(crate) fn tied(color: Color) -> &'static str {
    match color {
        Color::Black => "Game tied.",
        Color::White => "No winner!",
    }
}
