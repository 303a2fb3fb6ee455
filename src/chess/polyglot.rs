//! Polyglot opening books (`.bin`), read a few entries at a time.
//!
//! The format is Polyglot's (Fabien Letouzey's), as its documentation and
//! python-chess (`chess.polyglot`) read it: a file of 16-byte big-endian
//! entries — the position's key ([`Position::key`], Polyglot's Zobrist
//! hash), a move, a weight and a learn value — sorted by key. A move is
//! `to` in bits 0–5, `from` in bits 6–11 (square = 8 × row + file, a1 = 0)
//! and the promotion in bits 12–14 (1 knight, 2 bishop, 3 rook, 4 queen);
//! castling is written as the king taking its own rook (`e1h1`), and read
//! that way or as the king's two-square step.
//!
//! A [`Book`] finds a position's entries by binary search over the key,
//! reading one entry at a time from its [`BookSource`]: a byte slice or
//! vector held whole, or (feature `std`) a [`std::fs::File`] read with
//! positioned reads, so that a book of any size costs a few reads per
//! lookup and no memory beyond the entries found. As python-chess does,
//! entries whose move is not legal in the position (a key collision, a
//! damaged book) are passed over, and so, unless asked, are entries of
//! weight 0 (Polyglot's way of deleting an entry in place).
//!
//! ```
//! use qiboard::chess::polyglot::{Book, Entry};
//! use qiboard::chess::Position;
//!
//! let start = Position::start();
//! let e4 = start.parse_move("e2e4").unwrap();
//! let d4 = start.parse_move("d2d4").unwrap();
//! let mut bytes = Vec::new();
//! for (mv, weight) in [(e4, 3), (d4, 1)] {
//!     bytes.extend(Entry::new(start.key(), mv, weight, 0).to_bytes());
//! }
//! let book = Book::new(bytes)?;
//! let found = book.find_all(&start, 1)?;
//! assert_eq!(found.len(), 2);
//! assert_eq!(book.find(&start)?.map(|entry| entry.mv), Some(e4));
//! // A pick of 3 from the total weight 4 falls on d4's share.
//! assert_eq!(book.weighted_choice(&start, |_total| 3)?.map(|entry| entry.mv), Some(d4));
//! # Ok::<(), qiboard::chess::polyglot::BookError>(())
//! ```

use alloc::string::String;
#[cfg(feature = "std")]
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

use super::{Move, MoveKind, PieceKind, Position, Square};

/// The size of one entry, in bytes.
pub const ENTRY_BYTES: usize = 16;

/// One entry of a book, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The Polyglot key of the position.
    pub key: u64,
    /// The move, in Polyglot's encoding (see the [module page](self)).
    pub raw_move: u16,
    /// How often the move should be played, relative to the position's
    /// other entries.
    pub weight: u16,
    /// A value for learning programs; kept as read.
    pub learn: u32,
}

impl Entry {
    /// The entry for `mv` in the position of `key`.
    pub fn new(key: u64, mv: Move, weight: u16, learn: u32) -> Entry {
        Entry {
            key,
            raw_move: encode_move(mv),
            weight,
            learn,
        }
    }

    /// The entry stored in `bytes`.
    pub fn from_bytes(bytes: [u8; ENTRY_BYTES]) -> Entry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The entry's 16 bytes, as a book stores them.
    pub fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        let mut bytes = [0; ENTRY_BYTES];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// `mv` in Polyglot's encoding: castling as the king taking its rook.
pub fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.kind() {
        MoveKind::Promotion(PieceKind::Knight) => 1,
        MoveKind::Promotion(PieceKind::Bishop) => 2,
        MoveKind::Promotion(PieceKind::Rook) => 3,
        MoveKind::Promotion(_) => 4,
        _ => 0,
    };
    // A castling move's target is already its rook's square.
    mv.to() as u16 | (mv.from() as u16) << 6 | promotion << 12
}

/// The legal move of `position` that a Polyglot move names, if any.
pub fn decode_move(position: &Position, raw: u16) -> Option<Move> {
    let to = Square::new(usize::from(raw & 63))?;
    let from = Square::new(usize::from(raw >> 6 & 63))?;
    let promotion = match raw >> 12 & 7 {
        0 => None,
        1 => Some(PieceKind::Knight),
        2 => Some(PieceKind::Bishop),
        3 => Some(PieceKind::Rook),
        4 => Some(PieceKind::Queen),
        _ => return None,
    };
    position.legal_moves().iter().copied().find(|mv| {
        let reaches = mv.to() == to
            || (mv.is_castle() && !position.is_chess960() && mv.castle_king_target() == to);
        mv.from() == from && reaches && mv.promotion_kind() == promotion
    })
}

/// An entry found for a position, with its move read as a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// The entry's weight.
    pub weight: u16,
    /// The entry's learn value.
    pub learn: u32,
}

/// Why a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookError {
    /// The book's size is not a whole number of entries.
    Size(u64),
    /// Reading the book failed; the message is the system's.
    Io(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Size(bytes) => write!(
                f,
                "not a Polyglot book: {bytes} bytes is not a whole number of {ENTRY_BYTES}-byte entries"
            ),
            BookError::Io(why) => write!(f, "cannot read the book: {why}"),
        }
    }
}

impl core::error::Error for BookError {}

/// Where a book's bytes are: anything that can read 16 bytes at an offset.
pub trait BookSource {
    /// The size in bytes.
    ///
    /// # Errors
    ///
    /// The source's own failure to tell.
    fn size(&self) -> Result<u64, BookError>;

    /// Fills `buffer` from the bytes at `offset`, which the size covers.
    ///
    /// # Errors
    ///
    /// The source's own failure to read.
    fn read_at(&self, offset: u64, buffer: &mut [u8; ENTRY_BYTES]) -> Result<(), BookError>;
}

impl BookSource for [u8] {
    fn size(&self) -> Result<u64, BookError> {
        Ok(self.len() as u64)
    }

    fn read_at(&self, offset: u64, buffer: &mut [u8; ENTRY_BYTES]) -> Result<(), BookError> {
        let bytes = usize::try_from(offset)
            .ok()
            .and_then(|start| self.get(start..start.checked_add(ENTRY_BYTES)?))
            .ok_or_else(|| BookError::Io(alloc::format!("no entry at byte {offset}")))?;
        buffer.copy_from_slice(bytes);
        Ok(())
    }
}

impl BookSource for Vec<u8> {
    fn size(&self) -> Result<u64, BookError> {
        self.as_slice().size()
    }

    fn read_at(&self, offset: u64, buffer: &mut [u8; ENTRY_BYTES]) -> Result<(), BookError> {
        self.as_slice().read_at(offset, buffer)
    }
}

impl<S: BookSource + ?Sized> BookSource for &S {
    fn size(&self) -> Result<u64, BookError> {
        (**self).size()
    }

    fn read_at(&self, offset: u64, buffer: &mut [u8; ENTRY_BYTES]) -> Result<(), BookError> {
        (**self).read_at(offset, buffer)
    }
}

#[cfg(feature = "std")]
impl BookSource for std::fs::File {
    fn size(&self) -> Result<u64, BookError> {
        self.metadata()
            .map(|metadata| metadata.len())
            .map_err(|error| BookError::Io(error.to_string()))
    }

    fn read_at(&self, offset: u64, buffer: &mut [u8; ENTRY_BYTES]) -> Result<(), BookError> {
        positioned::read_exact_at(self, buffer, offset)
            .map_err(|error| BookError::Io(alloc::format!("at byte {offset}: {error}")))
    }
}

/// Reads at an offset without a shared cursor, so that a book serves
/// lookups through `&self`.
#[cfg(feature = "std")]
mod positioned {
    use std::fs::File;
    use std::io;

    #[cfg(unix)]
    pub fn read_exact_at(file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset)
    }

    #[cfg(windows)]
    pub fn read_exact_at(file: &File, mut buffer: &mut [u8], mut offset: u64) -> io::Result<()> {
        use std::os::windows::fs::FileExt;
        while !buffer.is_empty() {
            match file.seek_read(buffer, offset)? {
                0 => return Err(io::ErrorKind::UnexpectedEof.into()),
                n => {
                    buffer = &mut buffer[n..];
                    offset += n as u64;
                }
            }
        }
        Ok(())
    }

    #[cfg(not(any(unix, windows)))]
    pub fn read_exact_at(file: &File, buffer: &mut [u8], offset: u64) -> io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        // No positioned reads here: a cloned handle shares the cursor, so
        // one book must not be read from two threads on such platforms.
        let mut handle = file.try_clone()?;
        handle.seek(SeekFrom::Start(offset))?;
        handle.read_exact(buffer)
    }
}

/// An opening book over a [`BookSource`] (see the [module page](self)).
#[derive(Clone, Debug)]
pub struct Book<S> {
    source: S,
    entries: u64,
}

#[cfg(feature = "std")]
impl Book<std::fs::File> {
    /// The book in the file at `path`, read entry by entry as asked.
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] when the file cannot be opened, [`BookError::Size`]
    /// when it is not a whole number of entries.
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Book<std::fs::File>, BookError> {
        let file = std::fs::File::open(path).map_err(|error| BookError::Io(error.to_string()))?;
        Book::new(file)
    }
}

impl<S: BookSource> Book<S> {
    /// The book in `source`.
    ///
    /// # Errors
    ///
    /// [`BookError::Size`] when the source is not a whole number of
    /// entries, or the source's failure to tell its size.
    pub fn new(source: S) -> Result<Book<S>, BookError> {
        let size = source.size()?;
        if size % ENTRY_BYTES as u64 != 0 {
            return Err(BookError::Size(size));
        }
        Ok(Book {
            source,
            entries: size / ENTRY_BYTES as u64,
        })
    }

    /// How many entries the book holds.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the book holds no entry.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// The entry at `index` (0 to `len() - 1`).
    ///
    /// # Errors
    ///
    /// [`BookError::Io`] for an index past the end, or the source's failure
    /// to read.
    pub fn entry(&self, index: u64) -> Result<Entry, BookError> {
        if index >= self.entries {
            return Err(BookError::Io(alloc::format!(
                "entry {index} is past the book's {} entries",
                self.entries
            )));
        }
        let mut bytes = [0; ENTRY_BYTES];
        self.source
            .read_at(index * ENTRY_BYTES as u64, &mut bytes)?;
        Ok(Entry::from_bytes(bytes))
    }

    /// Every entry of `key`, in book order.
    ///
    /// # Errors
    ///
    /// The source's failure to read.
    pub fn entries_of(&self, key: u64) -> Result<Vec<Entry>, BookError> {
        // The first entry whose key is not below `key`.
        let (mut low, mut high) = (0, self.entries);
        while low < high {
            let middle = low + (high - low) / 2;
            if self.entry(middle)?.key < key {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        let mut found = Vec::new();
        for index in low..self.entries {
            let entry = self.entry(index)?;
            if entry.key != key {
                break;
            }
            found.push(entry);
        }
        Ok(found)
    }

    /// The entries of `position` of at least `minimum_weight` whose moves
    /// are legal there, in book order (python-chess's `find_all`; its
    /// default minimum weight is 1).
    ///
    /// # Errors
    ///
    /// The source's failure to read.
    pub fn find_all(
        &self,
        position: &Position,
        minimum_weight: u16,
    ) -> Result<Vec<BookMove>, BookError> {
        Ok(self
            .entries_of(position.key())?
            .into_iter()
            .filter(|entry| entry.weight >= minimum_weight)
            .filter_map(|entry| {
                decode_move(position, entry.raw_move).map(|mv| BookMove {
                    mv,
                    weight: entry.weight,
                    learn: entry.learn,
                })
            })
            .collect())
    }

    /// The main entry of `position`: the first of those of the highest
    /// weight (at least 1), or `None` when the book has none.
    ///
    /// # Errors
    ///
    /// The source's failure to read.
    pub fn find(&self, position: &Position) -> Result<Option<BookMove>, BookError> {
        let found = self.find_all(position, 1)?;
        // The first of the heaviest: `max_by_key` would keep the last.
        Ok(found.iter().copied().reduce(|best, entry| {
            if entry.weight > best.weight {
                entry
            } else {
                best
            }
        }))
    }

    /// An entry of `position` drawn in proportion to the weights: `pick`
    /// gets the total weight and gives a number below it (taken modulo
    /// the total otherwise), and the entry whose share of the running sum
    /// holds that number is chosen — python-chess's `weighted_choice` when
    /// `pick` is `lambda total: rng.randint(0, total - 1)`. `None` when
    /// the position has no entry of positive weight.
    ///
    /// # Errors
    ///
    /// The source's failure to read.
    pub fn weighted_choice(
        &self,
        position: &Position,
        pick: impl FnOnce(u64) -> u64,
    ) -> Result<Option<BookMove>, BookError> {
        let found = self.find_all(position, 1)?;
        let total: u64 = found.iter().map(|entry| u64::from(entry.weight)).sum();
        if total == 0 {
            return Ok(None);
        }
        let choice = pick(total) % total;
        let mut sum = 0;
        Ok(found.into_iter().find(|entry| {
            sum += u64::from(entry.weight);
            sum > choice
        }))
    }
}
