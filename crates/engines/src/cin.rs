//! The references' model of console input: libstdc++'s `cin >> c` and `cin >> n` over the
//! input's bytes, for the programs the kit ports from C++ (written apart from the handout's
//! `cin` crate, which the submissions use, so that one can check the other).

/// How a run of a console program ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The game was played to its end.
    Finished,
    /// The input ended at a prompt: the original loops forever there; the port stops.
    EndOfInput,
}

/// One read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read<T> {
    Value(T),
    /// Nothing readable there: the rest of the line was discarded (`cin_failed()`).
    Failed,
    /// The input ended first.
    End,
}

/// The input, read from the start.
#[derive(Debug, Clone)]
pub struct Cin<'a> {
    input: &'a [u8],
    at: usize,
}

impl<'a> Cin<'a> {
    /// A reader at the start of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Cin { input, at: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.at).copied()
    }

    /// Skips what `isspace` calls space in the "C" locale; false at the end of the input.
    fn skip_space(&mut self) -> bool {
        while self.peek().is_some_and(|byte| b" \t\n\x0b\x0c\r".contains(&byte)) {
            self.at += 1;
        }
        self.peek().is_some()
    }

    /// `cin >> c`: the next byte after space (never [`Read::Failed`]).
    pub fn char(&mut self) -> Read<u8> {
        if !self.skip_space() {
            return Read::End;
        }
        self.at += 1;
        Read::Value(self.input[self.at - 1])
    }

    /// `cin >> n`, then `cin_failed()`: an optional sign and digits after space. A number
    /// that is not there or does not fit an `int` fails, and the rest of its line is
    /// discarded; one that fails at the very end of the input is [`Read::End`].
    pub fn int(&mut self) -> Read<i32> {
        if !self.skip_space() {
            return Read::End;
        }
        let start = self.at;
        if matches!(self.peek(), Some(b'+' | b'-')) {
            self.at += 1;
        }
        let digits = self.at;
        while self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.input[start..self.at]).unwrap_or_default();
        let value = if self.at > digits { text.parse::<i32>().ok() } else { None };
        match (value, self.peek()) {
            (Some(value), _) => Read::Value(value),
            (None, None) => Read::End,
            (None, Some(_)) => {
                self.at = self.input[self.at..]
                    .iter()
                    .position(|&byte| byte == b'\n')
                    .map_or(self.input.len(), |newline| self.at + newline + 1);
                Read::Failed
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_like_cin() {
        let mut cin = Cin::new(b" +12\t-3 007 x9 rest\n5 99999999999\n2147483647 -");
        let reads: Vec<Read<i32>> = std::iter::from_fn(|| Some(cin.int()).filter(|read| *read != Read::End)).collect();
        let expected = [12, -3, 7].map(Read::Value).into_iter().chain([
            Read::Failed,
            Read::Value(5),
            Read::Failed,
            Read::Value(i32::MAX),
        ]);
        assert_eq!(
            reads,
            expected.collect::<Vec<_>>(),
            "x9 fails and takes the rest of its line; so does a number past int"
        );
    }

    #[test]
    fn a_char_is_one_byte_after_space() {
        let mut cin = Cin::new(b"  yes");
        assert_eq!(
            [cin.char(), cin.char(), cin.char(), cin.char()],
            [Read::Value(b'y'), Read::Value(b'e'), Read::Value(b's'), Read::End]
        );
    }
}
