//! A hash that names things the same way on every machine and with every Rust: folders
//! named after a path, users drawn from one.

/// A hash of `bytes` that is the same on every machine and with every Rust: the first eight
/// bytes of their SHA-256.
pub fn stable(bytes: &[u8]) -> u64 {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    u64::from_be_bytes(digest[..8].try_into().expect("SHA-256 has 32 bytes"))
}
