//! Bytes to text and back for record files: UTF-8 (with or without a
//! byte-order mark), UTF-16 with a mark, and, for text that is not UTF-8,
//! the game's usual single encoding: GB18030 — the superset of GB2312 and
//! GBK that most Chinese (xiangqi) collections are written in, without a
//! mark — or, for chess, ISO 8859-1 as the PGN standard asks, read as its
//! superset Windows-1252 (as WHATWG's encoding standard reads that label).

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use encoding_rs::{Encoding, GB18030, UTF_16BE, UTF_16LE, WINDOWS_1252};

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
    let (text, lossy) = fallback.encoding().decode_without_bom_handling(bytes);
    Decoded {
        text,
        encoding: fallback,
        lossy,
    }
}

/// GB18030 bytes as text, bad sequences replaced by U+FFFD (the strings
/// and comments inside XQF files).
pub(crate) fn decode_gb18030(bytes: &[u8]) -> String {
    GB18030.decode_without_bom_handling(bytes).0.into_owned()
}

/// `text` encoded for a file: UTF-8 as it is (UTF-16 is written as UTF-8
/// too), GB18030, which holds every Unicode character, or Windows-1252,
/// which writes a character it lacks as an HTML numeric reference
/// (`&#8364;` style, as `encoding_rs` does).
pub fn encode(text: &str, encoding: TextEncoding) -> Vec<u8> {
    match encoding {
        TextEncoding::Gb18030 | TextEncoding::Windows1252 => {
            encoding.encoding().encode(text).0.into_owned()
        }
        _ => text.as_bytes().to_vec(),
    }
}
