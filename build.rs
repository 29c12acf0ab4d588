//! The graded suites make one test per fixture file (rstest's `#[files]`), a list fixed when
//! they compile: rebuild them when a fixture is added or removed.

fn main() {
    println!("cargo:rerun-if-changed=fixtures");
}
