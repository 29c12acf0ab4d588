//! The games' evaluation and arbiter against ones written here, on random positions: the
//! grader's alone, since the handout gives expected values, not a reference. Connect Four's
//! evaluation window by window; Stonehenge's holders of the ley-lines after every move.

use crate::{Draws, pick, random_positions};
use two_player::{C4Eval, COL, Cell, ConnectFour, Evaluation, LINES, ROW, Representation, STONES, Stonehenge};

/// The worth of every window of four cells, written out here: across, up and both
/// diagonals, each once, met as the handout says (by its leftmost cell, from the bottom row
/// up; from each cell across, up, up to the right, down to the right), so that of two fours
/// the first met decides.
fn expected_value(game: &ConnectFour) -> i32 {
    let mut windows = Vec::new();
    for row in 1..=ROW as i32 {
        for column in 1..=COL as i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (-1, 1)] {
                let cells: Vec<(i32, i32)> = (0..4).map(|step| (row + step * dr, column + step * dc)).collect();
                if cells.iter().all(|&(r, c)| (1..=ROW as i32).contains(&r) && (1..=COL as i32).contains(&c)) {
                    windows.push(cells);
                }
            }
        }
    }
    assert_eq!(windows.len(), 69, "the suite's own count of the windows of four cells (a broken test)");
    let mut sum = 0;
    for window in windows {
        let count = |cell| window.iter().filter(|&&(r, c)| game.cell(r as usize, c as usize) == cell).count();
        match (count(Cell::A), count(Cell::B)) {
            (4, _) => return C4Eval::MORE_I,
            (_, 4) => return C4Eval::LESS_I,
            (a, 0) => sum += [0, 2, 10, 50][a],
            (0, b) => sum -= [0, 2, 10, 50][b],
            _ => {}
        }
    }
    sum
}

#[test]
fn connect_four_every_window_counts_once_on_random_boards() {
    for (game, player) in random_positions::<C4Eval>(21, 300, 42) {
        assert_eq!(C4Eval::evaluate(player, &game), expected_value(&game), "in\n{game}");
    }
}

/// The chapter's arbiter, written out here: holders after a move by `mover` on a board
/// given as (player, stone) per place and the stones each has left.
fn arbiter(places: &[Option<(bool, u32)>; 18], stones: &[Vec<u32>; 2], holders: &mut [Option<bool>; 15], mover: bool) {
    for (line, on) in LINES.iter().enumerate() {
        if holders[line].is_some() {
            continue;
        }
        let sum =
            |player| on.iter().filter_map(|&p| places[p]).filter(|&(o, _)| o == player).map(|(_, s)| s).sum::<u32>();
        let empty = on.iter().filter(|&&p| places[p].is_none()).count();
        let best = |player: bool| stones[usize::from(!player)].iter().take(empty).sum::<u32>();
        let (own, other) = (sum(mover), sum(!mover));
        holders[line] = if empty == 0 {
            Some(if own > other { mover } else { !mover })
        } else if own >= other + best(!mover) {
            Some(mover)
        } else if other >= own + best(mover) {
            Some(!mover)
        } else {
            None
        };
    }
}

#[test]
fn stonehenge_every_line_as_the_chapter_arbitrates_in_random_games() {
    let mut draws = Draws::new(31);
    for _ in 0..300 {
        let (mut game, mut player) = (Stonehenge::game_start(), true);
        let (mut places, mut stones, mut holders) = ([None; 18], [STONES.to_vec(), STONES.to_vec()], [None; 15]);
        let mut history = Vec::new();
        loop {
            let moves = game.legal_moves(player);
            if moves.is_empty() {
                break;
            }
            let mv = pick(&mut draws, &moves);
            history.push((mv.place, mv.stone));
            game = game.play(player, mv);
            places[mv.place] = Some((player, mv.stone));
            let spent = stones[usize::from(!player)].iter().position(|&s| s == mv.stone).unwrap_or_else(|| {
                panic!(
                    "the last of the moves {history:?} (X first), from legal_moves({player}), is a stone the \
                     player has none left of"
                )
            });
            stones[usize::from(!player)].remove(spent);
            arbiter(&places, &stones, &mut holders, player);
            let actual: Vec<Option<bool>> = (0..15).map(|line| game.holder(line)).collect();
            assert_eq!(actual, holders, "holders (Some(true) = X) after the moves {history:?} (X first)");
            player = !player;
        }
        assert_eq!(history.len(), 18, "a game ends when the 18 places are full");
        assert!(
            game.lines_held(true) + game.lines_held(false) == 15,
            "lines_held(true) + lines_held(false) should be 15 once the 18 places are full: {history:?} (X first)"
        );
    }
}
