//! The default map sizes, from the host's caches.

use hashbench_model::Size;

/// The largest default size: on a machine with a last-level cache of 64 MiB or more, the
/// memory size stops here (8 million keys of each set, strings included, held at once).
pub const DEFAULT_MAX_ENTRIES: usize = 1 << 22;

/// Bytes a `HashMap<u64, u32>` holds per bucket: a 16-byte slot and its control byte.
pub(super) const BUCKET_BYTES: u64 = 17;

/// Three map sizes from the host's caches, for `HashMap<u64, u32>`: the largest power of
/// two of keys whose table fills at most half of L2, the same for the last level, and the
/// smallest whose table is at least twice the last level (memory), at most
/// [`DEFAULT_MAX_ENTRIES`]. 4k, 256k and 4m keys where a cache is not known.
#[must_use]
pub fn from_caches(host: &hashbench_host::Host) -> (Vec<usize>, String) {
    let l2 = host.cache_size(2);
    let last = host
        .caches
        .iter()
        .map(|c| c.level)
        .max()
        .filter(|&l| l >= 2);
    let llc = last.and_then(|l| host.cache_size(l));
    let (Some(l2), Some(llc)) = (l2, llc) else {
        return (
            vec![4 << 10, 256 << 10, 4 << 20],
            "defaults: the caches are not known".into(),
        );
    };
    let table = |n: usize| hashbench_quality::map::buckets_for(n) as u64 * BUCKET_BYTES;
    let at_most = |bytes: u64| {
        let mut n = 1usize;
        while table(2 * n) <= bytes {
            n *= 2;
        }
        n
    };
    let mut memory = 1usize;
    while table(memory) < 2 * llc && memory < DEFAULT_MAX_ENTRIES {
        memory *= 2;
    }
    let mut sizes = vec![at_most(l2 / 2), at_most(llc / 2), memory];
    sizes.dedup();
    let from = format!(
        "the host's caches: a table of at most half of L2 ({}), at most half of the last level ({}), at least twice the last level",
        hashbench_model::format::size(Size::Bytes(l2)),
        hashbench_model::format::size(Size::Bytes(llc))
    );
    (sizes, from)
}
