//! CPU feature queries by name, so implementations can declare what they need as data,
//! and the facts the backend labels are derived from.
//!
//! A backend label says which kernel the library runs on this machine. Where the library
//! reports it (blake3, crc-fast) the label is the library's answer; where it does not,
//! the label re-derives the library's own choice: its dispatch rule, read from its
//! source, written here as a pure function of named CPU facts ([`first_of`] and the
//! `*_rule` functions of `impls`) and applied to this CPU's facts ([`has_fact`]). The
//! rules are those of x86 builds; elsewhere a library with kernels of its own for that
//! architecture is labelled [`UNKNOWN_KERNEL`] rather than with its x86 fallback.

/// The label of a library whose kernel choice hashbench cannot re-derive here.
pub const UNKNOWN_KERNEL: &str = "library dispatch (unknown kernel)";

/// Whether this CPU (and OS) supports the named feature. Names are those of
/// `is_x86_feature_detected!`; an unknown name or another architecture answers `false`,
/// which makes the implementation that asked for it unavailable rather than unsafe.
/// The feature list lives once, in `hashbench_host`.
pub fn has_feature(name: &str) -> bool {
    hashbench_host::has_cpu_feature(name)
}

/// A fact a library's dispatch rule asks about: a feature of [`has_feature`], or one of
/// the pseudo-features the rules also need:
///
/// - `bmi1`: BMI1, which OpenSSL-derived code requires with AVX2 (the host's feature
///   list does not record it);
/// - `avx512dq`, `avx512vnni`: AVX-512 DQ and VNNI, which zlib-ng's dispatch asks about
///   (nor does the host's list record these); `avx512cd`, `avx512vbmi2`, `avx512bitalg`,
///   `avx512vpopcntdq`, `gfni` and `vaes`, which ISA-L's asks about;
/// - `intel`: the vendor is GenuineIntel (OpenSSL, ring and AWS-LC take their AVX SHA
///   kernels only on Intel CPUs);
/// - `x86_64`: the build targets x86_64 (some crates have SIMD kernels there only, not
///   on 32-bit x86).
pub fn has_fact(name: &str) -> bool {
    match name {
        "x86_64" => cfg!(target_arch = "x86_64"),
        "intel" => is_intel(),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "bmi1" => std::arch::is_x86_feature_detected!("bmi1"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512dq" => std::arch::is_x86_feature_detected!("avx512dq"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512vnni" => std::arch::is_x86_feature_detected!("avx512vnni"),
        // ISA-L's 512-bit kernels ask for these too (impls/isal.rs).
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512cd" => std::arch::is_x86_feature_detected!("avx512cd"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512vbmi2" => std::arch::is_x86_feature_detected!("avx512vbmi2"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512bitalg" => std::arch::is_x86_feature_detected!("avx512bitalg"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "avx512vpopcntdq" => std::arch::is_x86_feature_detected!("avx512vpopcntdq"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "gfni" => std::arch::is_x86_feature_detected!("gfni"),
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        "vaes" => std::arch::is_x86_feature_detected!("vaes"),
        _ => has_feature(name),
    }
}

/// Whether the CPU's vendor string (CPUID leaf 0) is `GenuineIntel`, the test OpenSSL,
/// ring and AWS-LC make before they set their "Intel CPU" capability bit.
fn is_intel() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // Newer compilers declare `__cpuid` safe, older ones unsafe.
        #[allow(unused_unsafe)]
        // SAFETY: CPUID leaf 0 exists on every x86_64 CPU and has no side effects.
        let leaf = unsafe { std::arch::x86_64::__cpuid(0) };
        (leaf.ebx, leaf.edx, leaf.ecx) == (0x756e_6547, 0x4965_6e69, 0x6c65_746e)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The first of `choices` whose facts `has` all answers, else `fallback`: a library's
/// runtime dispatch as a pure function of the facts, so that tests can feed it any CPU.
pub fn first_of(
    choices: &[(&'static str, &[&str])],
    fallback: &'static str,
    has: &dyn Fn(&str) -> bool,
) -> String {
    choices
        .iter()
        .find(|(_, needs)| needs.iter().all(|f| has(f)))
        .map_or(fallback, |(name, _)| name)
        .to_string()
}

/// `rule` applied to this CPU's facts on an x86 build; elsewhere [`UNKNOWN_KERNEL`], for
/// a library whose rule on other architectures (NEON, the ARMv8 SHA or CRC instructions)
/// hashbench does not mirror.
pub fn x86_rule(rule: impl FnOnce(&dyn Fn(&str) -> bool) -> String) -> String {
    if cfg!(any(target_arch = "x86", target_arch = "x86_64")) {
        rule(&has_fact)
    } else {
        UNKNOWN_KERNEL.to_string()
    }
}

/// [`first_of`] over this CPU's facts, on x86 builds (see [`x86_rule`]): how the backend
/// reports of libraries with runtime dispatch mirror that dispatch.
pub fn first_supported(choices: &[(&'static str, &[&str])], fallback: &'static str) -> String {
    x86_rule(|has| first_of(choices, fallback, has))
}

/// A CPU with exactly `facts`, for testing dispatch rules.
#[cfg(test)]
pub(crate) fn cpu_with(facts: &'static [&'static str]) -> impl Fn(&str) -> bool {
    move |name| facts.contains(&name)
}

#[cfg(test)]
mod tests;
