//! The filter as a submission's code meets it: what it refuses, and that what a program
//! needs (threads, pipes, files, a socket pair, child processes) still works.

#![cfg(target_os = "linux")]

use std::process::{Command, Output};

/// Runs `script` with bash under `gamekit-confine`.
fn confined(script: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamekit-confine")).args(["bash", "-c", script]).output().expect("confine runs")
}

fn says(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[test]
fn no_socket_of_any_family_is_made() {
    for address in ["/dev/tcp/127.0.0.1/9", "/dev/udp/127.0.0.1/9"] {
        let output = confined(&format!("echo leaked > {address}"));
        assert!(!output.status.success(), "{address}: {}", says(&output));
        assert!(says(&output).contains("Operation not permitted"), "{address}: {}", says(&output));
    }
    let python = "import socket\nfor family in (socket.AF_UNIX, socket.AF_INET, socket.AF_INET6, socket.AF_NETLINK):\n    \
                  try:\n        socket.socket(family, socket.SOCK_DGRAM)\n        print('made', family)\n    \
                  except PermissionError:\n        print('refused', family)\n\
                  a, b = socket.socketpair()\na.send(b'x')\nprint('pair', b.recv(1))";
    let output = confined(&format!("python3 -c \"{python}\""));
    let said = says(&output);
    assert!(!said.contains("made"), "{said}");
    assert_eq!(said.matches("refused").count(), 4, "{said}");
    assert!(said.contains("pair b'x'"), "a socket pair reaches only itself: {said}");
}

/// A system call made from Python: `done`, or the text of the error it met.
fn attempt(call: &str) -> String {
    format!(
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n\
         print('done' if {call} == 0 else os.strerror(ctypes.get_errno()))"
    )
}

/// Each is refused by the filter itself (Operation not permitted, the filter's answer), not
/// by a missing privilege: as root, the same call made without the filter is done (in a
/// mount namespace of its own, so the mount leaves nothing).
#[test]
fn namespaces_mounts_and_tracing_are_refused() {
    let root = Command::new("id").arg("-u").output().is_ok_and(|id| id.stdout == b"0\n");
    for (what, call) in [
        ("a user namespace", "libc.unshare(0x10000000)"),
        ("a network namespace", "libc.unshare(0x40000000)"),
        ("a mount", "libc.mount(b'none', b'/mnt', b'tmpfs', 0, None)"),
        ("tracing", "libc.ptrace(0, 0, 0, 0)"),
    ] {
        let script = attempt(call);
        let output = Command::new(env!("CARGO_BIN_EXE_gamekit-confine"))
            .args(["python3", "-c", &script])
            .output()
            .expect("confine runs");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "Operation not permitted\n", "{what}: {}", says(&output));
        if root {
            let output = Command::new("unshare")
                .args(["--mount", "--propagation", "private", "python3", "-c", &script])
                .output()
                .expect("unshare runs");
            assert_eq!(String::from_utf8_lossy(&output.stdout), "done\n", "{what}, unconfined: {}", says(&output));
        }
    }
}

#[test]
fn ipc_objects_that_outlive_the_process_are_refused() {
    let output = confined("python3 -c 'import ctypes; print(ctypes.CDLL(None).shmget(0, 4096, 0o1600))'");
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "-1", "{}", says(&output));
}

#[test]
fn what_a_program_needs_still_works() {
    let script = "set -e; echo piped | cat; f=$(mktemp); echo kept > $f; cat $f; rm $f; \
                  python3 -c 'import threading; t = threading.Thread(target=print, args=(\"threaded\",)); t.start(); t.join()'; \
                  (sleep 0.01 &) ; wait";
    let output = confined(script);
    assert!(output.status.success(), "{}", says(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "piped\nkept\nthreaded\n");
}

#[test]
fn a_program_that_cannot_run_is_status_127_and_no_program_is_2() {
    let output = Command::new(env!("CARGO_BIN_EXE_gamekit-confine")).arg("/no/such/program").output().expect("runs");
    assert_eq!(output.status.code(), Some(127));
    let output = Command::new(env!("CARGO_BIN_EXE_gamekit-confine")).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

/// With `--read` and `--write`, Landlock keeps the process and its children to those paths:
/// it writes in its own folder only, and opens nothing else, whatever the file's permissions.
#[test]
fn a_reach_keeps_the_process_to_its_files() {
    let available = Command::new(env!("CARGO_BIN_EXE_gamekit-confine")).arg("--landlock").output().expect("runs");
    if !available.status.success() {
        // The grader goes on without it and says so; gamekit's hostile checks force that case.
        eprintln!("Landlock is not available here: {}", says(&available));
        return;
    }
    let own = std::env::temp_dir().join(format!("gamekit-confine-reach-{}", std::process::id()));
    std::fs::create_dir_all(&own).expect("a folder of its own");
    let script = format!(
        "echo kept > {own}/file && cat {own}/file; echo no > /tmp/gamekit-confine-outside-{pid} || echo refused-tmp; \
         cat /etc/hostname > /dev/null || echo refused-etc; sh -c 'echo no > /var/tmp/gamekit-confine-{pid}' || echo refused-child",
        own = own.display(),
        pid = std::process::id()
    );
    let output = Command::new(env!("CARGO_BIN_EXE_gamekit-confine"))
        .args(["--read", "/usr", "--read", "/bin", "--read", "/lib", "--read", "/lib64", "--write", "/dev/null"])
        .arg("--write")
        .arg(&own)
        .args(["--", "/bin/sh", "-c", &script])
        .output()
        .expect("confine runs");
    let said = says(&output);
    let _ = std::fs::remove_dir_all(&own);
    for expected in ["kept", "refused-tmp", "refused-etc", "refused-child", "Permission denied"] {
        assert!(said.contains(expected), "{expected}: {said}");
    }
}
