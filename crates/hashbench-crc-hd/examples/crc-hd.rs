//! `crc-hd <koopman-hex> [--max-bits N] [--max-hd H] [--short-bits K] [--max-work W]`:
//! prints a CRC's HD profile in Koopman's `{...}` form, each level exact or a lower
//! bound, and the time taken.

use std::process::ExitCode;
use std::time::Instant;

use hashbench_crc_hd::{profile, Limits};

const USAGE: &str = "usage: crc-hd <koopman-hex> [--max-bits N] [--max-hd H] [--short-bits K] \
                     [--max-work W]";

fn parse_args(args: &[String]) -> Result<(u64, Limits), String> {
    let mut limits = Limits::default();
    let mut poly = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let v = it.next().ok_or(format!("{name} needs a value"))?;
            v.replace('_', "")
                .parse()
                .map_err(|e| format!("{name} {v}: {e}"))
        };
        match a.as_str() {
            "--max-bits" => limits.max_bits = value(a)?,
            "--max-hd" => limits.max_hd = u32::try_from(value(a)?).map_err(|e| e.to_string())?,
            "--short-bits" => {
                limits.short_bits = u32::try_from(value(a)?).map_err(|e| e.to_string())?;
            }
            "--max-work" => limits.max_work = value(a)?,
            p if poly.is_none() && !p.starts_with("--") => {
                let hex = p.trim_start_matches("0x").trim_start_matches("0X");
                let k = u64::from_str_radix(hex, 16).map_err(|e| format!("{p}: {e}"))?;
                if k == 0 || k >> 63 == 0 && k.leading_zeros() > 60 {
                    return Err(format!("{p}: not a Koopman polynomial of 4 to 64 bits"));
                }
                poly = Some(k);
            }
            other => return Err(format!("unexpected argument {other}")),
        }
    }
    Ok((poly.ok_or("no polynomial given")?, limits))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (koopman, limits) = match parse_args(&args) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("crc-hd: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let p = profile(koopman, &limits);
    let elapsed = start.elapsed();
    println!(
        "koopman 0x{:x} = normal 0x{:x} (degree {}, {} terms), order of x = {}",
        p.koopman,
        p.full & !(1u128 << p.degree),
        p.degree,
        p.full.count_ones(),
        p.order
    );
    println!("{}", p.koopman_form());
    for l in &p.levels {
        let kind = if l.exact { "exact" } else { "at least" };
        println!(
            "HD>={:<2} up to {:>14} data bits  {kind:<8}  {}",
            l.hd, l.bits, l.how
        );
    }
    println!(
        "limits: --max-bits {} --max-hd {} --short-bits {} --max-work {}; {:.1} s",
        limits.max_bits,
        limits.max_hd,
        limits.short_bits,
        limits.max_work,
        elapsed.as_secs_f64()
    );
    ExitCode::SUCCESS
}
