//! The part of a refused text that an error keeps to show it.

use core::fmt;

/// The start of a text that a parser refused, kept inline in the error so
/// that refusing text never allocates, in `no_std` builds or with a heap,
/// and never grows with the input: at most [`Excerpt::CAPACITY`] bytes, cut
/// at a character boundary.
///
/// It prints as the text (with `…` when cut) and its `Debug` form is the
/// quoted text (with `…` after the closing quote when cut).
///
/// ```
/// use qiboard_types::Excerpt;
///
/// let long = "e2e4".repeat(1000);
/// let excerpt = Excerpt::new(&long);
/// assert!(excerpt.is_cut());
/// assert_eq!(excerpt.as_str().len(), Excerpt::CAPACITY);
/// assert_eq!(format!("{excerpt:?}"), format!("{:?}…", &long[..32]));
/// assert_eq!(Excerpt::new("炮二平五").as_str(), "炮二平五");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Excerpt {
    /// The kept bytes, then zeros (so that the derived traits agree with
    /// the text).
    bytes: [u8; Excerpt::CAPACITY],
    len: u8,
    cut: bool,
}

impl Excerpt {
    /// The most bytes an excerpt keeps: enough for any square, move,
    /// FEN field or material signature, and for the start of anything
    /// longer.
    pub const CAPACITY: usize = 32;

    /// The first [`Excerpt::CAPACITY`] bytes of `text`, or fewer so as
    /// not to split a character.
    pub const fn new(text: &str) -> Excerpt {
        let mut len = if text.len() > Excerpt::CAPACITY {
            Excerpt::CAPACITY
        } else {
            text.len()
        };
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; Excerpt::CAPACITY];
        let source = text.as_bytes();
        let mut i = 0;
        while i < len {
            bytes[i] = source[i];
            i += 1;
        }
        Excerpt {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }

    /// What `value` prints, kept as far as it fits.
    pub fn of_display(value: &dyn fmt::Display) -> Excerpt {
        let mut excerpt = Excerpt::new("");
        // Writing stops with an error once the excerpt is full.
        let _ = fmt::write(&mut excerpt, format_args!("{value}"));
        excerpt
    }

    /// The kept text.
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever copied in, so this cannot fail.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// Whether the text was longer than what is kept.
    pub const fn is_cut(&self) -> bool {
        self.cut
    }
}

impl fmt::Write for Excerpt {
    /// Appends whole characters while they fit; the first that does not
    /// marks the excerpt cut and ends the writing with an error.
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for c in text.chars() {
            let at = usize::from(self.len);
            let Some(slot) = self.bytes.get_mut(at..at + c.len_utf8()) else {
                self.cut = true;
                return Err(fmt::Error);
            };
            c.encode_utf8(slot);
            self.len += c.len_utf8() as u8;
        }
        Ok(())
    }
}

impl From<&str> for Excerpt {
    fn from(text: &str) -> Excerpt {
        Excerpt::new(text)
    }
}

impl PartialEq<str> for Excerpt {
    /// Whether the excerpt is all of `text`.
    fn eq(&self, text: &str) -> bool {
        !self.cut && self.as_str() == text
    }
}

impl PartialEq<&str> for Excerpt {
    fn eq(&self, text: &&str) -> bool {
        *self == **text
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Excerpt;

    #[test]
    fn short_text_is_kept_whole() {
        let excerpt = Excerpt::new("e2e4");
        assert_eq!(excerpt, "e2e4");
        assert!(!excerpt.is_cut());
        assert_eq!(format!("{excerpt} {excerpt:?}"), "e2e4 \"e2e4\"");
    }

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        // 31 ASCII bytes then a 3-byte character that would end at byte 34.
        let text = format!("{}€€", "a".repeat(31));
        let excerpt = Excerpt::new(&text);
        assert_eq!(excerpt.as_str(), "a".repeat(31));
        assert!(excerpt.is_cut());
        assert_ne!(excerpt, text.as_str());
        assert!(format!("{excerpt:?}").ends_with("\"…"));
        assert!(!Excerpt::new(&"x".repeat(32)).is_cut());
        assert!(Excerpt::new(&"x".repeat(33)).is_cut());
    }

    #[test]
    fn display_values_are_kept_as_far_as_they_fit() {
        assert_eq!(Excerpt::of_display(&"h2e2"), "h2e2");
        let long = Excerpt::of_display(&format_args!("{}€", "b".repeat(30)));
        assert_eq!(long.as_str(), "b".repeat(30));
        assert!(long.is_cut());
        assert_eq!(long, Excerpt::new(&format!("{}€", "b".repeat(30))));
    }
}
