//! The values that cross between judge and probe, as bytes: a call's arguments, its result.
//!
//! Hand-written rather than serde: the probe is compiled with every submission, so it stays
//! small, and a probe that answers nonsense must give `None`, never a panic in the judge.

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
        // Each item takes a byte at least: a length beyond what is left is nonsense.
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
