//! Reading a collection as a stream (feature `std`): the records of any
//! [`Read`] one game at a time, in memory bounded by the largest game
//! rather than by the file.
//!
//! The bytes are decoded a block at a time and cut into lines. A
//! byte-order mark decides the encoding for good; without one the text is
//! read as UTF-8 while it is UTF-8, and from the first block that is not,
//! each game's bytes are kept as they are (a byte a character) and decoded
//! once the game is cut off, in the encoding that reads it
//! ([`text::decode_or`](super::text::decode_or), with the game's
//! fallback), so that each game's encoding is its own. A game ends where a tag line follows
//! its movetext, outside any `{…}` comment, which is where the PGN lexer
//! itself starts the next game. Each game's text is then read as a PGN of
//! its own. A game whose text exceeds the limit is passed over with an
//! error, never held; so are NUL bytes, which no record text has (a
//! stream of them is not a record file at all).

use std::io::Read;

use alloc::collections::VecDeque;
use alloc::string::String;

use encoding_rs::{Decoder, Encoding, GB18030, UTF_8};

use super::text::{self, TextEncoding};
use super::{OtherFormat, PgnGames, ProblemKind, ReadError, ReadResult, RecordBoard};

/// The largest text one game may have (16 MiB, a few hundred thousand
/// moves with comments): beyond it the game is passed over, so that one
/// damaged or hostile game cannot hold the whole input in memory.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The longest result the lexer knows (`1/2-1/2`, or two Chinese
/// characters), in bytes.
const LONGEST_RESULT: usize = 7;

/// Bytes read from the input at a time.
const BLOCK: usize = 64 << 10;

/// GB18030's byte-order mark, which `encoding_rs` does not sniff.
const GB18030_BOM: &[u8] = &[0x84, 0x31, 0x95, 0x33];

/// The records of a file or stream, one at a time: a PGN collection (one
/// per game), or for xiangqi an XQF file (one record), found from the
/// first bytes. Each game names its reader (`chess::record::Records`,
/// `xiangqi::record::Records`). Each item
/// is a record or why one game (or the input) gave none; reading goes on
/// past a bad game. An input with no record at all gives
/// [`ReadError::Empty`].
///
/// ```
/// use qiboard::xiangqi::record::Records;
///
/// let pgn = "[Event \"a\"]\n1. h2e2 h9g7 *\n\n[Event \"b\"]\n1. c3c4 *\n";
/// let lines: Vec<String> = Records::new(pgn.as_bytes())
///     .map(|record| record.map(|r| r.to_ucci()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(lines.len(), 2);
/// assert!(lines[1].ends_with("c3c4\n"));
/// # Ok::<(), qiboard::xiangqi::record::ReadError>(())
/// ```
pub struct Records<R, B: RecordBoard> {
    input: R,
    limit: usize,
    state: State<B::FenError>,
    /// Records of the game read last, waiting to be handed out.
    ready: VecDeque<ReadResult<B>>,
    /// Whether anything at all was handed out.
    gave: bool,
}

/// How far the reader is.
enum State<F> {
    /// Nothing read yet.
    Start,
    /// In a PGN text.
    Pgn(Box<Splitter<F>>),
    /// Done (the input ended, or it was found to be unreadable).
    Done,
}

impl<R: Read, B: RecordBoard> Records<R, B> {
    /// The records of `input`, each game's text limited to
    /// [`MAX_RECORD_BYTES`].
    pub fn new(input: R) -> Records<R, B> {
        Records::with_limit(input, MAX_RECORD_BYTES)
    }

    /// The records of `input`, each game's text limited to `limit` bytes
    /// (and an XQF file to as many).
    pub fn with_limit(input: R, limit: usize) -> Records<R, B> {
        Records {
            input,
            limit,
            state: State::Start,
            ready: VecDeque::new(),
            gave: false,
        }
    }

    /// Reads up to `BLOCK` bytes; `Ok(0)` at the end.
    fn fill(&mut self, buffer: &mut [u8]) -> Result<usize, ReadError<B::FenError>> {
        loop {
            match self.input.read(buffer) {
                Ok(n) => return Ok(n),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(ReadError::Io(error.to_string())),
            }
        }
    }

    /// The first block: XQF, a format not read, or the start of a PGN.
    fn start(&mut self) -> Result<(), ReadError<B::FenError>> {
        let mut first = vec![0u8; BLOCK];
        let mut filled = 0;
        // A short read is not the end: fill the block, or reach the end.
        while filled < first.len() {
            let n = self.fill(&mut first[filled..])?;
            if n == 0 {
                break;
            }
            filled += n;
        }
        first.truncate(filled);
        match B::other_format(&first) {
            Some(OtherFormat::Read(read)) => {
                self.state = State::Done;
                let record = self.read_rest(first).and_then(|bytes| read(&bytes));
                self.ready.push_back(record);
                return Ok(());
            }
            Some(OtherFormat::Unsupported(format)) => return Err(ReadError::Unsupported(format)),
            None => {}
        }
        let (encoding, bom) = sniff(&first, filled < BLOCK);
        // A byte-order mark decides for good, as it does for the whole reader.
        let mut splitter = Box::new(Splitter::new(encoding, B::FALLBACK, self.limit, bom == 0));
        // The end of the input is fed by `advance`, once.
        splitter.feed(&first[bom..], false);
        if let Some(format) = B::unsupported_text(splitter.text_start().trim_start()) {
            return Err(ReadError::Unsupported(format));
        }
        self.state = State::Pgn(splitter);
        Ok(())
    }

    /// The rest of a file whose first block is `bytes`, up to the limit.
    fn read_rest(&mut self, mut bytes: Vec<u8>) -> Result<Vec<u8>, ReadError<B::FenError>> {
        let mut block = vec![0u8; BLOCK];
        loop {
            let n = self.fill(&mut block)?;
            if n == 0 {
                return Ok(bytes);
            }
            if bytes.len() + n > self.limit {
                return Err(ReadError::TooLarge { limit: self.limit });
            }
            bytes.extend_from_slice(&block[..n]);
        }
    }

    /// Reads on until the splitter has a game (or an error) or the input
    /// ends.
    fn advance(&mut self) {
        let mut block = vec![0u8; BLOCK];
        loop {
            let State::Pgn(splitter) = &mut self.state else {
                return;
            };
            if let Some(game) = splitter.take_game() {
                self.read_game(game);
                if !self.ready.is_empty() {
                    return;
                }
                continue;
            }
            let read = self.fill(&mut block);
            let State::Pgn(splitter) = &mut self.state else {
                return;
            };
            match read {
                Ok(0) => {
                    splitter.feed(&[], true);
                    splitter.finish();
                    let games: Vec<_> = core::iter::from_fn(|| splitter.take_game()).collect();
                    self.state = State::Done;
                    for game in games {
                        self.read_game(game);
                    }
                    return;
                }
                Ok(n) => splitter.feed(&block[..n], false),
                Err(error) => {
                    self.state = State::Done;
                    self.ready.push_back(Err(error));
                    return;
                }
            }
        }
    }

    /// Reads one game's text (or the splitter's verdict on it).
    fn read_game(&mut self, game: Result<Game, ReadError<B::FenError>>) {
        match game {
            Err(error @ ReadError::NotText) => {
                self.state = State::Done;
                self.ready.push_back(Err(error));
            }
            Err(error) => self.ready.push_back(Err(error)),
            Ok(game) => {
                for mut record in PgnGames::<B>::new(&game.text) {
                    if let (true, Ok(record)) = (game.lossy, &mut record) {
                        let problem = record.whole_problem(ProblemKind::Encoding);
                        record.problems.insert(0, problem);
                    }
                    self.ready.push_back(record);
                }
            }
        }
    }
}

impl<R: Read, B: RecordBoard> Iterator for Records<R, B> {
    type Item = ReadResult<B>;

    fn next(&mut self) -> Option<ReadResult<B>> {
        if self.ready.is_empty() {
            if matches!(self.state, State::Start) {
                if let Err(error) = self.start() {
                    self.state = State::Done;
                    self.ready.push_back(Err(error));
                }
            }
            self.advance();
        }
        match self.ready.pop_front() {
            Some(item) => {
                self.gave = true;
                Some(item)
            }
            None if !self.gave => {
                self.gave = true;
                Some(Err(ReadError::Empty))
            }
            None => None,
        }
    }
}

/// The encoding of a text whose first block is `first` (`whole`: the
/// whole input), and the length of its byte-order mark; None when it has
/// no mark and is not UTF-8 (each game is then decoded on its own).
fn sniff(first: &[u8], whole: bool) -> (Option<&'static Encoding>, usize) {
    match Encoding::for_bom(first) {
        Some((encoding, length)) => (Some(encoding), length),
        None if first.starts_with(GB18030_BOM) => (Some(GB18030), GB18030_BOM.len()),
        None => match core::str::from_utf8(first) {
            Ok(_) => (Some(UTF_8), 0),
            // Valid but for a character the block's end cut: UTF-8, unless
            // nothing follows.
            Err(error) if error.error_len().is_none() && !whole => (Some(UTF_8), 0),
            Err(_) => (None, 0),
        },
    }
}

/// How long [`push_raw`] makes the text of `bytes`.
fn raw_len(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| if b < 0x80 { 1 } else { 2 }).sum()
}

/// Bytes as text a byte a character (U+0000 to U+00FF), so that lines and
/// comments can be followed before the encoding is known.
fn push_raw(text: &mut String, bytes: &[u8]) {
    text.extend(bytes.iter().map(|&b| char::from(b)));
}

/// The bytes [`push_raw`] made `text` of.
fn raw_bytes(text: &str) -> Vec<u8> {
    // Every character is below U+0100.
    text.chars().map(|c| c as u8).collect()
}

/// One game's text.
struct Game {
    text: String,
    /// Whether some of its bytes did not decode.
    lossy: bool,
}

/// What the line being read has shown so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineKind {
    /// Only blanks yet.
    Blank,
    /// A tag line: `[` first (outside a comment).
    Tag,
    /// Movetext (braces are followed through it).
    Text,
    /// The rest is a comment: after `;`, or a `%` escape line.
    Rest,
}

/// How the splitter turns bytes into text.
enum Reading {
    /// UTF-8 while it lasts (no byte-order mark), holding the bytes of a
    /// character a block's end cut.
    Utf8(Vec<u8>),
    /// An encoding a byte-order mark named.
    Marked(Decoder),
    /// A byte a character, each game decoded once it is cut off.
    Raw,
}

/// Decoded text cut into games.
struct Splitter<F> {
    reading: Reading,
    /// The game's encodings for text that is not UTF-8.
    fallback: TextEncoding,
    limit: usize,
    /// Decoded text: the game being gathered from `game_start` on (what
    /// comes before it was cut off and is dropped after each block).
    game: String,
    game_start: usize,
    /// Where in `game` the line being read starts.
    line_start: usize,
    line: LineKind,
    game_lossy: bool,
    /// Whether the game has movetext yet (a tag line then starts the next).
    movetext: bool,
    /// Whether the game has a tag line or movetext: anything the lexer
    /// would make a token of (blanks, as it skips them, aside).
    content: bool,
    /// Inside a `{…}` comment that runs over lines.
    in_comment: bool,
    /// The movetext word being read (outside comments), kept while it
    /// could still be a result: up to [`LONGEST_RESULT`] bytes.
    word: String,
    /// A result was met: the lexer skips all to the next tag line, braces
    /// included, and so does the splitter.
    after_result: bool,
    /// The game outgrew the limit: its text is dropped to its end.
    oversized: bool,
    /// Games (or verdicts) cut off, in order.
    done: VecDeque<Result<Game, ReadError<F>>>,
    /// The first text decoded, for the format check.
    first: String,
}

impl<F> Splitter<F> {
    /// `encoding`: what the start was found in (None: no mark, not
    /// UTF-8); `marked`: a byte-order mark decided it.
    fn new(
        encoding: Option<&'static Encoding>,
        fallback: TextEncoding,
        limit: usize,
        unmarked: bool,
    ) -> Splitter<F> {
        let reading = match encoding {
            Some(encoding) if encoding == UTF_8 && unmarked => Reading::Utf8(Vec::new()),
            Some(encoding) => Reading::Marked(encoding.new_decoder_without_bom_handling()),
            None => Reading::Raw,
        };
        Splitter {
            reading,
            fallback,
            limit,
            game: String::new(),
            game_start: 0,
            line_start: 0,
            line: LineKind::Blank,
            game_lossy: false,
            movetext: false,
            content: false,
            in_comment: false,
            word: String::new(),
            after_result: false,
            oversized: false,
            done: VecDeque::new(),
            first: String::new(),
        }
    }

    /// The first text decoded.
    fn text_start(&self) -> &str {
        &self.first
    }

    /// Decodes `bytes` (the last of the input when `last`) onto the game
    /// and cuts off the games it completes.
    fn feed(&mut self, bytes: &[u8], last: bool) {
        let from = self.game.len();
        let lossy = self.decode(bytes, last);
        if self.first.is_empty() {
            // Past leading blanks, as the whole reader looks for `<?xml`.
            self.first = self.game.trim_start().chars().take(64).collect();
        }
        if self.game[from..].contains('\0') {
            self.game.clear();
            self.done.push_back(Err(ReadError::NotText));
            return;
        }
        self.game_lossy |= lossy;
        self.scan(from);
        // What was cut off goes, in one move of the rest.
        self.game.drain(..self.game_start);
        self.line_start -= self.game_start;
        self.game_start = 0;
        if !self.oversized && self.game.len() > self.limit {
            self.oversized = true;
            self.done
                .push_back(Err(ReadError::TooLarge { limit: self.limit }));
        }
        if self.oversized {
            // Nothing of an oversized game is kept, only where it ends.
            self.game.clear();
            self.line_start = 0;
        }
    }

    /// Decodes `bytes` onto `game`; whether anything was replaced.
    fn decode(&mut self, bytes: &[u8], last: bool) -> bool {
        match &mut self.reading {
            Reading::Marked(decoder) => {
                let needed = decoder
                    .max_utf8_buffer_length(bytes.len())
                    .unwrap_or(bytes.len() * 3 + 16);
                // Exactly: a game's text is kept once, not in a doubled buffer.
                self.game.reserve_exact(needed);
                let (_, _, replaced) = decoder.decode_to_string(bytes, &mut self.game, last);
                replaced
            }
            Reading::Raw => {
                push_raw(&mut self.game, bytes);
                false
            }
            Reading::Utf8(cut) => {
                let mut joined = core::mem::take(cut);
                joined.extend_from_slice(bytes);
                match core::str::from_utf8(&joined) {
                    Ok(text) => self.game.push_str(text),
                    Err(error) if error.error_len().is_none() && !last => {
                        let valid = error.valid_up_to();
                        let text = core::str::from_utf8(&joined[..valid]).expect("valid up to");
                        self.game.push_str(text);
                        *cut = joined[valid..].to_vec();
                    }
                    Err(_) => {
                        // Not UTF-8 after all: from the game being read
                        // on, bytes as they are, decoded a game at a time.
                        let pending = self.game.split_off(self.game_start);
                        let line =
                            raw_len(&pending.as_bytes()[..self.line_start - self.game_start]);
                        push_raw(&mut self.game, pending.as_bytes());
                        self.line_start = self.game_start + line;
                        push_raw(&mut self.game, &joined);
                        self.reading = Reading::Raw;
                    }
                }
                false
            }
        }
    }

    /// Follows the lines of `game` from byte `from`: where each starts,
    /// what it is, and the `{…}` comments of movetext; a tag line after
    /// movetext cuts the game off before it.
    fn scan(&mut self, from: usize) {
        let mut at = from;
        while let Some(c) = self.game[at..].chars().next() {
            let mut next = at + c.len_utf8();
            match (self.line, c) {
                (_, '\n') => {
                    self.end_word();
                    self.line = LineKind::Blank;
                    self.line_start = next;
                }
                (LineKind::Blank, ' ' | '\t' | '\r' | '\x0b' | '\x0c' | '\u{3000}') => {}
                (LineKind::Blank, '[') if !self.in_comment => {
                    if self.movetext {
                        next -= self.cut();
                    }
                    self.line = LineKind::Tag;
                    self.content = true;
                }
                (LineKind::Blank, '%') if !self.in_comment => self.line = LineKind::Rest,
                (LineKind::Blank, _) if self.after_result => self.line = LineKind::Rest,
                (LineKind::Blank, _) => {
                    self.line = LineKind::Text;
                    self.movetext = true;
                    self.content = true;
                    self.movetext_char(c);
                }
                (LineKind::Text, _) => self.movetext_char(c),
                (LineKind::Tag | LineKind::Rest, _) => {}
            }
            at = next;
        }
    }

    /// One character of movetext: comments, and words that may be a
    /// result, followed as the lexer cuts them.
    fn movetext_char(&mut self, c: char) {
        if self.in_comment {
            self.in_comment = c != '}';
            return;
        }
        match c {
            ' ' | '\t' | '\r' | '\u{3000}' | '{' | '}' | '(' | ')' | ';' => {
                self.end_word();
                match c {
                    '{' => self.in_comment = true,
                    ';' => self.line = LineKind::Rest,
                    _ => {}
                }
            }
            _ if self.word.len() + c.len_utf8() <= LONGEST_RESULT => self.word.push(c),
            // Too long for a result: marked once, no longer followed.
            _ if self.word.len() <= LONGEST_RESULT => self.word.push('\u{fffd}'),
            _ => {}
        }
        if self.after_result {
            // The rest up to the next tag line is skipped, braces and all.
            self.line = LineKind::Rest;
            self.in_comment = false;
        }
    }

    /// The end of a movetext word: a result ends the movetext.
    fn end_word(&mut self) {
        if self.line == LineKind::Text && super::lexer::result_value(&self.word).is_some() {
            self.after_result = true;
            self.in_comment = false;
        }
        self.word.clear();
    }

    /// Ends the game before the line being read, which starts the next;
    /// returns how many bytes that took off the front of `game`.
    fn cut(&mut self) -> usize {
        let mut shift = 0;
        let keep = !self.oversized && self.content;
        let raw = matches!(self.reading, Reading::Raw);
        let fallback = self.fallback;
        let game = |text: String, lossy: bool| {
            if !raw {
                return Game { text, lossy };
            }
            let bytes = raw_bytes(&text);
            let decoded = text::decode_or(&bytes, fallback);
            Game {
                lossy: decoded.lossy,
                text: decoded.text.into_owned(),
            }
        };
        if keep && self.game_start == 0 && self.line_start > 4 * BLOCK {
            // A large game that fills the buffer: hand the buffer over and
            // copy the little after it, rather than the game.
            let rest = self.game.split_off(self.line_start);
            let text = core::mem::replace(&mut self.game, rest);
            shift = self.line_start;
            self.line_start = 0;
            self.done.push_back(Ok(game(text, self.game_lossy)));
        } else if keep {
            let text = self.game[self.game_start..self.line_start].to_string();
            self.done.push_back(Ok(game(text, self.game_lossy)));
        }
        self.game_start = self.line_start;
        self.game_lossy = false;
        self.movetext = false;
        self.content = false;
        self.in_comment = false;
        self.word.clear();
        self.after_result = false;
        self.oversized = false;
        shift
    }

    /// The next game cut off, if any.
    fn take_game(&mut self) -> Option<Result<Game, ReadError<F>>> {
        self.done.pop_front()
    }

    /// Cuts off the last game, at the end of the input.
    fn finish(&mut self) {
        self.line_start = self.game.len();
        self.cut();
    }
}
