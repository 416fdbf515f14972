use super::*;

#[test]
fn hex_round_trips_and_rejects_malformed_text() {
    let bytes = [0x00, 0x01, 0xab, 0xff, 0x7f];
    let hex = hex::encode(bytes);
    assert_eq!(hex, "0001abff7f");
    let mut back = [0u8; 5];
    assert!(from_hex(&hex, &mut back));
    assert_eq!(back, bytes);
    assert!(!from_hex("0001abff7", &mut back), "short");
    assert!(
        !from_hex("0001ABFF7F", &mut back),
        "uppercase is not what hex makes"
    );
    assert!(!from_hex("0001abff7g", &mut back), "not a digit");
}
