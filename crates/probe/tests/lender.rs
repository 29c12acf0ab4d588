//! The suite's values lent to the probe: each only for the length of a call, taken back
//! however the call ends, and never reached twice at once (a loan used while a nested call
//! back happens). Run under Miri too.

use gamekit_probe::proxy::{Lender, new_id};
use std::panic::{AssertUnwindSafe, catch_unwind};

trait Player {
    fn play(&mut self) -> u32;
}

/// A player of the suite's that borrows what it counts with, as a player that borrows its
/// terminal: a type that lives only as long as a borrow.
struct Counting<'a>(&'a mut u32);

impl Player for Counting<'_> {
    fn play(&mut self) -> u32 {
        *self.0 += 1;
        *self.0
    }
}

thread_local! {
    static PLAYERS: Lender<dyn Player> = Lender::default();
    static NUMBERS: Lender<u32> = Lender::default();
}

/// Runs `f` with `player` lent as `id`, as the remote crates lend the players a game borrows.
fn lending<R>(id: u64, player: &mut dyn Player, f: impl FnOnce() -> R) -> R {
    gamekit_probe::lending!(&PLAYERS, id, player, f, dyn Player)
}

/// The probe's call back to player `id`.
fn call_back(id: u64) -> Option<u32> {
    PLAYERS.with(|players| players.with(id, |player| player.play()))
}

#[test]
fn a_value_is_reached_only_while_lent() {
    let mut count = 0;
    let mut player = Counting(&mut count);
    let id = new_id();
    assert_eq!(call_back(id), None);
    assert_eq!(lending(id, &mut player, || (call_back(id), call_back(id))), (Some(1), Some(2)));
    assert_eq!(call_back(id), None, "taken back when the call returns");
    // Lent again under the same number, for the next call (a game's players).
    assert_eq!(lending(id, &mut player, || call_back(id)), Some(3));
    assert_eq!(count, 3);
}

#[test]
fn a_loan_is_used_while_a_nested_call_back_happens() {
    let (mut first, mut second) = (0, 0);
    let (mut red, mut black) = (Counting(&mut first), Counting(&mut second));
    let (red_id, black_id) = (new_id(), new_id());
    let nested = lending(red_id, &mut red, || {
        lending(black_id, &mut black, || {
            PLAYERS.with(|players| {
                players.with(red_id, |red| {
                    red.play();
                    // Called back again meanwhile (the judge's player asks the probe, which
                    // calls it back): no second `&mut`, no answer; another value answers.
                    let again = players.with(red_id, |again| again.play());
                    let other = players.with(black_id, |black| black.play());
                    (red.play(), again, other)
                })
            })
        })
    });
    assert_eq!(nested, Some((2, None, Some(1))));
    assert_eq!((call_back(red_id), call_back(black_id)), (None, None), "both taken back");
    assert_eq!((first, second), (2, 1));
}

#[test]
fn a_loan_is_taken_back_by_a_panic() {
    let mut count = 0;
    let mut player = Counting(&mut count);
    let id = new_id();
    let result = catch_unwind(AssertUnwindSafe(|| lending(id, &mut player, || panic!("the test failed"))));
    assert!(result.is_err());
    assert_eq!(call_back(id), None);
}

#[test]
fn a_number_is_lent_once_at_a_time() {
    let (mut first, mut second) = (0, 0);
    let (mut outer, mut inner) = (Counting(&mut first), Counting(&mut second));
    let id = new_id();
    lending(id, &mut outer, || {
        let result = catch_unwind(AssertUnwindSafe(|| lending(id, &mut inner, || ())));
        assert!(result.is_err(), "a second loan under one number is refused");
        assert_eq!(call_back(id), Some(1), "and the first is still the one lent");
    });
    assert_eq!(call_back(id), None);
    assert_eq!((first, second), (1, 0));
}

#[test]
fn a_forgotten_owner_leaves_nothing_lent() {
    /// What owns a value it lends for each call (a computer player its machine).
    struct Owner {
        id: u64,
        number: u32,
    }
    /// A destructor that would take the loan back, were it held: it never runs here.
    impl Drop for Owner {
        fn drop(&mut self) {
            unreachable!("the owner is forgotten");
        }
    }
    impl Owner {
        fn call(&mut self) -> Option<u32> {
            let id = self.id;
            Lender::lending(&NUMBERS, id, &mut self.number, || {
                NUMBERS.with(|numbers| {
                    numbers.with(id, |number| {
                        *number += 1;
                        *number
                    })
                })
            })
        }
    }
    let mut owner = Owner { id: new_id(), number: 0 };
    assert_eq!(owner.call(), Some(1));
    let id = owner.id;
    std::mem::forget(owner);
    // Its number is lent no more, though its destructor never ran.
    assert_eq!(NUMBERS.with(|numbers| numbers.with(id, |number| *number)), None);
}
