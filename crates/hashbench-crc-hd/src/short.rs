//! The HD at short data lengths, by brute force: every codeword of k data bits is
//! G * q with deg q < k, so visiting all 2^K quotients gives the exact HD at every
//! k <= K. This covers the high HD levels, whose lightest codewords have so many bits
//! that the meet-in-the-middle search cannot reach them.

/// `hd[k - 1]` = the minimum weight of a nonzero codeword with at most `k` data bits,
/// for k = 1..=max_k.
#[must_use]
pub fn hd_by_length(g: u128, max_k: u32) -> Vec<u32> {
    assert!(
        (1..=40).contains(&max_k),
        "2^max_k quotients must stay affordable"
    );
    assert!(
        crate::gf2::degree(g) + max_k <= 128,
        "G * q must fit in 128 bits"
    );
    // lightest[d] = the lightest codeword whose quotient has degree exactly d.
    let mut lightest = vec![u32::MAX; max_k as usize];
    let (mut q, mut c) = (0u64, 0u128);
    // Gray code order: each step flips one bit of q, so c changes by one shifted G.
    for i in 1u64..(1u64 << max_k) {
        let j = i.trailing_zeros();
        q ^= 1 << j;
        c ^= g << j;
        let d = (63 - q.leading_zeros()) as usize;
        lightest[d] = lightest[d].min(c.count_ones());
    }
    let mut out = Vec::with_capacity(lightest.len());
    let mut so_far = u32::MAX;
    for w in lightest {
        so_far = so_far.min(w);
        out.push(so_far);
    }
    out
}
