//! The order cells are measured in. Each round visits the sizes in a shuffled order and
//! the cells of a size in a shuffled order, so that a slow spell of the machine lands on
//! different cells in different rounds instead of on one size or one implementation;
//! the order is reproducible from the run's seed.

/// The seed of round `round`'s order.
pub(crate) fn round_seed(seed: u64, round: usize) -> u64 {
    seed ^ (round as u64).wrapping_mul(0xA076_1D64_78BD_642F)
}

/// One step of splitmix64 from `state`: a well-mixed number for a seed.
pub(crate) fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Fisher-Yates shuffle driven by splitmix64 from `seed`: the cell order of a round is
/// reproducible from the run's seed.
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = move || {
        let z = splitmix(state);
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests;
