//! The check against copydetect (`tests/copydetect.rs`) needs copydetect, a Python package:
//! `$COPYDETECT_PYTHON` (relative to the workspace's root) or the workspace's
//! `target/copydetect/bin/python` (`python3 -m venv target/copydetect &&
//! target/copydetect/bin/pip install copydetect`). Where it is missing, the cfg
//! `no_copydetect` marks that check ignored, with the reason, rather than letting it pass
//! unrun; in the kit's own CI (`GAMEKIT_CI` set, as `.ci/run` sets it) a missing copydetect
//! fails the build. Not under any `CI`: a deployment that builds gamekit needs no copydetect.

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn main() {
    println!("cargo::rerun-if-env-changed=GAMEKIT_CI");
    println!("cargo::rerun-if-env-changed=COPYDETECT_PYTHON");
    println!("cargo::rustc-check-cfg=cfg(no_copydetect)");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("../..");
    let python = match std::env::var_os("COPYDETECT_PYTHON") {
        Some(python) => root.join(python),
        None => root.join("target/copydetect/bin/python"),
    };
    // Looked at again when the venv appears or changes (installed later: touch this file).
    if python.exists() {
        println!("cargo::rerun-if-changed={}", python.display());
    }
    let copydetect = Command::new(&python)
        .args(["-c", "import copydetect"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !copydetect {
        assert!(
            std::env::var_os("GAMEKIT_CI").is_none(),
            "the kit's CI must compare with copydetect: install it into {} (python3 -m venv target/copydetect && \
             target/copydetect/bin/pip install copydetect) or set COPYDETECT_PYTHON",
            python.display()
        );
        println!("cargo::rustc-cfg=no_copydetect");
    }
}
