//! Values and materials travel as the text a person writes.
#![cfg(feature = "serde")]

use std::fmt::Debug;

use serde::{de::DeserializeOwned, Serialize};

/// `value` serializes to `json` and reads back as itself.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn tablebase_values_and_materials_are_their_text() {
    use qiboard_tablebase::{Material, Value};

    round_trip(&Value::Win(3), "\"W 3\"");
    round_trip(&Value::Loss(0), "\"L 0\"");
    round_trip(&Value::Loss(12), "\"L 12\"");
    round_trip(&Value::Draw, "\"D 0\"");
    for bad in ["W 2", "L 3", "D 1", "W", "X 1", "W -1", "W 70000", ""] {
        let json = format!("\"{bad}\"");
        assert!(serde_json::from_str::<Value>(&json).is_err(), "{bad}");
    }
    let material: Material = "KRKAAEE".parse().unwrap();
    round_trip(&material, "\"KRKAAEE\"");
    let canonical: Material = serde_json::from_str("\"kackaa\"").unwrap();
    assert_eq!(canonical.to_string(), "KCAKAA");
    assert!(serde_json::from_str::<Material>("\"KRRRK\"").is_err());
}
