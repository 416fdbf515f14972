//! ring's `digest` module: BoringSSL-derived assembly with ring's own CPU dispatch.

use super::Streaming;

/// Generates one `Streaming` adapter per algorithm for a crate with ring's digest API
/// (`Context::new(&ALG)`, `update`, `finish(self)`, `digest(&ALG, data)`); aws-lc-rs
/// shares it.
macro_rules! ring_like {
    ($krate:ident: $($name:ident = $alg:ident),* $(,)?) => {
        $(
            pub(crate) struct $name;
            impl Streaming for $name {
                type State = $krate::digest::Context;
                fn new() -> Self::State {
                    $krate::digest::Context::new(&$krate::digest::$alg)
                }
                fn update(s: &mut Self::State, data: &[u8]) {
                    s.update(data);
                }
                fn finish(s: &mut Self::State, out: &mut [u8]) {
                    let done = std::mem::replace(s, Self::new());
                    out.copy_from_slice(done.finish().as_ref());
                }
                fn finish_owned(s: Self::State, out: &mut [u8]) {
                    out.copy_from_slice(s.finish().as_ref());
                }
                fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                    out.copy_from_slice($krate::digest::digest(&$krate::digest::$alg, data).as_ref());
                }
            }
        )*
    };
}
pub(crate) use ring_like;

ring_like!(ring:
    RingSha1 = SHA1_FOR_LEGACY_USE_ONLY,
    RingSha256 = SHA256,
    RingSha384 = SHA384,
    RingSha512 = SHA512,
    RingSha512_256 = SHA512_256,
);

pub(crate) fn ring_backend() -> String {
    "assembly (ring's runtime CPU dispatch)".to_string()
}
