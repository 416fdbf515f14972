use super::*;
use crate::Nop;

#[test]
fn a_range_workload_holds_its_longest_length_and_a_period_of_lengths() {
    let w = Workload::new(Size::Range { min: 3, max: 10 }, Mode::Throughput, 1, 0);
    assert_eq!(w.bytes().len(), 10);
    assert_eq!(w.period(), 8);
    assert_eq!(
        Workload::new(Size::Bytes(64), Mode::Latency, 1, 0).period(),
        1
    );
}

#[test]
fn a_chained_batch_leaves_the_input_as_it_found_it() {
    let mut w = Workload::new(Size::Bytes(64), Mode::Latency, 7, 0);
    let before = w.bytes().to_vec();
    // A kernel whose digest is nonzero, so the chain does change the input.
    struct Ones;
    impl Kernel for Ones {
        fn run(&mut self, _: &[u8], out: &mut [u8]) {
            out.fill(0xff);
        }
        fn output_len(&self) -> usize {
            8
        }
    }
    let mut out = [0u8; 8];
    w.batch(&mut Ones, &mut out, 3);
    assert_eq!(w.bytes(), before);
    w.batch(&mut Nop, &mut [], 3);
    assert_eq!(w.bytes(), before);
}
