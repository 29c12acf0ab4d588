//! The contract between a judge and its probe: each call declared once ([`Remote`], most
//! simply with [`calls!`](crate::calls)) in a file both sides include, its name with the
//! types of its arguments and of its answer. The judge calls through the declaration
//! ([`call`](crate::call)) and the probe answers through it ([`Answers::on`]), and the same
//! for calls back ([`call_back`](crate::call_back)): so the two sides cannot disagree on a
//! call's name or types and still compile; and [`assert_answers_exactly`] checks that a side
//! answers exactly the calls declared for it.

use crate::wire::{Wire, decode, encode};
use std::borrow::Cow;
use std::collections::BTreeSet;

/// A call one side makes and the other answers, declared once for both.
pub trait Remote {
    /// Its name, by which the other side finds its answer.
    const NAME: &'static str;
    /// What it is on, for a call of a family (the same call on each of several kinds, each
    /// game's `play`): its name is then `ON::NAME` (`ConnectFour::play`). Empty for a call
    /// of its own.
    const ON: &'static str = "";
    /// What it is called with.
    type Arguments: Wire;
    /// What it answers.
    type Answer: Wire;
}

/// The name of call `C` as it crosses.
pub fn name<C: Remote>() -> Cow<'static, str> {
    if C::ON.is_empty() { Cow::Borrowed(C::NAME) } else { Cow::Owned(format!("{}::{}", C::ON, C::NAME)) }
}

/// Whether `function` is the name of call `C`, without making the name: each call that
/// comes is matched against the declarations one after another.
fn is<C: Remote>(function: &str) -> bool {
    if C::ON.is_empty() {
        return function == C::NAME;
    }
    function.strip_prefix(C::ON).and_then(|name| name.strip_prefix("::")) == Some(C::NAME)
}

/// A side's answers to the other's calls, written as a chain of [`on`](Answers::on), one
/// for each call it answers, in a function `fn(Answers) -> Answers`: as a `match` on the
/// call's name would be, but typed by each call's declaration.
///
/// That function is run on each call as it comes, and once without one to list the calls it
/// answers ([`assert_answers_exactly`]): so it is a chain of `on` and nothing that chooses
/// which of them run.
pub struct Answers<'a> {
    /// The call to answer, its name and its arguments; `None` when only listing.
    call: Option<(&'a str, &'a [u8])>,
    answer: Option<Vec<u8>>,
    /// The names of the calls answered, when listing.
    names: Vec<String>,
}

impl<'a> Answers<'a> {
    /// The answers to `function` called with `arguments`.
    pub(crate) fn to(function: &'a str, arguments: &'a [u8]) -> Answers<'a> {
        Answers { call: Some((function, arguments)), answer: None, names: Vec::new() }
    }

    /// Answers call `C` with `answer(arguments)`: `None` when they name nothing this side
    /// has (an object never kept, a value not lent). A later `on` with the same name may
    /// answer it then (one call declared for each of several games); when none does, or
    /// the arguments are not `C`'s, the caller is told that its function or arguments are
    /// not known.
    pub fn on<C: Remote>(mut self, answer: impl FnOnce(C::Arguments) -> Option<C::Answer>) -> Answers<'a> {
        match self.call {
            None => self.names.push(name::<C>().into_owned()),
            Some((function, arguments)) if self.answer.is_none() && is::<C>(function) => {
                self.answer = decode(arguments).and_then(answer).map(|answer| encode(&answer));
            }
            Some(_) => {}
        }
        self
    }

    /// Whether an `on` has answered.
    pub(crate) fn answered(&self) -> bool {
        self.answer.is_some()
    }

    /// The answer's bytes; `None` when no `on` answered.
    pub(crate) fn answer(self) -> Option<Vec<u8>> {
        self.answer
    }
}

/// The names of the calls that `answers` answers.
fn names_answered(answers: impl FnOnce(Answers<'static>) -> Answers<'static>) -> BTreeSet<String> {
    answers(Answers { call: None, answer: None, names: Vec::new() }).names.into_iter().collect()
}

/// Checks that `answers` answers exactly the calls named `declared` (a side's check that it
/// answers all the calls the other may make, and only those).
///
/// # Panics
/// Naming the calls declared and not answered, and those answered and not declared.
pub fn assert_answers_exactly(
    answers: impl FnOnce(Answers<'static>) -> Answers<'static>,
    declared: impl IntoIterator<Item = String>,
) {
    let (answered, declared) = (names_answered(answers), declared.into_iter().collect::<BTreeSet<String>>());
    let unanswered: Vec<&String> = declared.difference(&answered).collect();
    let undeclared: Vec<&String> = answered.difference(&declared).collect();
    assert!(
        unanswered.is_empty() && undeclared.is_empty(),
        "declared and not answered: {unanswered:?}; answered and not declared: {undeclared:?}"
    );
}

/// Declares calls ([`Remote`]), each a type named for it, from a signature:
///
/// ```
/// gamekit_probe::calls! {
///     /// The submission's `computer_move`: the square it plays.
///     pub ComputerMove = "computer_move"(squares: Vec<char>, computer: char) -> usize;
/// }
/// ```
///
/// A call's arguments cross as the tuple of its parameters' types (the type itself for one
/// parameter, `()` for none); their names only say what each is.
///
/// A family of calls, the same calls on each of several kinds, begins with `for<G: Bound>
/// on ON;`: each call is then generic (`Play<G>`), and named `ON::name`, where `ON` may
/// name one of `G`'s constants.
///
/// Each `calls!` also declares `names()` (`names::<G>()` for a family), the names of the
/// calls it declares, for the check that a side answers exactly those
/// ([`assert_answers_exactly`]): so there is one `calls!` a module.
#[macro_export]
macro_rules! calls {
    (@arguments) => { () };
    (@arguments $parameter:ident: $type:ty $(,)?) => { $type };
    (@arguments $($parameter:ident: $type:ty),+ $(,)?) => { ($($type,)+) };
    (
        for<$g:ident: $bound:path> on $on:expr;
        $(
            $(#[$attribute:meta])*
            $vis:vis $call:ident = $name:literal ($($parameters:tt)*) -> $answer:ty;
        )*
    ) => {
        $(
            $(#[$attribute])*
            $vis struct $call<$g>(::core::marker::PhantomData<$g>);

            impl<$g: $bound> $crate::Remote for $call<$g> {
                const NAME: &'static str = $name;
                const ON: &'static str = $on;
                type Arguments = $crate::calls!(@arguments $($parameters)*);
                type Answer = $answer;
            }
        )*

        /// The names of the calls declared here, on `G`.
        #[allow(dead_code)]
        pub fn names<$g: $bound>() -> ::std::vec::Vec<::std::string::String> {
            ::std::vec![$($crate::name::<$call<$g>>().into_owned()),*]
        }
    };
    (
        $(
            $(#[$attribute:meta])*
            $vis:vis $call:ident = $name:literal ($($parameters:tt)*) -> $answer:ty;
        )*
    ) => {
        $(
            $(#[$attribute])*
            $vis struct $call;

            impl $crate::Remote for $call {
                const NAME: &'static str = $name;
                type Arguments = $crate::calls!(@arguments $($parameters)*);
                type Answer = $answer;
            }
        )*

        /// The names of the calls declared here.
        #[allow(dead_code)]
        pub fn names() -> ::std::vec::Vec<::std::string::String> {
            ::std::vec![$($crate::name::<$call>().into_owned()),*]
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    trait Game {
        const NAME: &'static str;
    }

    enum Draughts {}

    impl Game for Draughts {
        const NAME: &'static str = "Draughts";
    }

    mod plain {
        crate::calls! {
            /// Two numbers added.
            pub Add = "add"(a: i32, b: i32) -> i32;
            /// A number doubled.
            pub Double = "Number::double"(number: i32) -> i32;
            /// Nothing.
            pub Nothing = "nothing"() -> ();
        }
    }

    mod family {
        use super::Game;
        crate::calls! {
            for<G: Game> on G::NAME;
            /// A move played.
            pub Play = "play"(position: u64, square: usize) -> u64;
        }
    }

    #[test]
    fn a_declaration_is_its_name_and_types() {
        let _: <plain::Add as Remote>::Arguments = (1i32, 2i32);
        let _: <plain::Double as Remote>::Arguments = 1i32;
        let (): <plain::Nothing as Remote>::Arguments = ();
        let _: <family::Play<Draughts> as Remote>::Arguments = (1u64, 2usize);
        assert_eq!(plain::names(), ["add", "Number::double", "nothing"]);
        assert_eq!(family::names::<Draughts>(), ["Draughts::play"]);
        assert!(is::<family::Play<Draughts>>("Draughts::play"));
        assert!(!is::<family::Play<Draughts>>("Draughts:play") && !is::<family::Play<Draughts>>("Draughtsplay"));
    }

    fn answers(answers: Answers) -> Answers {
        answers
            .on::<plain::Add>(|(a, b)| Some(a + b))
            .on::<plain::Double>(|number| (number >= 0).then(|| number * 2))
            // A second answer to the same name: tried when the first has none.
            .on::<plain::Double>(|number| Some(-number))
            .on::<family::Play<Draughts>>(|(position, square)| Some(position + square as u64))
    }

    fn answer(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
        answers(Answers::to(function, arguments)).answer()
    }

    #[test]
    fn a_call_is_answered_by_its_declaration() {
        assert_eq!(answer("add", &encode(&(2i32, 3i32))), Some(encode(&5i32)));
        assert_eq!(answer("Draughts::play", &encode(&(4u64, 3usize))), Some(encode(&7u64)));
        assert_eq!(answer("Number::double", &encode(&4i32)), Some(encode(&8i32)));
        assert_eq!(answer("Number::double", &encode(&-4i32)), Some(encode(&4i32)), "the next answer of that name");
        assert_eq!(answer("subtract", &encode(&(2i32, 3i32))), None, "an unknown function");
        assert_eq!(answer("add", &encode(&2i32)), None, "arguments that are not the call's");
    }

    #[test]
    fn the_calls_answered_are_listed() {
        let names: Vec<String> = names_answered(answers).into_iter().collect();
        assert_eq!(names, ["Draughts::play", "Number::double", "add"]);
        let declared = [plain::names(), family::names::<Draughts>()].concat();
        let result = std::panic::catch_unwind(|| assert_answers_exactly(answers, declared));
        let message = result.expect_err("one is not answered").downcast::<String>().unwrap_or_default();
        assert_eq!(*message, r#"declared and not answered: ["nothing"]; answered and not declared: []"#);
    }
}
