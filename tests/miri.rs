//! The probe's unsafe code under Miri: the objects it keeps for the judge and the values it
//! lends for a call back (`crates/probe/src/objects.rs`, `proxy.rs`), through their own
//! tests (`crates/probe/tests/objects.rs`, `lender.rs`). Miri runs no other process, so the
//! channel's tests (`channel.rs`, which start a probe) are not among them.

use std::process::Command;

#[test]
#[cfg_attr(no_miri, ignore = "no nightly toolchain with Miri here (seen when the checks were built)")]
#[cfg_attr(not(no_miri), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn the_probes_objects_and_loans_pass_their_tests_under_miri() {
    let root = env!("CARGO_MANIFEST_DIR");
    let run = Command::new("cargo")
        .args(["+nightly", "miri", "test", "--package", "gamekit-probe", "--test", "objects", "--test", "lender"])
        .current_dir(root)
        // A target of its own: the outer `cargo test` still holds the kit's.
        .env("CARGO_TARGET_DIR", std::path::Path::new(root).join("target").join("miri"))
        .output()
        .expect("cargo +nightly miri");
    assert!(
        run.status.success(),
        "Miri found undefined behaviour, or a test failed:\n{}\n{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}
