//! Bytes to text and back for record files: UTF-8 (with or without a
//! byte-order mark), UTF-16 with a mark, and, for text that is not UTF-8,
//! the game's usual encodings: for xiangqi GB18030 — the superset of
//! GB2312 and GBK that most Chinese collections are written in, without a
//! mark — or Big5, the traditional characters of Taiwan and Hong Kong;
//! for chess, ISO 8859-1 as the PGN standard asks, read as its superset
//! Windows-1252 (as WHATWG's encoding standard reads that label).
//!
//! GB18030 and Big5 share their byte ranges, so either decodes most text
//! of the other without an error, into other characters. The choice is
//! made by what the text says: the decoding with more of the characters
//! a xiangqi record is written in (the pieces, the numerals, 进退平 and
//! the tag words, in simplified and traditional forms) wins, GB18030 on a
//! tie. Without a byte-order mark the encoding is decided for each game
//! of a collection on its own ([`decode_games`]), so that one game in
//! another encoding, or damaged, does not change how the others read.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE, WINDOWS_1252};

/// The encoding a record's text was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (plain ASCII too).
    Utf8,
    /// UTF-16, little-endian, announced by a byte-order mark.
    Utf16Le,
    /// UTF-16, big-endian, announced by a byte-order mark.
    Utf16Be,
    /// GB18030 (GBK and GB2312 are subsets).
    Gb18030,
    /// Big5 (as WHATWG's encoding standard reads it, with the Hong Kong
    /// extensions).
    Big5,
    /// Windows-1252 (ISO 8859-1, the PGN standard's, is a subset).
    Windows1252,
}

impl TextEncoding {
    /// The `encoding_rs` encoding.
    pub(crate) fn encoding(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Utf16Le => UTF_16LE,
            TextEncoding::Utf16Be => UTF_16BE,
            TextEncoding::Gb18030 => GB18030,
            TextEncoding::Big5 => BIG5,
            TextEncoding::Windows1252 => WINDOWS_1252,
        }
    }
}

/// Text decoded from bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without a byte-order mark.
    pub text: Cow<'a, str>,
    /// The encoding it was found in.
    pub encoding: TextEncoding,
    /// Whether some bytes did not decode and became U+FFFD.
    pub lossy: bool,
}

/// GB18030's byte-order mark, which `encoding_rs` does not sniff.
const GB18030_BOM: &[u8] = &[0x84, 0x31, 0x95, 0x33];

/// Decodes xiangqi record text: a byte-order mark decides when there is
/// one; otherwise text that is valid UTF-8 is UTF-8, and anything else is
/// GB18030 (lossy where even that fails). [`decode_or`] with GB18030.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    decode_or(bytes, TextEncoding::Gb18030)
}

/// Decodes record text: a byte-order mark decides when there is one;
/// otherwise text that is valid UTF-8 is UTF-8, and anything else is read
/// in `fallback` (lossy where even that fails).
pub fn decode_or(bytes: &[u8], fallback: TextEncoding) -> Decoded<'_> {
    let marked: Option<(&'static Encoding, TextEncoding, usize)> = match Encoding::for_bom(bytes) {
        Some((encoding, length)) if encoding == UTF_16LE => {
            Some((encoding, TextEncoding::Utf16Le, length))
        }
        Some((encoding, length)) if encoding == UTF_16BE => {
            Some((encoding, TextEncoding::Utf16Be, length))
        }
        Some((encoding, length)) => Some((encoding, TextEncoding::Utf8, length)),
        None if bytes.starts_with(GB18030_BOM) => {
            Some((GB18030, TextEncoding::Gb18030, GB18030_BOM.len()))
        }
        None => None,
    };
    if let Some((encoding, found, length)) = marked {
        let (text, lossy) = encoding.decode_without_bom_handling(&bytes[length..]);
        return Decoded {
            text,
            encoding: found,
            lossy,
        };
    }
    if let Ok(text) = core::str::from_utf8(bytes) {
        return Decoded {
            text: Cow::Borrowed(text),
            encoding: TextEncoding::Utf8,
            lossy: false,
        };
    }
    guess(bytes, fallback)
}

/// The characters a xiangqi record is written with beside ASCII: the
/// pieces, the numerals, the moves' verbs, results and common tag words,
/// simplified and traditional; sorted, for a binary search.
const RECORD_CHARACTERS: [char; 62] = [
    '一', '七', '三', '中', '九', '二', '五', '仕', '俥', '傌', '先', '八', '六', '兵', '前', '勝',
    '卒', '后', '和', '四', '士', '对', '将', '將', '對', '局', '帅', '帥', '平', '後', '棋', '炮',
    '相', '砲', '第', '紅', '红', '胜', '象', '負', '賽', '负', '赛', '車', '輪', '车', '轮', '进',
    '退', '進', '馬', '马', '黑', '１', '２', '３', '４', '５', '６', '７', '８', '９',
];

fn is_record_character(c: char) -> bool {
    RECORD_CHARACTERS.binary_search(&c).is_ok()
}

/// How many characters of `text` are record characters, and how many are
/// not ASCII.
fn record_characters(text: &str) -> (usize, usize) {
    text.chars()
        .filter(|c| !c.is_ascii())
        .fold((0, 0), |(record, other), c| {
            (record + usize::from(is_record_character(c)), other + 1)
        })
}

/// `bytes`, which are not UTF-8, in the encoding that reads them best:
/// for the GB18030 fallback, GB18030 or Big5 as the module says; else
/// `fallback`.
fn guess(bytes: &[u8], fallback: TextEncoding) -> Decoded<'_> {
    let decode = |encoding: TextEncoding| {
        let (text, lossy) = encoding.encoding().decode_without_bom_handling(bytes);
        Decoded {
            text,
            encoding,
            lossy,
        }
    };
    let first = decode(fallback);
    if fallback != TextEncoding::Gb18030 {
        return first;
    }
    let (record, non_ascii) = record_characters(&first.text);
    if !first.lossy && 2 * record >= non_ascii {
        // Mostly record characters: Big5 read as GB18030 gives few.
        return first;
    }
    let other = decode(TextEncoding::Big5);
    let rank = |decoded: &Decoded<'_>, record: usize| (!decoded.lossy, record);
    if rank(&other, record_characters(&other.text).0) > rank(&first, record) {
        other
    } else {
        first
    }
}

/// The games of a record collection in `bytes` without a byte-order mark:
/// a game ends where a line that starts with `[` (a tag) follows a line of
/// movetext. A line break is never part of a character in UTF-8, GB18030
/// or Big5, so the cut is found in the bytes before they are decoded;
/// `{…}` comments are not followed (a brace may be half of a GB18030 or
/// Big5 character), so a comment whose line starts with `[` also cuts.
pub(crate) fn game_bytes(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    core::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut movetext = false;
        let mut at = 0;
        for line in rest.split_inclusive(|&b| b == b'\n') {
            let start = line.iter().position(|b| !b" \t\r".contains(b));
            match start.map(|i| line[i]) {
                Some(b'[') if movetext => break,
                Some(b'[') | None => {}
                Some(_) => movetext = true,
            }
            at += line.len();
        }
        let (game, after) = rest.split_at(at);
        rest = after;
        Some(game)
    })
}

/// Decodes a record collection a game at a time: with a byte-order mark,
/// or when it is all UTF-8, as one text ([`decode_or`]); otherwise each
/// game (a game ends where a tag line follows movetext) in the encoding that reads it, so that a game in
/// another encoding, or one that decodes in none (then lossy), leaves the
/// others as they are.
pub fn decode_games(bytes: &[u8], fallback: TextEncoding) -> Vec<Decoded<'_>> {
    if !decoded_by_game(bytes) {
        return alloc::vec![decode_or(bytes, fallback)];
    }
    game_bytes(bytes)
        .map(|game| decode_or(game, fallback))
        .collect()
}

/// Whether [`decode_games`] decodes `bytes` a game at a time: no
/// byte-order mark, and not all UTF-8.
pub(crate) fn decoded_by_game(bytes: &[u8]) -> bool {
    let marked = Encoding::for_bom(bytes).is_some() || bytes.starts_with(GB18030_BOM);
    !marked && core::str::from_utf8(bytes).is_err()
}

/// GB18030 bytes as text, bad sequences replaced by U+FFFD (the strings
/// and comments inside XQF files).
pub(crate) fn decode_gb18030(bytes: &[u8]) -> String {
    GB18030.decode_without_bom_handling(bytes).0.into_owned()
}

/// `text` encoded for a file: UTF-8 as it is (UTF-16 is written as UTF-8
/// too), GB18030, which holds every Unicode character, or Big5 and
/// Windows-1252, which write a character they lack as an HTML numeric
/// reference (`&#8364;` style, as `encoding_rs` does).
pub fn encode(text: &str, encoding: TextEncoding) -> Vec<u8> {
    match encoding {
        TextEncoding::Gb18030 | TextEncoding::Big5 | TextEncoding::Windows1252 => {
            encoding.encoding().encode(text).0.into_owned()
        }
        _ => text.as_bytes().to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_characters_are_sorted_for_the_search() {
        assert!(RECORD_CHARACTERS.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(is_record_character('車') && is_record_character('进'));
        assert!(!is_record_character('羉'));
    }
}
