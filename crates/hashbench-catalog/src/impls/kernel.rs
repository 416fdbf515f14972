//! The Linux kernel's crypto API from user space, through AF_ALG sockets: the code btrfs,
//! dm-integrity and the rest of the kernel hash with (its crc32c, xxhash64, blake2b,
//! SHA-2 ...), reached as a program reaches it.
//!
//! A transform socket is `socket(AF_ALG, SOCK_SEQPACKET)` bound to
//! `sockaddr_alg { salg_type: "hash", salg_name }` (with `setsockopt(SOL_ALG,
//! ALG_SET_KEY)` for a seed), and `accept` on it gives the operation socket the data goes
//! to. **Every digest costs system calls**: at least one `send` of the message (with
//! `MSG_MORE`, so that the kernel waits for more) and one `recv` of the digest, each a
//! round trip into the kernel and a copy of the data across; a timed figure includes
//! them, and at small sizes they are most of it.
//!
//! A kernel without AF_ALG (`CONFIG_CRYPTO_USER_API_HASH` unset, or the family refused,
//! as on the development VM: `socket` fails with EAFNOSUPPORT) or without the named
//! hash makes the implementation unavailable with the kernel's own error
//! ([`judge`]).

use std::io;
use std::marker::PhantomData;
use std::os::fd::OwnedFd;

use super::Streaming;
use crate::Unavailable;

mod sys;

/// One hash as the kernel names it, and how its digest maps to the catalogue's bytes.
pub(crate) trait KernelHash: 'static {
    /// The kernel's algorithm name (`cat /proc/crypto`).
    const NAME: &'static str;
    /// Digest length the kernel writes.
    const LEN: usize;
    /// A key (the kernel's word for a checksum's seed) to set, where the kernel's default
    /// is not the catalogue's.
    const KEY: Option<&'static [u8]> = None;
    /// The kernel's digest bytes as the catalogue writes them (most are the same).
    fn convert(raw: &[u8], out: &mut [u8]) {
        out.copy_from_slice(raw);
    }
}

/// The kernel writes crc32c and xxhash64 little-endian (`put_unaligned_le32/64` in
/// crypto/crc32c.c and crypto/xxhash_generic.c); the catalogue writes integers
/// big-endian (xxHash's canonical form).
fn reversed(raw: &[u8], out: &mut [u8]) {
    out.copy_from_slice(raw);
    out.reverse();
}

/// CRC-32 (ISO-HDLC). The kernel's "crc32" starts from its key (0 unless set) and
/// neither inverts its result nor writes it big-endian (crypto/crc32.c: `crc32_final`
/// is `put_unaligned_le32(crc)`; testmgr.h's empty message returns the key itself). So
/// the key is 0xffffffff and the result is inverted here.
pub(crate) struct KCrc32;
impl KernelHash for KCrc32 {
    const NAME: &'static str = "crc32";
    const LEN: usize = 4;
    const KEY: Option<&'static [u8]> = Some(&[0xff; 4]);
    fn convert(raw: &[u8], out: &mut [u8]) {
        let crc = !u32::from_le_bytes(raw.try_into().expect("4 bytes"));
        out.copy_from_slice(&crc.to_be_bytes());
    }
}

/// CRC-32C: the kernel's default key is ~0 and it inverts at the end, as the standard
/// does (crypto/crc32c.c); only the byte order differs.
pub(crate) struct KCrc32c;
impl KernelHash for KCrc32c {
    const NAME: &'static str = "crc32c";
    const LEN: usize = 4;
    fn convert(raw: &[u8], out: &mut [u8]) {
        reversed(raw, out);
    }
}

/// XXH64, seed 0 (the kernel's default key).
pub(crate) struct KXxh64;
impl KernelHash for KXxh64 {
    const NAME: &'static str = "xxhash64";
    const LEN: usize = 8;
    fn convert(raw: &[u8], out: &mut [u8]) {
        reversed(raw, out);
    }
}

macro_rules! kernel_digest {
    ($($name:ident = $kernel:literal, $len:literal;)*) => {$(
        pub(crate) struct $name;
        impl KernelHash for $name {
            const NAME: &'static str = $kernel;
            const LEN: usize = $len;
        }
    )*};
}

kernel_digest! {
    KMd5 = "md5", 16;
    KSha1 = "sha1", 20;
    KSha224 = "sha224", 28;
    KSha256 = "sha256", 32;
    KSha384 = "sha384", 48;
    KSha512 = "sha512", 64;
    KSha3_224 = "sha3-224", 28;
    KSha3_256 = "sha3-256", 32;
    KSha3_384 = "sha3-384", 48;
    KSha3_512 = "sha3-512", 64;
    KBlake2b256 = "blake2b-256", 32;
    KBlake2b512 = "blake2b-512", 64;
}

/// Whether the kernel will hash with `H`, given what `socket(AF_ALG, SOCK_SEQPACKET)`
/// returned: the probe's logic apart from the system call, so that the refusal can be
/// tested on any kernel.
pub(crate) fn judge<H: KernelHash>(socket: io::Result<OwnedFd>) -> Result<(), Unavailable> {
    let tfm = socket.map_err(|e| {
        Unavailable(format!(
            "the kernel refuses AF_ALG sockets: socket(AF_ALG, SOCK_SEQPACKET) failed: {e}"
        ))
    })?;
    open::<H>(tfm).map(drop).map_err(|e| {
        Unavailable(format!(
            "the kernel's crypto API will not hash with {:?} through AF_ALG: {e}",
            H::NAME
        ))
    })
}

/// The catalogue's probe: a transform socket opened, bound and accepted, then closed.
pub(crate) fn kernel_probe<H: KernelHash>() -> Result<(), Unavailable> {
    judge::<H>(sys::socket())
}

/// An operation socket for `H` on the transform socket `tfm`.
fn open<H: KernelHash>(tfm: OwnedFd) -> io::Result<AlgSocket> {
    sys::bind(&tfm, H::NAME)?;
    if let Some(key) = H::KEY {
        sys::set_key(&tfm, key)?;
    }
    let op = sys::accept(&tfm)?;
    Ok(AlgSocket {
        _tfm: tfm,
        op,
        pending: false,
    })
}

/// The sockets of one hash: the transform (kept open while the operation socket is in
/// use) and the operation socket the message is sent to.
pub(crate) struct AlgSocket {
    _tfm: OwnedFd,
    op: OwnedFd,
    /// Data sent that no `recv` has finished yet.
    pending: bool,
}

/// A kernel hash as a [`Streaming`] adapter: `update` sends with `MSG_MORE`, `finish`
/// receives the digest (which also ends the message, so the next send starts another).
pub(crate) struct AfAlg<H>(PhantomData<fn() -> H>);

impl<H: KernelHash> AfAlg<H> {
    fn digest(s: &mut AlgSocket, out: &mut [u8]) {
        let mut raw = [0u8; 64];
        let raw = &mut raw[..H::LEN];
        sys::recv_digest(&s.op, raw).unwrap_or_else(|e| panic!("AF_ALG {}: {e}", H::NAME));
        s.pending = false;
        H::convert(raw, out);
    }
}

impl<H: KernelHash> Streaming for AfAlg<H> {
    type State = AlgSocket;
    fn new() -> AlgSocket {
        // The catalogue calls `new` only after the probe has opened the same sockets.
        sys::socket()
            .and_then(open::<H>)
            .unwrap_or_else(|e| panic!("AF_ALG {}: {e}", H::NAME))
    }
    fn update(s: &mut AlgSocket, data: &[u8]) {
        if !data.is_empty() {
            sys::send_more(&s.op, data).unwrap_or_else(|e| panic!("AF_ALG {}: {e}", H::NAME));
            s.pending = true;
        }
    }
    fn finish(s: &mut AlgSocket, out: &mut [u8]) {
        Self::digest(s, out);
    }
    /// A message half sent is ended by receiving (and dropping) its digest.
    fn reset(s: &mut AlgSocket) {
        if s.pending {
            let mut scratch = [0u8; 64];
            Self::digest(s, &mut scratch[..H::LEN]);
        }
    }
    fn oneshot(s: &mut AlgSocket, data: &[u8], out: &mut [u8]) {
        Self::reset(s);
        Self::update(s, data);
        Self::digest(s, out);
    }
}

/// The driver the kernel chose for `name`: the highest-priority `shash` or `ahash`
/// entry of /proc/crypto (the rule `crypto_alg_lookup` applies).
pub(crate) fn driver_in(proc_crypto: &str, name: &str) -> Option<String> {
    proc_crypto
        .split("\n\n")
        .filter_map(|block| {
            let field = |key: &str| {
                block.lines().find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    (k.trim() == key).then(|| v.trim())
                })
            };
            let hash = matches!(field("type"), Some("shash" | "ahash"));
            let usable = field("internal") != Some("yes");
            (hash && usable && field("name") == Some(name)).then(|| {
                let priority: i64 = field("priority").and_then(|p| p.parse().ok()).unwrap_or(0);
                (priority, field("driver").unwrap_or(name).to_string())
            })
        })
        .max_by_key(|(priority, _)| *priority)
        .map(|(_, driver)| driver)
}

pub(crate) fn kernel_backend<H: KernelHash>() -> String {
    let text = std::fs::read_to_string("/proc/crypto").unwrap_or_default();
    match driver_in(&text, H::NAME) {
        Some(driver) => format!("kernel driver {driver} (+ send/recv system calls)"),
        None => "kernel's choice (not in /proc/crypto until loaded)".to_string(),
    }
}

/// The running kernel's release, the version of the code the kernel hashes with.
pub(crate) fn kernel_version() -> String {
    match std::fs::read_to_string("/proc/sys/kernel/osrelease") {
        Ok(release) => format!("Linux {}", release.trim()),
        Err(_) => "no Linux kernel release (/proc/sys/kernel/osrelease)".to_string(),
    }
}

#[cfg(test)]
mod tests;
