//! What more than one part of the program uses (the spec's `support.h`): the parts talk to
//! each other only through the provided interfaces, so that any one of them can be replaced.

use crate::BLACK;

/// The colour's name, for messages: `red` or `black`.
pub(crate) fn color_name(color: i32) -> &'static str {
    if color == BLACK { "black" } else { "red" }
}
