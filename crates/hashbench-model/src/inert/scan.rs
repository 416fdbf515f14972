//! Which characters the inert rule changes ([`hostile`]), and whether any is in a
//! value's strings ([`any_hostile`]), found by
//! serializing it into nothing: a serde `Serializer` that looks at every string (and map
//! key) and ignores the rest. A run of 100,000 cells is checked this way without
//! building its JSON tree or formatting a number, so a clean run (every loaded one: the
//! loader made it inert) is rendered as it is instead of through a copy.

use serde::ser::{self, Serialize};

/// Whether `c` must not reach the reader raw: a C0 or C1 control, DEL, or a
/// bidirectional control (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069).
#[must_use]
pub fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether a string of `value` holds a character the inert rule would change.
#[must_use]
pub fn any_hostile<T: Serialize + ?Sized>(value: &T) -> bool {
    value.serialize(Scan).is_err()
}

/// The "error" that stops the walk at the first hostile string.
#[derive(Debug)]
struct Found;

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a string to escape")
    }
}

impl std::error::Error for Found {}

impl ser::Error for Found {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Found
    }
}

#[derive(Clone, Copy)]
struct Scan;

type Done = Result<(), Found>;

impl ser::Serializer for Scan {
    type Ok = ();
    type Error = Found;
    type SerializeSeq = Scan;
    type SerializeTuple = Scan;
    type SerializeTupleStruct = Scan;
    type SerializeTupleVariant = Scan;
    type SerializeMap = Scan;
    type SerializeStruct = Scan;
    type SerializeStructVariant = Scan;

    fn serialize_str(self, v: &str) -> Done {
        if v.chars().any(hostile) {
            Err(Found)
        } else {
            Ok(())
        }
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_bool(self, _: bool) -> Done {
        Ok(())
    }
    fn serialize_i8(self, _: i8) -> Done {
        Ok(())
    }
    fn serialize_i16(self, _: i16) -> Done {
        Ok(())
    }
    fn serialize_i32(self, _: i32) -> Done {
        Ok(())
    }
    fn serialize_i64(self, _: i64) -> Done {
        Ok(())
    }
    fn serialize_u8(self, _: u8) -> Done {
        Ok(())
    }
    fn serialize_u16(self, _: u16) -> Done {
        Ok(())
    }
    fn serialize_u32(self, _: u32) -> Done {
        Ok(())
    }
    fn serialize_u64(self, _: u64) -> Done {
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Done {
        Ok(())
    }
    fn serialize_f64(self, _: f64) -> Done {
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Ok(())
    }
    fn serialize_none(self) -> Done {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Done {
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        v: &T,
    ) -> Done {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Scan, Found> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Scan, Found> {
        Ok(self)
    }
}

impl ser::SerializeSeq for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeTuple for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeMap for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Done {
        k.serialize(*self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeStruct for Scan {
    type Ok = ();
    type Error = Found;
    // Field names are the model's own, never outside text.
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Scan {
    type Ok = ();
    type Error = Found;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, v: &T) -> Done {
        v.serialize(*self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}
