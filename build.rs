//! The graded suites make one test per fixture file (rstest's `#[files]`), a list fixed when
//! they compile: rebuild them when a fixture is added or removed.
//!
//! The kit's checks need what this machine may lack: bubblewrap able to make namespaces and
//! root, to grade in a sandbox and as users of their own; Chromium, to look at the class
//! page; a nightly toolchain with Miri, to run the probe's unsafe code under it. Where one is
//! missing, the cfgs `no_bubblewrap`, `not_root`, `no_chromium` and `no_miri` mark those
//! checks ignored, with the reason, rather than letting them pass unrun; in the kit's own CI
//! (`GAMEKIT_CI` set, as `.ci/run` sets it) a missing bubblewrap or Chromium fails the build.
//! Miri does not: a machine that reaches only the package registries may not fetch a nightly
//! toolchain (`.ci/run` says when it could not). Not under any `CI`: a deployment that builds gamekit (a GitHub Classroom workflow,
//! which sets `CI`) needs neither.

use std::process::{Command, Stdio};

fn main() {
    println!("cargo::rerun-if-changed=fixtures");
    println!("cargo::rerun-if-env-changed=GAMEKIT_CI");
    println!("cargo::rustc-check-cfg=cfg(no_bubblewrap)");
    println!("cargo::rustc-check-cfg=cfg(not_root)");
    println!("cargo::rustc-check-cfg=cfg(no_chromium)");
    println!("cargo::rustc-check-cfg=cfg(no_miri)");
    // Looked at again when a package is installed or removed, bubblewrap among them.
    for dir in ["/usr/bin", "/usr/local/bin"].into_iter().filter(|dir| std::path::Path::new(dir).is_dir()) {
        println!("cargo::rerun-if-changed={dir}");
    }
    let bubblewrap = Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "--unshare-all", "--proc", "/proc", "--dev", "/dev", "--", "true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !bubblewrap {
        assert!(std::env::var_os("GAMEKIT_CI").is_none(), "the kit's CI must check the sandbox: install bubblewrap");
        println!("cargo::rustc-cfg=no_bubblewrap");
    }
    let chromium = Command::new("chromium").arg("--version").output().is_ok_and(|run| run.status.success());
    if !chromium {
        assert!(std::env::var_os("GAMEKIT_CI").is_none(), "the kit's CI must check the class page: install chromium");
        println!("cargo::rustc-cfg=no_chromium");
    }
    let miri = Command::new("cargo").args(["+nightly", "miri", "--version"]).output();
    if !miri.is_ok_and(|run| run.status.success()) {
        println!("cargo::rustc-cfg=no_miri");
    }
    let root = Command::new("id").arg("-u").output().is_ok_and(|id| id.stdout.trim_ascii() == b"0");
    if !root {
        println!("cargo::rustc-cfg=not_root");
    }
}
