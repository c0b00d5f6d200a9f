//! Records as Python objects through serde: the crates' one serialized
//! shape of a record (urikit-views' `record` module) becomes dicts, lists,
//! strings, ints, bools and None here, so Python's dicts have the keys and
//! values of the CLI's `--json` by construction, not by a second copy of
//! the field list.

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::ser::{self, Serialize};

/// `value` as a Python object.
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(ToPy { py }).map_err(|e| e.0)
}

/// A serde error carrying the Python exception.
#[derive(Debug)]
pub struct Error(PyErr);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<M: std::fmt::Display>(msg: M) -> Self {
        Error(PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(e)
    }
}

#[derive(Clone, Copy)]
struct ToPy<'py> {
    py: Python<'py>,
}

type Out<'py> = Result<Bound<'py, PyAny>, Error>;

impl<'py> ToPy<'py> {
    fn obj<T: IntoPyObject<'py>>(self, v: T) -> Out<'py> {
        v.into_bound_py_any(self.py).map_err(Error)
    }
}

/// A list being built.
struct Seq<'py> {
    to: ToPy<'py>,
    items: Vec<Bound<'py, PyAny>>,
}

/// A dict being built.
struct Map<'py> {
    to: ToPy<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

impl<'py> ser::Serializer for ToPy<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'py>;
    type SerializeTuple = Seq<'py>;
    type SerializeTupleStruct = Seq<'py>;
    type SerializeTupleVariant = ser::Impossible<Self::Ok, Error>;
    type SerializeMap = Map<'py>;
    type SerializeStruct = Map<'py>;
    type SerializeStructVariant = ser::Impossible<Self::Ok, Error>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_i8(self, v: i8) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_f32(self, v: f32) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_f64(self, v: f64) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_char(self, v: char) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_str(self, v: &str) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        self.obj(v)
    }
    fn serialize_none(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Out<'py> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Out<'py> {
        self.obj(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Out<'py> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Out<'py> {
        let d = PyDict::new(self.py);
        d.set_item(variant, v.serialize(self)?)?;
        Ok(d.into_any())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py>, Error> {
        Ok(Seq {
            to: self,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(ser::Error::custom(format!(
            "{name}: tuple variants have no record shape"
        )))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map<'py>, Error> {
        Ok(Map {
            to: self,
            dict: PyDict::new(self.py),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map<'py>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(ser::Error::custom(format!(
            "{name}: struct variants have no record shape"
        )))
    }
}

impl<'py> Seq<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.items.push(v.serialize(self.to)?);
        Ok(())
    }
    fn done(self) -> Out<'py> {
        Ok(PyList::new(self.to.py, self.items)?.into_any())
    }
}

// serde's three sequence traits differ only in the name of the element
// method: one body each, written once.
macro_rules! seq_impl {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<'py> ser::$trait for Seq<'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
                self.push(v)
            }
            fn end(self) -> Out<'py> {
                self.done()
            }
        }
    )*};
}

seq_impl!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

impl<'py> ser::SerializeMap for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Error> {
        self.key = Some(k.serialize(self.to)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.dict.set_item(key, v.serialize(self.to)?)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        k: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.dict.set_item(k, v.serialize(self.to)?)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}
