//! The few C library calls the channel makes, declared here rather than taken from the
//! `libc` crate: a probe is built in the sandbox against each submission, and with no
//! dependency outside the kit it needs no registry there (the sandbox without namespaces
//! cannot read the grader's). The C library itself is linked by `std` on every Unix.

use std::ffi::c_int;

unsafe extern "C" {
    pub fn dup2(old: c_int, new: c_int) -> c_int;
    pub fn atexit(function: extern "C" fn()) -> c_int;
}
