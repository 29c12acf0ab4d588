//! The values that cross between judge and probe, as bytes: a call's arguments, its result.
//!
//! Hand-written rather than serde: the probe is compiled with every submission, so it stays
//! small, and a probe that answers nonsense must give `None`, never a panic in the judge.
//!
//! The handout's own structs and enums cross as [`wire!`](crate::wire!) declares them: a
//! type of the same shape in the file both sides include, which is the judge's type, and
//! which the probe [converts](Convert) to and from the submission's.

/// A value that crosses the channel.
pub trait Wire: Sized {
    /// Appends the value's bytes.
    fn put(&self, out: &mut Vec<u8>);
    /// Takes a value from the front of `input`, or `None` when the bytes are not one.
    fn take(input: &mut &[u8]) -> Option<Self>;
}

/// `value` as bytes.
pub fn encode<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.put(&mut out);
    out
}

/// The value that is exactly `bytes`, or `None`.
pub fn decode<T: Wire>(mut bytes: &[u8]) -> Option<T> {
    let value = T::take(&mut bytes)?;
    bytes.is_empty().then_some(value)
}

fn take_bytes<'a>(input: &mut &'a [u8], count: usize) -> Option<&'a [u8]> {
    let (front, rest) = input.split_at_checked(count)?;
    *input = rest;
    Some(front)
}

macro_rules! integers {
    ($($t:ty)*) => {$(
        impl Wire for $t {
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&i64::from(*self).to_le_bytes());
            }
            fn take(input: &mut &[u8]) -> Option<Self> {
                let bytes = take_bytes(input, 8)?.try_into().ok()?;
                <$t>::try_from(i64::from_le_bytes(bytes)).ok()
            }
        }
    )*};
}
integers!(i8 i16 i32 i64 u16 u32);

/// A byte is a byte, so that `Vec<u8>` (a program's input and output) is as long as itself.
impl Wire for u8 {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(*self);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        Some(take_bytes(input, 1)?[0])
    }
}

impl Wire for usize {
    fn put(&self, out: &mut Vec<u8>) {
        (*self as u64).put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        usize::try_from(u64::take(input)?).ok()
    }
}

impl Wire for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        Some(u64::from_le_bytes(take_bytes(input, 8)?.try_into().ok()?))
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        match take_bytes(input, 1)? {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }
}

impl Wire for char {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&u32::from(*self).to_le_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        char::from_u32(u32::from_le_bytes(take_bytes(input, 4)?.try_into().ok()?))
    }
}

impl Wire for String {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        let length = usize::take(input)?;
        String::from_utf8(take_bytes(input, length)?.to_vec()).ok()
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        self.iter().for_each(|item| item.put(out));
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        let length = usize::take(input)?;
        // A length beyond what is left is nonsense, as most items take a byte at least (and
        // a vector of `()` that long would be nonsense too).
        if length > input.len() {
            return None;
        }
        (0..length).map(|_| T::take(input)).collect()
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_some().put(out);
        if let Some(value) = self {
            value.put(out);
        }
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        if bool::take(input)? { T::take(input).map(Some) } else { Some(None) }
    }
}

impl<T: Wire, E: Wire> Wire for Result<T, E> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_ok().put(out);
        match self {
            Ok(value) => value.put(out),
            Err(error) => error.put(out),
        }
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        if bool::take(input)? { T::take(input).map(Ok) } else { E::take(input).map(Err) }
    }
}

impl Wire for () {
    fn put(&self, _: &mut Vec<u8>) {}
    fn take(_: &mut &[u8]) -> Option<Self> {
        Some(())
    }
}

macro_rules! tuples {
    ($(($($name:ident)+))*) => {$(
        impl<$($name: Wire),+> Wire for ($($name,)+) {
            #[allow(non_snake_case)]
            fn put(&self, out: &mut Vec<u8>) {
                let ($($name,)+) = self;
                $($name.put(out);)+
            }
            fn take(input: &mut &[u8]) -> Option<Self> {
                Some(($($name::take(input)?,)+))
            }
        }
    )*};
}
tuples!((A) (A B) (A B C) (A B C D) (A B C D E) (A B C D E F));

impl<T: Wire, const N: usize> Wire for [T; N] {
    fn put(&self, out: &mut Vec<u8>) {
        self.iter().for_each(|item| item.put(out));
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        let items: Vec<T> = (0..N).map(|_| T::take(input)).collect::<Option<_>>()?;
        items.try_into().ok()
    }
}

/// A value converted into one of the same shape: the probe's, between a type that
/// [`wire!`](crate::wire!) declares and the submission's of that name, and between values
/// made of them (an `Option`, a `Vec`, a tuple…); any other value is itself.
pub trait Convert<T> {
    fn convert(self) -> T;
}

macro_rules! themselves {
    ($($t:ty)*) => {$(
        impl Convert<$t> for $t {
            fn convert(self) -> $t {
                self
            }
        }
    )*};
}
themselves!(i8 i16 i32 i64 u8 u16 u32 u64 usize bool char String);
themselves!(());

impl<A: Convert<B>, B> Convert<Vec<B>> for Vec<A> {
    fn convert(self) -> Vec<B> {
        self.into_iter().map(Convert::convert).collect()
    }
}

impl<A: Convert<B>, B> Convert<Option<B>> for Option<A> {
    fn convert(self) -> Option<B> {
        self.map(Convert::convert)
    }
}

impl<A: Convert<B>, B, E: Convert<F>, F> Convert<Result<B, F>> for Result<A, E> {
    fn convert(self) -> Result<B, F> {
        self.map(Convert::convert).map_err(Convert::convert)
    }
}

impl<A: Convert<B>, B, const N: usize> Convert<[B; N]> for [A; N] {
    fn convert(self) -> [B; N] {
        self.map(Convert::convert)
    }
}

macro_rules! converted_tuples {
    ($(($($a:ident $b:ident)+))*) => {$(
        impl<$($a: Convert<$b>, $b),+> Convert<($($b,)+)> for ($($a,)+) {
            #[allow(non_snake_case)]
            fn convert(self) -> ($($b,)+) {
                let ($($a,)+) = self;
                ($($a.convert(),)+)
            }
        }
    )*};
}
converted_tuples!((A B) (A B C D) (A B C D E F) (A B C D E F G H) (A B C D E F G H I J) (A B C D E F G H I J K L));

/// Declares the handout's own structs (with named fields) and enums (each variant without a
/// value, or with up to eight), as they cross: each type as written (the judge's, with its
/// attributes), with its [`Wire`] (a struct, its fields in order; an enum, its variant's
/// index and its values); and a macro `conversions!(submission)`, for the probe, that
/// [converts](Convert) each to and from the submission's type of the same name
/// (`submission::Side`), field by field, variant by variant.
///
/// ```
/// mod calls {
///     gamekit_probe::wire! {
///         /// A side of the board.
///         #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///         pub enum Side { North, South }
///         /// How a game ended.
///         #[derive(Debug, PartialEq)]
///         pub struct Outcome { pub winner: Option<Side>, pub seeds: [u32; 2] }
///     }
/// }
/// let outcome = calls::Outcome { winner: Some(calls::Side::South), seeds: [20, 28] };
/// let bytes = gamekit_probe::wire::encode(&outcome);
/// assert_eq!(gamekit_probe::wire::decode(&bytes), Some(outcome));
/// ```
///
/// A struct of the kit's own, made of values that cross (a view of a position, all at once),
/// is declared there too, marked `#[kit]` right after its doc comment: it has its `Wire`, its
/// fields' names say what each is, and no submission's type is converted to it.
///
/// One `wire!` a module, in the module `calls` (the file both sides include), as its
/// `conversions!` is the module's: `#[macro_use] mod calls;` makes it its parent's, where the
/// probe invokes it. It converts every type the `wire!` declares (but `#[kit]` structs): a
/// judge that has its own copy of some and uses the declared ones as its own for others
/// cannot use it; declare the two kinds apart, or give the judge its own copy of each.
#[macro_export]
macro_rules! wire {
    // The types, each written out with its `Wire` (and its conversion to itself, as every
    // value that crosses has); then `conversions!`, which converts those `shapes` (each
    // type's fields or variants) for a submission.
    (@items ($d:tt) [$($shapes:tt)*]) => {
        /// The conversions of these types to and from crate `submission`'s: the probe's, or
        /// a judge's with its own copy of them (`provided.rs`).
        #[allow(unused_macros)]
        macro_rules! conversions {
            ($d submission:ident) => {
                $crate::wire!(@conversions $d submission $($shapes)*);
            };
        }
    };
    // A struct of the kit's own (`#[kit]` after its doc comment): written out with its
    // `Wire`, and no conversion, as no submission has it.
    (@items ($d:tt) [$($shapes:tt)*]
        $(#[doc = $doc:literal])* #[kit] $(#[$attribute:meta])*
        $vis:vis struct $name:ident { $($(#[$field_attribute:meta])* $field_vis:vis $field:ident: $type:ty),* $(,)? }
        $($rest:tt)*
    ) => {
        $crate::wire!(@struct [$(#[doc = $doc])* $(#[$attribute])*] $vis $name {
            $($(#[$field_attribute])* $field_vis $field: $type),*
        });
        $crate::wire!(@items ($d) [$($shapes)*] $($rest)*);
    };
    (@items ($d:tt) [$($shapes:tt)*]
        $(#[$attribute:meta])* $vis:vis struct $name:ident {
            $($(#[$field_attribute:meta])* $field_vis:vis $field:ident: $type:ty),* $(,)?
        }
        $($rest:tt)*
    ) => {
        $crate::wire!(@struct [$(#[$attribute])*] $vis $name { $($(#[$field_attribute])* $field_vis $field: $type),* });
        $crate::wire!(@items ($d) [$($shapes)* struct $name { $($field)* }] $($rest)*);
    };
    (@struct [$(#[$attribute:meta])*] $vis:vis $name:ident {
        $($(#[$field_attribute:meta])* $field_vis:vis $field:ident: $type:ty),*
    }) => {
        $(#[$attribute])*
        $vis struct $name { $($(#[$field_attribute])* $field_vis $field: $type),* }

        impl $crate::wire::Wire for $name {
            fn put(&self, out: &mut ::std::vec::Vec<u8>) {
                $($crate::wire::Wire::put(&self.$field, out);)*
            }
            fn take(input: &mut &[u8]) -> ::core::option::Option<Self> {
                ::core::option::Option::Some($name { $($field: $crate::wire::Wire::take(input)?),* })
            }
        }

        $crate::wire!(@itself $name);
    };
    (@items ($d:tt) [$($shapes:tt)*]
        $(#[$attribute:meta])* $vis:vis enum $name:ident {
            $($(#[$variant_attribute:meta])* $variant:ident $(($($type:ty),+ $(,)?))?),* $(,)?
        }
        $($rest:tt)*
    ) => {
        $(#[$attribute])*
        $vis enum $name { $($(#[$variant_attribute])* $variant $(($($type),+))?),* }

        // A value crosses as its variant's index among them (a byte), then its fields.
        impl $crate::wire::Wire for $name {
            fn put(&self, out: &mut ::std::vec::Vec<u8>) {
                const VARIANTS: &[&str] = &[$(::core::stringify!($variant)),*];
                $($crate::wire!(@put self out VARIANTS $variant $(($($type),+))?);)*
            }
            fn take(input: &mut &[u8]) -> ::core::option::Option<Self> {
                const VARIANTS: &[&str] = &[$(::core::stringify!($variant)),*];
                let index = <u8 as $crate::wire::Wire>::take(input)?;
                let variant = *VARIANTS.get(usize::from(index))?;
                $(
                    if variant == ::core::stringify!($variant) {
                        return ::core::option::Option::Some(
                            Self::$variant $(($({ let value: $type = $crate::wire::Wire::take(input)?; value }),+))?
                        );
                    }
                )*
                ::core::option::Option::None
            }
        }

        $crate::wire!(@itself $name);
        $crate::wire!(@items ($d) [$($shapes)* enum $name { $($variant $(($($type),+))?)* }] $($rest)*);
    };
    (@itself $name:ident) => {
        impl $crate::wire::Convert<$name> for $name {
            fn convert(self) -> $name {
                self
            }
        }
    };

    // An enum's value: its variant's index, then its fields.
    (@put $self:ident $out:ident $variants:ident $variant:ident) => {
        if let Self::$variant = $self {
            $crate::wire!(@index $out $variants $variant);
        }
    };
    (@put $self:ident $out:ident $variants:ident $variant:ident ($($type:ty),+)) => {
        $crate::wire!(@named [@put_fields $self $out $variants $variant] [] [a b c d e f g h] $($type),+);
    };
    (@put_fields $self:ident $out:ident $variants:ident $variant:ident [$($field:ident)+]) => {
        if let Self::$variant($($field),+) = $self {
            $crate::wire!(@index $out $variants $variant);
            $($crate::wire::Wire::put($field, $out);)+
        }
    };
    (@index $out:ident $variants:ident $variant:ident) => {
        let index = $variants.iter().position(|name| *name == ::core::stringify!($variant)).unwrap_or_default();
        $crate::wire::Wire::put(&(index as u8), $out);
    };
    // A name for each field of a variant (eight at most), then `then` with them.
    (@named [$($then:tt)*] [$($named:ident)*] [$next:ident $($pool:ident)*] $type:ty $(, $rest:ty)*) => {
        $crate::wire!(@named [$($then)*] [$($named)* $next] [$($pool)*] $($rest),*)
    };
    (@named [$($then:tt)*] [$($named:ident)*] [$($pool:ident)*]) => {
        $crate::wire!($($then)* [$($named)*])
    };

    // The conversions of each shape, both ways, where `conversions!` is: beside `mod calls`,
    // which holds the types.
    (@conversions $submission:ident) => {};
    (@conversions $submission:ident struct $name:ident { $($field:ident)* } $($rest:tt)*) => {
        impl $crate::wire::Convert<$submission::$name> for calls::$name {
            fn convert(self) -> $submission::$name {
                $submission::$name { $($field: $crate::wire::Convert::convert(self.$field)),* }
            }
        }
        impl $crate::wire::Convert<calls::$name> for $submission::$name {
            fn convert(self) -> calls::$name {
                calls::$name { $($field: $crate::wire::Convert::convert(self.$field)),* }
            }
        }
        $crate::wire!(@conversions $submission $($rest)*);
    };
    (@conversions $submission:ident enum $name:ident { $($variant:ident $(($($type:ty),+))?)* } $($rest:tt)*) => {
        impl $crate::wire::Convert<$submission::$name> for calls::$name {
            fn convert(self) -> $submission::$name {
                $($crate::wire!(@variant self [calls::$name] [$submission::$name] $variant $(($($type),+))?);)*
                ::core::unreachable!()
            }
        }
        impl $crate::wire::Convert<calls::$name> for $submission::$name {
            fn convert(self) -> calls::$name {
                $($crate::wire!(@variant self [$submission::$name] [calls::$name] $variant $(($($type),+))?);)*
                ::core::panic!("the submission's {} has a variant the handout's has not", ::core::stringify!($name))
            }
        }
        $crate::wire!(@conversions $submission $($rest)*);
    };
    (@variant $self:ident [$($from:tt)*] [$($to:tt)*] $variant:ident) => {
        if let $($from)*::$variant = $self {
            return $($to)*::$variant;
        }
    };
    (@variant $self:ident [$($from:tt)*] [$($to:tt)*] $variant:ident ($($type:ty),+)) => {
        $crate::wire!(@named [@variant_fields $self [$($from)*] [$($to)*] $variant] [] [a b c d e f g h] $($type),+);
    };
    (@variant_fields $self:ident [$($from:tt)*] [$($to:tt)*] $variant:ident [$($field:ident)+]) => {
        if let $($from)*::$variant($($field),+) = $self {
            return $($to)*::$variant($($crate::wire::Convert::convert($field)),+);
        }
    };

    (@$rule:ident $($rest:tt)*) => {
        ::core::compile_error!(::core::concat!(
            "gamekit_probe::wire! cannot read this (a struct with named fields, or an enum whose variants have \
             no value or up to eight, each maybe with attributes; no generics, no discriminant): ",
            ::core::stringify!($($rest)*)
        ));
    };
    ($($items:tt)*) => {
        $crate::wire!(@items ($) [] $($items)*);
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_as_they_went() {
        let value = (vec!['X', '.', '#'], -3i32, Some(String::from("é")), Ok::<u8, String>(7), true, usize::MAX);
        assert_eq!(decode(&encode(&value)), Some(value));
        let error: Result<(), String> = Err("panicked".into());
        assert_eq!(decode(&encode(&error)), Some(error));
    }

    /// The submission's types, as a probe links them.
    mod submission {
        #[derive(Debug, PartialEq)]
        pub enum Side {
            North,
            South,
        }

        #[derive(Debug, PartialEq)]
        pub enum Error {
            Size(String),
            Over,
            InvalidMove(Side, i32, i32),
        }

        #[derive(Debug, PartialEq)]
        pub struct Outcome {
            pub winner: Option<Side>,
            pub seeds: [u32; 2],
            pub errors: Vec<Error>,
        }
    }

    #[macro_use]
    mod calls {
        crate::wire! {
            #[derive(Debug, PartialEq)]
            pub enum Side {
                /// The first player's side.
                North,
                South,
            }
            #[derive(Debug, PartialEq)]
            pub enum Error { Size(String), Over, InvalidMove(Side, i32, i32) }
            /// How a game ended.
            #[derive(Debug, PartialEq)]
            pub struct Outcome {
                /// Who won, if anyone.
                pub winner: Option<Side>,
                pub seeds: [u32; 2],
                pub errors: Vec<Error>,
            }
            /// A view of the kit's own, which no submission has.
            #[kit]
            #[derive(Debug, PartialEq)]
            pub struct View { pub sides: Vec<Option<Side>>, pub seeds: (u32, u32) }
        }
    }

    conversions!(submission);

    #[test]
    fn the_handouts_types_cross_and_convert_to_the_submissions() {
        let errors = vec![
            calls::Error::Size("3".into()),
            calls::Error::Over,
            calls::Error::InvalidMove(calls::Side::North, 2, 5),
        ];
        let outcome = calls::Outcome { winner: Some(calls::Side::South), seeds: [20, 28], errors };
        let bytes = encode(&outcome);
        let theirs: submission::Outcome = decode::<calls::Outcome>(&bytes).expect("an outcome").convert();
        let errors = vec![
            submission::Error::Size("3".into()),
            submission::Error::Over,
            submission::Error::InvalidMove(submission::Side::North, 2, 5),
        ];
        assert_eq!(theirs, submission::Outcome { winner: Some(submission::Side::South), seeds: [20, 28], errors });
        let ours: calls::Outcome = theirs.convert();
        assert_eq!(ours, outcome);
        assert_eq!(decode::<calls::Side>(&encode(&"East".to_owned())), None, "a variant the type has not");
        let view = calls::View { sides: vec![None, Some(calls::Side::North)], seeds: (3, 4) };
        assert_eq!(decode(&encode(&view)), Some(view));
        assert_eq!(decode::<[char; 3]>(&encode(&['a', 'b', 'c'])), Some(['a', 'b', 'c']));
        assert_eq!(decode::<[char; 3]>(&encode(&['a', 'b'])), None);
    }

    #[test]
    fn nonsense_is_none_never_a_panic() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for length in 0..2000 {
            let bytes: Vec<u8> = (0..length % 64)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as u8
                })
                .collect();
            let _ = decode::<(Vec<Vec<char>>, Option<String>, Result<bool, (u8, String)>)>(&bytes);
            let _ = decode::<(i32, char, usize)>(&bytes);
        }
        assert_eq!(decode::<i32>(&encode(&(1i64 << 40))), None, "out of range");
        assert_eq!(decode::<bool>(&[2]), None);
        assert_eq!(decode::<u8>(&encode(&(1u8, 2u8))), None, "bytes left over");
    }
}
