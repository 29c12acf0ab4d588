//! What a sandboxed run writes, read as it comes (at most [`KEEP`] bytes of each stream
//! kept), and its first process killed.

use std::io::Read;
use std::sync::mpsc;
use std::time::Duration;

/// Kills the sandbox (its first process, and so every other in its PID namespace) and the
/// process group it leads.
pub(crate) fn kill(child: &mut std::process::Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A pipe read to its end on a thread of its own.
pub(crate) struct Reader {
    done: mpsc::Receiver<Vec<u8>>,
}

impl Reader {
    /// What was read, waiting a second at most for the pipe to close.
    pub(crate) fn finish(self) -> Vec<u8> {
        self.done.recv_timeout(Duration::from_secs(1)).unwrap_or_default()
    }
}

/// The most of each pipe kept: its end, where a panic's message is.
pub(crate) const KEEP: usize = 256 * 1024;

/// Reads `pipe`, telling `progress` how many bytes came, keeping the last [`KEEP`] bytes.
pub(crate) fn drain(mut pipe: impl Read + Send + 'static, progress: mpsc::Sender<u64>) -> Reader {
    let (sender, done) = mpsc::channel();
    std::thread::spawn(move || {
        let (mut kept, mut chunk) = (Vec::new(), [0; 8192]);
        while let Ok(read @ 1..) = pipe.read(&mut chunk) {
            kept.extend_from_slice(&chunk[..read]);
            if kept.len() > 2 * KEEP {
                kept.drain(..kept.len() - KEEP);
            }
            if progress.send(read as u64).is_err() {
                break;
            }
        }
        let _ = sender.send(kept);
    });
    Reader { done }
}
