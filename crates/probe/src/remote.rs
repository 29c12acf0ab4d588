//! The contract between a judge and its probe: each call declared once ([`Remote`], with [`calls!`](crate::calls)) in a file both sides include, its name with the
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

/// A side's test that its function `answers` (the probe's answers, or a judge's to the
/// calls back) answers exactly the calls declared, those whose names the other arguments
/// give, and no other ([`assert_answers_exactly`]): one line in the side's root, e.g.
/// `gamekit_probe::answers_exactly!(answers, calls::names(), console::names());`, the test
/// `answers::exactly_the_declared_calls`.
#[macro_export]
macro_rules! answers_exactly {
    ($answers:ident, $($names:expr),+ $(,)?) => {
        #[cfg(test)]
        mod $answers {
            #[allow(unused_imports)]
            use super::*;

            /// It answers every call the other side may make, and no other.
            #[test]
            fn exactly_the_declared_calls() {
                $crate::assert_answers_exactly(super::$answers, ::std::iter::empty()$(.chain($names))+);
            }
        }
    };
}

/// Declares calls ([`Remote`]), each a type named for it, in the file both sides include.
///
/// A call of the submission's function is declared by the function's signature, and then
/// written for both sides: the judge's function, which makes the call, and the probe's
/// answer, which calls the submission's function. Any other call is declared by its name
/// and the types it carries, and answered by hand ([`Answers::on`]):
///
/// ```ignore
/// gamekit_probe::calls! {
///     /// The submission's `computer_move`.
///     pub ComputerMove = computer_move(board: Board, computer: char) -> usize;
///     /// A method of an object the probe keeps ([`objects`](crate::objects)): `&self` is
///     /// seen there, `&mut self` changed.
///     pub ScaffoldMakeMove = Scaffold::make_move(&mut self, column: i32, color: i32) -> bool;
///     /// A call answered by hand: its name, the types of its arguments, its answer's.
///     pub GameNew = "Game::new"(columns: i32, levels: i32, red: PlayerRef) -> Result<u64, Error>;
/// }
/// ```
///
/// A call's arguments cross as the tuple of its parameters' types (the type itself for one
/// parameter, `()` for none; an object's number for `self`), which must cross as they are
/// ([`Wire`](crate::wire::Wire); the handout's own structs and enums as
/// [`wire!`](crate::wire!) declares them). Each `calls!` also declares `names()`, the names
/// of the calls it declares, for the check that a side answers exactly those
/// ([`assert_answers_exactly`]): so there is one `calls!` a module, the module `calls`.
///
/// A signature declares what a function takes and gives by value: each parameter `name:
/// Type` of a type that crosses (no reference, no pattern), the receiver `&self` or `&mut
/// self`, and the answer written out (`-> ()` for none); six values at most, `self`
/// counted. Any other shape (a constructor that keeps an object, a reference, the suite's
/// own values lent) is declared by name. The calls declared by a signature are the module
/// `calls`'s own, not a module's within it.
///
/// For the calls declared by a signature, it defines two macros that `#[macro_use] mod
/// calls;` gives to the including crate:
///
/// - `judge!()`, in the judge: each function (`pub fn computer_move(board: Board, computer:
///   char) -> usize`), and each method in an `impl` of the judge's proxy type, which has the
///   submission's type's name (`Scaffold`) and is [`Proxied`](crate::proxy::Proxied). The types they name must be in scope
///   there, and so must `call`: [`call`](crate::call), or the judge's own that answers
///   calls back first.
/// - `answers!(submission)`, in the probe: a function `fn(Answers) -> Answers` answering
///   them, which calls `submission::computer_move` and the methods of the submission's
///   objects of type `submission::Scaffold`, converting what crosses ([`Convert`](crate::wire::Convert)).
///
/// A family of calls, the same calls on each of several kinds, begins with `for<G: Bound>
/// on ON;`: each call is then generic (`Play<G>`), named `ON::name`, where `ON` may name one
/// of `G`'s constants, and answered by hand; `names::<G>()` lists them.
#[macro_export]
macro_rules! calls {
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

    // Each call declared, by its name or by its signature; the latter kept for `judge!` and
    // `answers!`; then, when none is left, `names()` and the two macros.
    (@each ($d:tt) [$($all:ident)*] [$($written:tt)*]) => {
        /// The names of the calls declared here.
        #[allow(dead_code)]
        pub fn names() -> ::std::vec::Vec<::std::string::String> {
            ::std::vec![$($crate::name::<$all>().into_owned()),*]
        }

        /// The judge's functions and methods that make the calls declared by a signature.
        #[allow(unused_macros)]
        macro_rules! judge {
            () => {
                $crate::calls!(@judge $($written)*);
            };
        }

        /// The probe's answers to the calls declared by a signature, with the functions of
        /// crate `submission`.
        #[allow(unused_macros)]
        macro_rules! answers {
            ($d submission:ident) => {
                {
                    fn answers(answers: $crate::Answers<'_>) -> $crate::Answers<'_> {
                        $crate::calls!(@answers answers $d submission $($written)*)
                    }
                    answers
                }
            };
        }
    };
    (@each ($d:tt) [$($all:ident)*] [$($written:tt)*]
        $(#[$attribute:meta])*
        $vis:vis $call:ident = $name:literal ($($parameters:tt)*) -> $answer:ty;
        $($rest:tt)*
    ) => {
        $(#[$attribute])*
        $vis struct $call;

        impl $crate::Remote for $call {
            const NAME: &'static str = $name;
            type Arguments = $crate::calls!(@arguments $($parameters)*);
            type Answer = $answer;
        }

        $crate::calls!(@each ($d) [$($all)* $call] [$($written)*] $($rest)*);
    };
    (@each ($d:tt) [$($all:ident)*] [$($written:tt)*]
        $(#[$attribute:meta])*
        $vis:vis $call:ident = $owner:ident $(:: $method:ident)? ($($parameters:tt)*) -> $answer:ty;
        $($rest:tt)*
    ) => {
        $(#[$attribute])*
        $vis struct $call;

        impl $crate::Remote for $call {
            const NAME: &'static str = ::core::concat!(::core::stringify!($owner) $(, "::", ::core::stringify!($method))?);
            type Arguments = $crate::calls!(@arguments $($parameters)*);
            type Answer = $answer;
        }

        $crate::calls!(@each ($d) [$($all)* $call] [$($written)*
            [$(#[$attribute])*] $vis $call $owner $(:: $method)? ($($parameters)*) -> $answer;
        ] $($rest)*);
    };

    // A call's arguments: its parameters' types (an object's number for `self`), as a tuple
    // but for one alone.
    (@arguments) => { () };
    (@arguments &self) => { u64 };
    (@arguments &mut self) => { u64 };
    (@arguments &self, $($parameter:ident: $type:ty),+ $(,)?) => { (u64, $($type,)+) };
    (@arguments &mut self, $($parameter:ident: $type:ty),+ $(,)?) => { (u64, $($type,)+) };
    (@arguments $parameter:ident: $type:ty $(,)?) => { $type };
    (@arguments $($parameter:ident: $type:ty),+ $(,)?) => { ($($type,)+) };

    // The values of a call's arguments, as `@arguments` has their types (each converted from
    // the judge's type of its name); and the pattern that takes them apart.
    (@values []) => { () };
    (@values [] $parameter:ident) => { $crate::wire::Convert::convert($parameter) };
    (@values [$id:expr]) => { $id };
    (@values [$($id:expr)?] $($parameter:ident)*) => { ($($id,)? $($crate::wire::Convert::convert($parameter),)*) };
    (@pattern []) => { () };
    (@pattern [] $parameter:ident) => { $parameter };
    (@pattern [$id:ident]) => { $id };
    (@pattern [$($id:ident)?] $($parameter:ident)*) => { ($($id,)? $($parameter,)*) };

    // The judge's side, a function or method a call, its arguments and its answer converted
    // to and from the types declared (the judge's own, or of its own of that name).
    (@judge) => {};
    (@judge [$(#[$attribute:meta])*] $vis:vis $call:ident $owner:ident :: $method:ident (&self $(, $parameter:ident: $type:ty)* $(,)?) -> $answer:ty; $($rest:tt)*) => {
        impl $owner {
            $(#[$attribute])*
            $vis fn $method(&self $(, $parameter: $type)*) -> $answer {
                let answer = call::<calls::$call>(&$crate::calls!(@values [$crate::proxy::Proxied::id(self)] $($parameter)*));
                $crate::wire::Convert::convert(answer)
            }
        }
        $crate::calls!(@judge $($rest)*);
    };
    (@judge [$(#[$attribute:meta])*] $vis:vis $call:ident $owner:ident :: $method:ident (&mut self $(, $parameter:ident: $type:ty)* $(,)?) -> $answer:ty; $($rest:tt)*) => {
        impl $owner {
            $(#[$attribute])*
            $vis fn $method(&mut self $(, $parameter: $type)*) -> $answer {
                let answer = call::<calls::$call>(&$crate::calls!(@values [$crate::proxy::Proxied::id(self)] $($parameter)*));
                $crate::wire::Convert::convert(answer)
            }
        }
        $crate::calls!(@judge $($rest)*);
    };
    (@judge [$(#[$attribute:meta])*] $vis:vis $call:ident $function:ident ($($parameter:ident: $type:ty),* $(,)?) -> $answer:ty; $($rest:tt)*) => {
        $(#[$attribute])*
        $vis fn $function($($parameter: $type),*) -> $answer {
            let answer = call::<calls::$call>(&$crate::calls!(@values [] $($parameter)*));
            $crate::wire::Convert::convert(answer)
        }
        $crate::calls!(@judge $($rest)*);
    };

    // The probe's side: an `on` a call, with the submission's function, its arguments and its
    // answer converted from and to the types declared (`wire!`).
    (@answers $answers:ident $submission:ident) => { $answers };
    (@answers $answers:ident $submission:ident [$($attributes:tt)*] $vis:vis $call:ident $($owner:ident)::+ ($($parameters:tt)*) -> $answer:ty; $($rest:tt)*) => {
        $crate::calls!(@answers $answers $submission $($rest)*)
            .on::<calls::$call>($crate::calls!(@answer $submission $($owner)::+ ($($parameters)*)))
    };
    (@answer $submission:ident $owner:ident :: $method:ident (&self $(, $parameter:ident: $type:ty)* $(,)?)) => {
        |$crate::calls!(@pattern [id] $($parameter)*)| {
            $crate::objects::seen(id, |this: &$submission::$owner| {
                $crate::wire::Convert::convert(this.$method($($crate::wire::Convert::convert($parameter)),*))
            })
        }
    };
    (@answer $submission:ident $owner:ident :: $method:ident (&mut self $(, $parameter:ident: $type:ty)* $(,)?)) => {
        |$crate::calls!(@pattern [id] $($parameter)*)| {
            $crate::objects::with(id, |this: &mut $submission::$owner| {
                $crate::wire::Convert::convert(this.$method($($crate::wire::Convert::convert($parameter)),*))
            })
        }
    };
    (@answer $submission:ident $function:ident ($($parameter:ident: $type:ty),* $(,)?)) => {
        |$crate::calls!(@pattern [] $($parameter)*)| {
            let answer = $submission::$function($($crate::wire::Convert::convert($parameter)),*);
            ::core::option::Option::Some($crate::wire::Convert::convert(answer))
        }
    };

    (@$rule:ident $($rest:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "gamekit_probe::calls! cannot read this declaration (by signature: `name: Type` parameters of types \
             that cross, the receiver `&self` or `&mut self`, `-> Answer` written out, each ending with `;`; \
             any other call by name, `Name = \"name\"(…) -> Answer;`): ",
            ::core::stringify!($($rest)*)
        ));
    };
    ($($declarations:tt)*) => {
        $crate::calls!(@each ($) [] [] $($declarations)*);
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

    /// A submission, as a probe links it.
    mod submission {
        pub fn add(a: i32, b: i32) -> i32 {
            a + b
        }

        pub fn greeting() -> String {
            "forty-two".into()
        }

        pub struct Counter(pub i32);

        #[derive(Debug)]
        pub enum Side {
            North,
            South,
        }

        pub fn opponent(side: Side) -> Option<Side> {
            match side {
                Side::North => Some(Side::South),
                Side::South => None,
            }
        }

        impl Counter {
            pub fn count(&self) -> i32 {
                self.0
            }

            pub fn step(&mut self, by: i32) -> i32 {
                self.0 += by;
                self.0
            }
        }
    }

    #[macro_use]
    mod calls {
        crate::wire! {
            #[derive(Debug, PartialEq)]
            pub enum Side { North, South }
        }

        crate::calls! {
            /// A side's opponent, if it has one.
            pub Opponent = opponent(side: Side) -> Option<Side>;
            /// Two numbers added.
            pub Add = add(a: i32, b: i32) -> i32;
            pub Greeting = greeting() -> String;
            pub CounterCount = Counter::count(&self) -> i32;
            /// A step counted.
            pub CounterStep = Counter::step(&mut self, by: i32) -> i32;
            /// A call answered by hand, beside them.
            pub Halve = "halve"(number: i32) -> i32;
        }
    }

    /// The handout's types, which the judge's functions take.
    use calls::Side;

    /// The judge's proxy of a counter the probe keeps.
    struct Counter(u64);

    impl crate::proxy::Proxied for Counter {
        fn id(&self) -> u64 {
            self.0
        }
    }

    /// The judge's call, answered here by the probe's answers (no channel between them).
    fn call<C: Remote>(arguments: &C::Arguments) -> C::Answer {
        let bytes = encode(arguments);
        let answered = probe_answers(Answers::to(&name::<C>(), &bytes)).answer();
        decode(&answered.expect("an answer")).expect("the answer's type")
    }

    /// The probe's answers: those written from the declarations, and one by hand.
    fn probe_answers(answers: Answers) -> Answers {
        answers!(submission)(answers).on::<calls::Halve>(|number| Some(number / 2))
    }

    judge!();
    conversions!(submission);

    #[test]
    fn a_call_declared_by_its_signature_is_made_by_the_judge_and_answered_by_the_probe() {
        assert_eq!(add(2, 3), 5);
        assert_eq!(greeting(), "forty-two");
        assert_eq!(opponent(Side::North), Some(Side::South));
        assert_eq!(opponent(Side::South), None);
        let mut counter = Counter(crate::objects::keep(submission::Counter(1)));
        assert_eq!(counter.step(2), 3);
        assert_eq!(counter.count(), 3);
        crate::objects::release(counter.0);
        assert_eq!(call::<calls::Halve>(&8), 4);
        assert_eq!(calls::names(), ["opponent", "add", "greeting", "Counter::count", "Counter::step", "halve"]);
        assert_answers_exactly(probe_answers, calls::names());
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
