//! The probe's objects, reached only through their `RefCell`s: the uses that once aliased
//! (a value seen twice at once, a game holding its players, a board lent for a call back, a
//! game's own board) nest here as the probes nest them. Run under Miri too.

use gamekit_probe::objects::{self, hold, keep, keep_part, lending, release, seen, with};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

/// The message of the panic `f` raised.
fn panic_of<R>(f: impl FnOnce() -> R) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).err().expect("a panic");
    let text = payload.downcast_ref::<&str>().map(|text| (*text).to_owned());
    payload.downcast_ref::<String>().cloned().or(text).unwrap_or_default()
}

#[test]
fn a_value_is_compared_with_itself() {
    let id = keep(vec![1, 2, 3]);
    assert_eq!(seen(id, |a: &Vec<i32>| seen(id, |b: &Vec<i32>| a == b)), Some(Some(true)));
    assert_eq!(seen(id, |a: &Vec<i32>| a.len()), Some(3), "the outer view is still good after the inner one");
    release(id);
}

#[test]
fn a_value_is_seen_while_another_is_changed() {
    let (board, player) = (keep(5), keep(String::from("player")));
    let moved = seen(board, |board: &i32| with(player, |player: &mut String| player.push_str(&board.to_string())));
    assert_eq!(moved, Some(Some(())));
    assert_eq!(seen(player, String::clone), Some(String::from("player5")));
    release(board);
    release(player);
}

#[test]
fn a_value_is_not_changed_while_seen_or_changed() {
    let id = keep(1);
    let message = panic_of(|| seen(id, |_: &i32| with(id, |value: &mut i32| *value += 1)));
    assert!(message.contains("in use"), "{message}");
    let message = panic_of(|| with(id, |_: &mut i32| seen(id, |value: &i32| *value)));
    assert!(message.contains("being changed"), "{message}");
    assert_eq!(with(id, |value: &mut i32| *value), Some(1), "each borrow ended with its panic");
    release(id);
}

#[test]
fn a_value_is_of_its_own_type_only() {
    let id = keep(1u8);
    assert_eq!(seen(id, |value: &u16| *value), None);
    assert_eq!(with(id, |value: &mut u16| *value), None);
    assert!(hold::<u16>(id).is_none());
    release(id);
    assert_eq!(seen(id, |value: &u8| *value), None, "a released value is gone");
}

#[test]
fn a_value_lent_for_a_call_back_is_seen_only_then() {
    let scaffold = vec![7, 8];
    let lent = lending(&scaffold, |lent| {
        assert_eq!(seen(lent, |a: &Vec<i32>| seen(lent, |b: &Vec<i32>| a == b)), Some(Some(true)));
        assert_eq!(with(lent, |_: &mut Vec<i32>| ()), None, "a lent value is not changed");
        lent
    });
    assert_eq!(seen(lent, |value: &Vec<i32>| value.len()), None, "taken back when the call returns");
    let mut kept = 0;
    let message = panic_of(|| {
        lending(&scaffold, |lent| {
            kept = lent;
            panic!("the call back failed");
        });
    });
    assert_eq!(message, "the call back failed");
    assert_eq!(seen(kept, |value: &Vec<i32>| value.len()), None, "taken back by a panic too");
}

#[test]
fn lent_values_nest() {
    let (outer, inner) = (vec![1], vec![2]);
    lending(&outer, |first| {
        lending(&inner, |second| {
            assert_eq!(seen(first, |a: &Vec<i32>| seen(second, |b: &Vec<i32>| a[0] + b[0])), Some(Some(3)));
        });
        assert_eq!(seen(first, |a: &Vec<i32>| a[0]), Some(1), "the outer loan outlives the inner one");
    });
}

/// A player that counts its moves, and is counted while it lives.
struct Player {
    moves: u32,
    _alive: Rc<()>,
}

#[test]
fn a_held_object_is_borrowed_for_each_use() {
    let alive = Rc::new(());
    let id = keep(Player { moves: 0, _alive: Rc::clone(&alive) });
    // A game of the submission's holds the player across calls, as a game its players.
    let held = hold::<Player>(id).expect("a player");
    held.with(|player| player.moves += 1);
    assert_eq!(held.seen(|player| held.seen(|again| player.moves + again.moves)), 2);
    assert_eq!(with(id, |player: &mut Player| player.moves), Some(1), "the judge's calls reach it between uses");
    // A call on the player while the game uses it is refused, not aliased.
    let message = panic_of(|| held.with(|_| with(id, |player: &mut Player| player.moves += 1)));
    assert!(message.contains("in use"), "{message}");
    let message = panic_of(|| with(id, |_: &mut Player| held.with(|player| player.moves += 1)));
    assert!(message.contains("in use"), "{message}");
    assert_eq!(seen(id, |player: &Player| player.moves), Some(1));
    // Holding it does not keep it: released, it is dropped, and a use panics.
    release(id);
    assert_eq!(Rc::strong_count(&alive), 1, "the player was dropped when released");
    let message = panic_of(|| held.with(|player| player.moves += 1));
    assert!(message.contains("released"), "{message}");
}

/// A game of the submission's, with its board.
struct Game {
    board: Vec<u8>,
}

impl Game {
    fn board(&self) -> &Vec<u8> {
        &self.board
    }
}

#[test]
fn a_part_is_looked_up_in_its_owner_each_time() {
    let game = keep(Game { board: vec![0; 4] });
    let board = keep_part(game, Game::board).expect("a game");
    assert_eq!(seen(board, |a: &Vec<u8>| seen(board, |b: &Vec<u8>| a == b)), Some(Some(true)));
    assert_eq!(seen(board, |a: &Vec<u8>| seen(game, |game: &Game| std::ptr::eq(a, &game.board))), Some(Some(true)));
    // The game plays on (its board moves elsewhere): the part is the new board.
    with(game, |game: &mut Game| game.board = vec![1; 64]);
    assert_eq!(seen(board, |board: &Vec<u8>| board.len()), Some(64));
    // Seen while the game changes, it is refused, not aliased.
    let message = panic_of(|| with(game, |_: &mut Game| seen(board, |board: &Vec<u8>| board.len())));
    assert!(message.contains("being changed"), "{message}");
    assert_eq!(keep_part(board, Game::board), None, "a part of what is not a game");
    release(game);
    assert_eq!(seen(board, |board: &Vec<u8>| board.len()), None, "gone with its game");
    release(board);
}

#[test]
fn a_part_asked_for_is_looked_up_at_once() {
    fn broken(_: &Game) -> &Vec<u8> {
        panic!("not yet implemented")
    }
    let game = keep(Game { board: Vec::new() });
    assert_eq!(panic_of(|| keep_part(game, broken)), "not yet implemented");
    objects::release(game);
}
