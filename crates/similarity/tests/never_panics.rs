//! Tokenising and comparing never panic, whatever the text: random strings, random bytes
//! read lossily, and Rust-like soup of quotes, comment markers and unbalanced braces.

use gamekit_similarity::{File, Settings, Submission, compare, lexer::tokenize};
use proptest::prelude::*;

/// Text made mostly of what a lexer trips on.
fn rust_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("\"".to_owned()),
        Just("'".to_owned()),
        Just("r#\"".to_owned()),
        Just("\"#".to_owned()),
        Just("/*".to_owned()),
        Just("*/".to_owned()),
        Just("//".to_owned()),
        Just("\\".to_owned()),
        Just("\n".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("b'".to_owned()),
        Just("1e".to_owned()),
        Just("0x".to_owned()),
        Just("..".to_owned()),
        "[a-z_]{1,4}",
        "[0-9.+-]{1,3}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

fn submission(id: &str, text: &str) -> Submission {
    Submission { id: id.into(), files: vec![File::new("src/lib.rs", text)] }
}

proptest! {
    #[test]
    fn any_string_tokenizes(text in any::<String>()) {
        let tokens = tokenize(&text);
        let lines = text.matches('\n').count() + 1;
        prop_assert!(tokens.iter().all(|token| (1..=lines).contains(&token.line)));
        prop_assert!(tokens.windows(2).all(|pair| pair[0].line <= pair[1].line));
    }

    #[test]
    fn rust_like_soup_tokenizes_and_compares(a in rust_soup(), b in rust_soup(), k in 1usize..6, window in 0usize..5) {
        tokenize(&a);
        let settings = Settings { k, window, common: 0.5 };
        let pairs = compare(&[submission("a", &a), submission("b", &b), submission("c", &a)], &[File::new("h", &b)], &settings);
        prop_assert!(pairs.iter().all(|pair| (0.0..=1.0).contains(&pair.similarity)));
    }

    #[test]
    fn any_bytes_read_lossily_compare(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let file = File::from_bytes("src/lib.rs", &bytes);
        let class = [Submission { id: "a".into(), files: vec![file.clone()] }, Submission { id: "b".into(), files: vec![file] }];
        compare(&class, &[], &Settings { k: 2, window: 2, common: 0.5 });
    }
}
