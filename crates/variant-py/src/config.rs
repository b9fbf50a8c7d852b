//! Python configuration arguments to the library's `key=value` pairs.
//!
//! A configuration is given as text (`"heights=2;removal=off"` or JSON), as a dict, as keyword
//! arguments (`heights=2`, with `-` in key names written `_`), or as several of these at once
//! (keywords last, so they win). Values may be `str`, `int`, `bool` (`on`/`off`) or a list or
//! tuple of `int`/`str` (a comma list, e.g. `white_heights=[1, 2]`).

use crate::errors::{config_error, to_py};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// The pairs of a configuration given as `config` (text, dict or `None`) plus keyword arguments.
pub fn pairs(
    config: Option<&Bound<'_, PyAny>>,
    keys: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    if let Some(config) = config {
        if config.is_none() {
            // `config=None` written out: no configuration.
        } else if let Ok(text) = config.downcast::<PyString>() {
            let text = text.to_cow()?;
            out.extend(variant_games::registry::parse_config(&text).map_err(|e| to_py(e.into()))?);
        } else if let Ok(dict) = config.downcast::<PyDict>() {
            out.extend(dict_pairs(dict)?);
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "config must be a str (\"k=v;k=v\" or JSON), a dict or None, not {}",
                type_name(config)
            )));
        }
    }
    if let Some(keys) = keys {
        out.extend(dict_pairs(keys)?);
    }
    Ok(out)
}

/// The pairs of a dict of keys to values; `_` in keys becomes `-`.
fn dict_pairs(dict: &Bound<'_, PyDict>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(dict.len());
    for (key, value) in dict.iter() {
        let key = key.downcast::<PyString>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "configuration keys must be str, not {}",
                type_name(&key)
            ))
        })?;
        let key = key.to_cow()?.replace('_', "-");
        if value.is_none() {
            // `key=None`: keep the default, as if the key were not given.
            continue;
        }
        let text = value_text(&key, &value)?;
        out.push((key, text));
    }
    Ok(out)
}

/// The text of one configuration value.
fn value_text(key: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = value.downcast::<PyBool>() {
        return Ok(if b.is_true() { "on" } else { "off" }.to_string());
    }
    if value.downcast::<PyInt>().is_ok() || value.downcast::<PyString>().is_ok() {
        return Ok(value.str()?.to_cow()?.to_string());
    }
    let items: Option<Vec<Bound<'_, PyAny>>> = if let Ok(list) = value.downcast::<PyList>() {
        Some(list.iter().collect())
    } else if let Ok(tuple) = value.downcast::<PyTuple>() {
        Some(tuple.iter().collect())
    } else {
        None
    };
    if let Some(items) = items {
        let mut texts = Vec::with_capacity(items.len());
        for item in items {
            if item.downcast::<PyBool>().is_ok()
                || !(item.downcast::<PyInt>().is_ok() || item.downcast::<PyString>().is_ok())
            {
                return Err(config_error(format!(
                    "configuration {key}: list items must be int or str, not {}",
                    type_name(&item)
                )));
            }
            texts.push(item.str()?.to_cow()?.to_string());
        }
        return Ok(texts.join(","));
    }
    Err(config_error(format!(
        "configuration {key}: expected str, int, bool or a list, not {}",
        type_name(value)
    )))
}

/// The type name of a Python value, for messages.
pub fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an unknown type".to_string())
}

/// An integer argument `name` in `min..=max`: a clear `ValueError` for an int out of range
/// (also one too large for 64 bits) and a `TypeError` for anything but an int.
pub fn int_arg(name: &str, value: &Bound<'_, PyAny>, min: i64, max: i64) -> PyResult<i64> {
    if value.downcast::<PyInt>().is_err() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            type_name(value)
        )));
    }
    let out_of_range = || {
        let shown = value
            .str()
            .map(|s| variant_games::variant_core::error::shorten(&s.to_cow().unwrap_or_default()))
            .unwrap_or_default();
        pyo3::exceptions::PyValueError::new_err(format!("{name} {shown}: must be in {min}..={max}"))
    };
    let v: i64 = value.extract().map_err(|_| out_of_range())?;
    if v < min || v > max {
        return Err(out_of_range());
    }
    Ok(v)
}
