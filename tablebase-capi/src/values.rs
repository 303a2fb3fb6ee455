//! Values between the crate's types and the C structs.

use std::ffi::c_char;

use qiboard::xiangqi::Move;
use qiboard_tablebase::{DistanceTo, Dtm, Value, Wdl};

use crate::types::{QtbDistanceTo, QtbDtm, QtbRootMove, QtbWdl};

pub(crate) fn wdl_code(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => QtbWdl::Loss as i32,
        Wdl::Draw => QtbWdl::Draw as i32,
        Wdl::Win => QtbWdl::Win as i32,
    }
}

pub(crate) fn dtm_of(dtm: Dtm) -> QtbDtm {
    QtbDtm {
        wdl: wdl_code(dtm.value.wdl()),
        plies: u32::from(dtm.value.plies()),
        to: match dtm.to {
            DistanceTo::Mate => QtbDistanceTo::Mate as i32,
            DistanceTo::Rule => QtbDistanceTo::Rule as i32,
        },
        by_rules: i32::from(dtm.by_rules),
    }
}

/// The crate's value of a `QtbDtm`, if its fields make one.
pub(crate) fn dtm_from(dtm: &QtbDtm) -> Option<Dtm> {
    let plies = u16::try_from(dtm.plies).ok()?;
    let value = match dtm.wdl {
        -1 => Value::Loss(plies),
        0 => Value::Draw,
        1 => Value::Win(plies),
        _ => return None,
    };
    let to = match dtm.to {
        0 => DistanceTo::Mate,
        1 => DistanceTo::Rule,
        _ => return None,
    };
    Some(Dtm {
        value,
        to,
        by_rules: dtm.by_rules != 0,
    })
}

pub(crate) fn root_move(mv: Option<Move>, value: Dtm) -> QtbRootMove {
    let mut uci = [b'0' as c_char; 5];
    uci[4] = 0;
    let (from, to) = match mv {
        Some(mv) => {
            let text = mv.to_string();
            for (slot, byte) in uci.iter_mut().zip(text.bytes().take(4)) {
                *slot = byte as c_char;
            }
            (mv.from() as u8, mv.to() as u8)
        }
        None => (0, 0),
    };
    QtbRootMove {
        from,
        to,
        uci,
        value: dtm_of(value),
    }
}
