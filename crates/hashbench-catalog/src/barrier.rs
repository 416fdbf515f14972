//! Opaque barriers for the timed loops: values the optimiser must treat as unknown and
//! digests it must treat as read, at no cost in instructions.

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
use std::hint::black_box;

/// Hides `value` from the optimiser at no cost: an empty `asm!` block that takes the
/// value in a register and hands it back "changed". The compiler must assume any value
/// came out, so nothing computed from it can be hoisted out of the loop or folded into
/// another call. [`std::hint::black_box`] would do the same through memory (a store and a
/// reload per call), which is most of a `nop` iteration's cost.
#[inline(always)]
pub(crate) fn opaque<T>(value: *const T) -> *const T {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut v = value;
        // SAFETY: the template is empty: no instruction runs, no memory or flag changes.
        // The pointer is only carried through a register, never dereferenced, so `nomem`
        // is true.
        #[allow(clippy::pointers_in_nomem_asm_block)]
        unsafe {
            std::arch::asm!("/* {0} */", inout(reg) v, options(nomem, nostack, preserves_flags));
        }
        v
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        std::hint::black_box(value)
    }
}

/// Marks `out` as read after every call at no cost: an empty `asm!` block that may read
/// memory, so each call's digest must really be stored (a call whose digest nobody reads
/// could otherwise be dropped once the call is inlined into the loop). Through
/// [`std::hint::black_box`] this would be a store and a reload of the slice per call.
#[inline(always)]
pub(crate) fn consumed(out: &mut [u8]) {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        // SAFETY: the template is empty: no instruction runs and nothing is written.
        // `readonly` (not `nomem`) is the point: the compiler must assume the block
        // reads memory, `out` included.
        unsafe {
            std::arch::asm!("/* {0} */", in(reg) out.as_ptr(), options(readonly, nostack, preserves_flags));
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        black_box(out);
    }
}
