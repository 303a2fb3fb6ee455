//! Cutting PGN text into tokens: tag lines, comments, variations, NAGs
//! and glyphs, results and move words with their numbers taken off. The
//! same for both games: the PGN standard's tokens, plus what Chinese
//! xiangqi files add (results in words, the ideographic space, full-width
//! dots after move numbers).

/// One piece of PGN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    /// `[Name "value"]` at the start of a line: name and raw value.
    Tag(&'a str, &'a str),
    /// `{…}` or `; …` (the text inside, untrimmed).
    Comment(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `$n` or a glyph standing alone.
    Nag(u8),
    /// A result (its tag value).
    Result(&'static str),
    /// A move as written, move number taken off.
    Move(&'a str),
    /// Nothing to play: a move number standing alone, a stray `}`.
    Skip,
}

/// The numeric annotation glyph of `!`, `?` and their pairs.
fn glyph_nag(glyph: &str) -> Option<u8> {
    Some(match glyph {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

pub(super) fn result_value(word: &str) -> Option<&'static str> {
    Some(match word {
        "1-0" | "红胜" | "紅勝" => "1-0",
        "0-1" | "黑胜" | "黑勝" => "0-1",
        "1/2-1/2" | "½-½" | "和棋" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

/// Splits a word into its move and the glyph after it (`炮二平五!?`).
pub(super) fn split_glyph(word: &str) -> (&str, Option<u8>) {
    let body = word.trim_end_matches(['!', '?']);
    let glyph = &word[body.len()..];
    (body, glyph_nag(glyph))
}

/// The ideographic space (U+3000) that Chinese texts put between moves.
const WIDE_SPACE: &[u8] = "\u{3000}".as_bytes();

/// Cuts PGN text into tokens.
pub(super) struct Lexer<'a> {
    text: &'a str,
    at: usize,
    /// Whether only spaces stand between the last line break and `at`.
    line_start: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            at: 0,
            line_start: true,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn rest_of_line(&mut self) -> &'a str {
        let start = self.at;
        let end = self.bytes()[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.text.len(), |n| start + n);
        self.at = end;
        &self.text[start..end]
    }

    /// Skips blanks; `true` if a tag line starts here.
    fn skip_space(&mut self) -> bool {
        let bytes = self.bytes();
        while let Some(&byte) = bytes.get(self.at) {
            match byte {
                b'\n' => {
                    self.line_start = true;
                    self.at += 1;
                }
                b' ' | b'\t' | b'\r' | 0x0c | 0x0b => self.at += 1,
                0xe3 if bytes[self.at..].starts_with(WIDE_SPACE) => self.at += WIDE_SPACE.len(),
                b'%' if self.line_start => {
                    // An escape line, for other programs.
                    self.rest_of_line();
                }
                _ => return self.line_start && byte == b'[',
            }
        }
        false
    }

    /// Whether the next token is a tag line (which starts a new game).
    pub(super) fn at_tag_line(&mut self) -> bool {
        self.skip_space()
    }

    /// Skips to the next line that starts with a tag (after a result).
    pub(super) fn skip_to_tags(&mut self) {
        loop {
            if self.skip_space() || self.at >= self.text.len() {
                return;
            }
            self.rest_of_line();
        }
    }

    fn tag(&mut self) -> Token<'a> {
        let line = self.rest_of_line();
        let inner = line.trim().trim_start_matches('[');
        let inner = inner.strip_suffix(']').unwrap_or(inner);
        let (name, value) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
        let value = value.trim();
        let value = value.strip_prefix('"').unwrap_or(value);
        let value = value.strip_suffix('"').unwrap_or(value);
        Token::Tag(name, value)
    }

    pub(super) fn next(&mut self) -> Option<Token<'a>> {
        let tag_line = self.skip_space();
        let bytes = self.bytes();
        let &byte = bytes.get(self.at)?;
        if tag_line {
            return Some(self.tag());
        }
        self.line_start = false;
        let start = self.at;
        match byte {
            b'{' => {
                let end = bytes[start..]
                    .iter()
                    .position(|&b| b == b'}')
                    .map_or(self.text.len(), |n| start + n);
                self.at = (end + 1).min(self.text.len());
                return Some(Token::Comment(&self.text[start + 1..end]));
            }
            b';' => {
                self.at += 1;
                return Some(Token::Comment(self.rest_of_line()));
            }
            b'(' => {
                self.at += 1;
                return Some(Token::Open);
            }
            b')' => {
                self.at += 1;
                return Some(Token::Close);
            }
            b'}' => {
                // A brace closing no comment: nothing to read in it.
                self.at += 1;
                return Some(Token::Skip);
            }
            _ => {}
        }
        let length = bytes[start..]
            .iter()
            .enumerate()
            .position(|(i, &b)| {
                matches!(
                    b,
                    b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b'(' | b')' | b';'
                ) || (b == 0xe3 && bytes[start + i..].starts_with(WIDE_SPACE))
            })
            .unwrap_or(bytes.len() - start);
        self.at = start + length;
        let word = &self.text[start..start + length];
        Some(Self::classify(word))
    }

    fn classify(word: &'a str) -> Token<'a> {
        if let Some(nag) = word.strip_prefix('$') {
            return nag.parse().map_or(Token::Move(word), Token::Nag);
        }
        if let Some(value) = result_value(word) {
            return Token::Result(value);
        }
        if let Some(nag) = glyph_nag(word) {
            return Token::Nag(nag);
        }
        // A move number: digits and dots. What follows the dots is the move
        // unless it is a digit, as in the WXF move `77.6`, but for chess
        // castling written with zeros (`12.0-0`).
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let after = word[digits..].trim_start_matches(['.', '．']);
            if after.len() < word.len() - digits
                && (!after.as_bytes().first().is_some_and(u8::is_ascii_digit)
                    || after.starts_with("0-0"))
            {
                return if after.is_empty() {
                    Token::Skip
                } else {
                    Token::Move(after)
                };
            }
        }
        Token::Move(word)
    }
}
