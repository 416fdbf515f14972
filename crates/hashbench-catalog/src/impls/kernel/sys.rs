//! The AF_ALG system calls, through `libc`. Elsewhere than Linux, `socket` refuses as a
//! kernel without AF_ALG would.

#[cfg(target_os = "linux")]
mod linux {
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

    /// A file descriptor from a call that returns -1 and sets errno on failure.
    fn fd(ret: libc::c_int) -> io::Result<OwnedFd> {
        if ret < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a new descriptor the kernel just returned, owned by nobody else.
        Ok(unsafe { OwnedFd::from_raw_fd(ret) })
    }

    fn ok(ret: libc::c_int, call: &str) -> io::Result<()> {
        if ret < 0 {
            let e = io::Error::last_os_error();
            return Err(io::Error::new(e.kind(), format!("{call}: {e}")));
        }
        Ok(())
    }

    pub fn socket() -> io::Result<OwnedFd> {
        // SAFETY: plain system call.
        fd(unsafe { libc::socket(libc::AF_ALG, libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC, 0) })
    }

    pub fn bind(tfm: &OwnedFd, name: &str) -> io::Result<()> {
        // SAFETY: sockaddr_alg is plain bytes and integers; zero is its empty value.
        let mut sa: libc::sockaddr_alg = unsafe { std::mem::zeroed() };
        sa.salg_family = libc::AF_ALG as libc::sa_family_t;
        sa.salg_type[..4].copy_from_slice(b"hash");
        // Room for the NUL the kernel expects after the name.
        if name.len() >= sa.salg_name.len() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "name too long"));
        }
        sa.salg_name[..name.len()].copy_from_slice(name.as_bytes());
        let len = std::mem::size_of::<libc::sockaddr_alg>() as libc::socklen_t;
        // SAFETY: `sa` is a valid sockaddr_alg of `len` bytes.
        let ret = unsafe { libc::bind(tfm.as_raw_fd(), std::ptr::addr_of!(sa).cast(), len) };
        ok(ret, "bind")
    }

    pub fn set_key(tfm: &OwnedFd, key: &[u8]) -> io::Result<()> {
        // SAFETY: `key` is readable for its length.
        let ret = unsafe {
            libc::setsockopt(
                tfm.as_raw_fd(),
                libc::SOL_ALG,
                libc::ALG_SET_KEY,
                key.as_ptr().cast(),
                key.len() as libc::socklen_t,
            )
        };
        ok(ret, "setsockopt(ALG_SET_KEY)")
    }

    pub fn accept(tfm: &OwnedFd) -> io::Result<OwnedFd> {
        // SAFETY: accept without a peer address.
        let ret =
            unsafe { libc::accept(tfm.as_raw_fd(), std::ptr::null_mut(), std::ptr::null_mut()) };
        fd(ret).map_err(|e| io::Error::new(e.kind(), format!("accept: {e}")))
    }

    /// Sends all of `data` with `MSG_MORE` (the message goes on), in as many calls as
    /// the kernel takes.
    pub fn send_more(op: &OwnedFd, mut data: &[u8]) -> io::Result<()> {
        while !data.is_empty() {
            // SAFETY: `data` is readable for its length.
            let n = unsafe {
                libc::send(
                    op.as_raw_fd(),
                    data.as_ptr().cast(),
                    data.len(),
                    libc::MSG_MORE,
                )
            };
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(io::Error::new(e.kind(), format!("send: {e}")));
            }
            data = &data[n as usize..];
        }
        Ok(())
    }

    /// Receives the digest, which ends the message.
    pub fn recv_digest(op: &OwnedFd, out: &mut [u8]) -> io::Result<()> {
        loop {
            // SAFETY: `out` is writable for its length.
            let n = unsafe { libc::recv(op.as_raw_fd(), out.as_mut_ptr().cast(), out.len(), 0) };
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(io::Error::new(e.kind(), format!("recv: {e}")));
            }
            if n as usize != out.len() {
                let msg = format!("recv: {n} bytes of a {}-byte digest", out.len());
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, msg));
            }
            return Ok(());
        }
    }
}

#[cfg(target_os = "linux")]
pub(super) use linux::{accept, bind, recv_digest, send_more, set_key, socket};

#[cfg(not(target_os = "linux"))]
mod other {
    use std::io;
    use std::os::fd::OwnedFd;

    fn not_linux<T>() -> io::Result<T> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "AF_ALG sockets are Linux's",
        ))
    }
    pub fn socket() -> io::Result<OwnedFd> {
        not_linux()
    }
    pub fn bind(_: &OwnedFd, _: &str) -> io::Result<()> {
        not_linux()
    }
    pub fn set_key(_: &OwnedFd, _: &[u8]) -> io::Result<()> {
        not_linux()
    }
    pub fn accept(_: &OwnedFd) -> io::Result<OwnedFd> {
        not_linux()
    }
    pub fn send_more(_: &OwnedFd, _: &[u8]) -> io::Result<()> {
        not_linux()
    }
    pub fn recv_digest(_: &OwnedFd, _: &mut [u8]) -> io::Result<()> {
        not_linux()
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) use other::{accept, bind, recv_digest, send_more, set_key, socket};
