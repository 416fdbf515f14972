//! Heap allocations per call, counted by a global allocator that the measuring binary
//! installs:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: hashbench_engine::CountingAllocator = hashbench_engine::CountingAllocator;
//! ```
//!
//! Counting is off except inside [`count_allocations`], which runs a kernel untimed after
//! its cell was measured. While it is off, each allocation pays one relaxed load of a
//! flag that sits in cache (a plain `mov` on x86_64) and a predicted branch, so timed
//! samples are not distorted by the counter. Only allocations through Rust's global
//! allocator are seen: C libraries (OpenSSL, libsodium) call `malloc` directly, and those
//! are not counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::Serialize;

use crate::Kernel;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

/// The system allocator, counting allocations and their bytes while
/// [`count_allocations`] runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

#[inline(always)]
fn record(bytes: usize) {
    if COUNTING.load(Ordering::Relaxed) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds GlobalAlloc's
// contract; the counting touches only atomics and never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }

    /// A reallocation counts as one allocation of the new size: it may move the block,
    /// which is what makes it cost like one.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Heap use of one call, averaged over the counted calls.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Allocations {
    /// Allocations (and reallocations) per call.
    pub allocations_per_call: f64,
    /// Bytes requested per call.
    pub bytes_per_call: f64,
}

/// Counts allocations over `calls` untimed runs of `kernel` on `input`, after one
/// uncounted run (lazy initialisation on a first call is not a per-call cost). `None`
/// when [`CountingAllocator`] is not the global allocator, so that "not counted" never
/// reads as "no allocations".
///
/// The counters are process-wide: allocations by other threads in the meantime (a
/// thread pool the kernel uses, on purpose) are counted too. Calls of this function must
/// not overlap.
pub fn count_allocations<K: Kernel + ?Sized>(
    kernel: &mut K,
    input: &[u8],
    calls: u32,
) -> Option<Allocations> {
    let calls = calls.max(1);
    let mut out = vec![0u8; kernel.output_len()];
    kernel.run(input, &mut out);
    if !installed() {
        return None;
    }
    let (a0, b0) = (
        ALLOCATIONS.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed),
    );
    COUNTING.store(true, Ordering::SeqCst);
    for _ in 0..calls {
        kernel.run(black_box(input), &mut out);
        black_box(&mut out);
    }
    COUNTING.store(false, Ordering::SeqCst);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed).wrapping_sub(a0);
    let bytes = BYTES.load(Ordering::Relaxed).wrapping_sub(b0);
    Some(Allocations {
        allocations_per_call: allocations as f64 / f64::from(calls),
        bytes_per_call: bytes as f64 / f64::from(calls),
    })
}

/// Whether [`CountingAllocator`] is the global allocator: one boxed value must show up
/// in the counters.
#[must_use]
pub fn installed() -> bool {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.store(true, Ordering::SeqCst);
    drop(black_box(Box::new(black_box(0u64))));
    COUNTING.store(false, Ordering::SeqCst);
    ALLOCATIONS.load(Ordering::Relaxed) != before
}
