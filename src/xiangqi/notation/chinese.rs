//! Chinese notation: 炮二平五, 马８进７, 前车平四, 中兵进一, 二兵平五.

use alloc::string::String;

use super::describe::{Description, Mark, Op, Request, Selector};
use super::NotationError;
use crate::xiangqi::{Color, PieceKind};

/// How to write Chinese notation. Every style is read back, whichever
/// was used to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChineseStyle {
    /// Traditional characters (帥 將 傌 俥 砲 進 後) instead of simplified
    /// ones (帅 将 马 车 炮 进 后).
    pub traditional: bool,
    /// Black's numbers in ASCII digits (`马8进7`) instead of full-width
    /// ones (`马８进７`, as XQ Wizard and most Chinese records write).
    pub ascii_digits: bool,
}

impl ChineseStyle {
    /// Simplified characters, full-width digits for Black: 炮二平五 马８进７.
    pub const SIMPLIFIED: ChineseStyle = ChineseStyle {
        traditional: false,
        ascii_digits: false,
    };
    /// Traditional characters, full-width digits for Black: 炮二平五 馬８進７.
    pub const TRADITIONAL: ChineseStyle = ChineseStyle {
        traditional: true,
        ascii_digits: false,
    };
}

const EXPECTED: &str = "Chinese like 炮二平五, 马8进7, 前车平四 or 二兵平五: a piece and its file \
(or 前/中/后 or an ordinal), then 进/退/平 and a number";

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn piece_char(kind: PieceKind, side: Color, traditional: bool) -> char {
    let red = side == Color::Red;
    match (kind, traditional) {
        (PieceKind::King, false) if red => '帅',
        (PieceKind::King, false) => '将',
        (PieceKind::King, true) if red => '帥',
        (PieceKind::King, true) => '將',
        (PieceKind::Advisor, _) if red => '仕',
        (PieceKind::Advisor, _) => '士',
        (PieceKind::Elephant, _) if red => '相',
        (PieceKind::Elephant, _) => '象',
        (PieceKind::Horse, false) => '马',
        (PieceKind::Horse, true) if red => '傌',
        (PieceKind::Horse, true) => '馬',
        (PieceKind::Rook, false) => '车',
        (PieceKind::Rook, true) if red => '俥',
        (PieceKind::Rook, true) => '車',
        (PieceKind::Cannon, true) if !red => '砲',
        (PieceKind::Cannon, _) => '炮',
        (PieceKind::Pawn, _) if red => '兵',
        (PieceKind::Pawn, _) => '卒',
    }
}

/// A number 1–9 as the side writes it: Chinese numerals for Red, digits
/// for Black.
fn number_char(number: u8, side: Color, style: ChineseStyle) -> char {
    let index = usize::from(number.clamp(1, 9) - 1);
    match side {
        Color::Red => NUMERALS[index],
        Color::Black if style.ascii_digits => char::from(b'1' + index as u8),
        Color::Black => char::from_u32('１' as u32 + index as u32).unwrap_or('?'),
    }
}

/// Appends the Chinese text of `description` for `side`, tandem pieces
/// and pawns as the xqbase computer standard writes them: 前/后 for two on
/// a file, 前/中/后 for three, 一…五 from the front for four or five, and
/// 一…五 counted over every doubled file (own file 1 first, each front to
/// back) when two files hold several pawns.
pub(crate) fn spell(description: &Description, side: Color, style: ChineseStyle, out: &mut String) {
    let origin = description.origin;
    let kind = description.kind;
    let piece = piece_char(kind, side, style.traditional);
    let rear_char = if style.traditional { '後' } else { '后' };
    let (count, place) = (origin.on_file, origin.from_front);
    if origin.on_file < 2 || matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
        out.push(piece);
        out.push(number_char(origin.file, side, style));
    } else {
        let marker = if kind == PieceKind::Pawn && origin.doubled_files >= 2 {
            NUMERALS[usize::from(origin.across).min(8)]
        } else if count >= 4 {
            NUMERALS[usize::from(place).min(8)]
        } else if place == 0 {
            '前'
        } else if place + 1 == count {
            rear_char
        } else {
            '中'
        };
        out.push(marker);
        out.push(piece);
    }
    out.push(match (description.op, style.traditional) {
        (Op::Forward, false) => '进',
        (Op::Forward, true) => '進',
        (Op::Backward, _) => '退',
        (Op::Sideways, _) => '平',
    });
    out.push(number_char(description.number, side, style));
}

/// One character of a Chinese move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Piece(PieceKind),
    Number(u8),
    Place(Mark),
    Verb(Op),
}

fn token(c: char) -> Option<Token> {
    use PieceKind::*;
    Some(match c {
        '帅' | '帥' | '将' | '將' => Token::Piece(King),
        '仕' | '士' => Token::Piece(Advisor),
        '相' | '象' => Token::Piece(Elephant),
        '马' | '馬' | '傌' => Token::Piece(Horse),
        '车' | '車' | '俥' => Token::Piece(Rook),
        '炮' | '砲' | '包' => Token::Piece(Cannon),
        '兵' | '卒' => Token::Piece(Pawn),
        '前' => Token::Place(Mark::Front),
        '后' | '後' => Token::Place(Mark::Rear),
        '中' => Token::Place(Mark::Middle),
        '进' | '進' | '上' => Token::Verb(Op::Forward),
        '退' | '下' => Token::Verb(Op::Backward),
        '平' => Token::Verb(Op::Sideways),
        '1'..='9' => Token::Number(c as u8 - b'0'),
        '１'..='９' => Token::Number((c as u32 - '０' as u32) as u8),
        _ => Token::Number(NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
    })
}

/// Reads Chinese text in any of the forms the module page lists.
pub(crate) fn parse(text: &str) -> Result<Request, NotationError> {
    let syntax = || NotationError::syntax(text, EXPECTED);
    let body = text
        .trim()
        .trim_end_matches(['!', '?', '！', '？', '+', '#']);
    let mut tokens = [Token::Number(0); 5];
    let mut count = 0;
    for c in body.chars() {
        let slot = tokens.get_mut(count).ok_or_else(syntax)?;
        *slot = token(c).ok_or_else(syntax)?;
        count += 1;
    }
    use Token::{Number, Piece, Place, Verb};
    let marked = |file, mark| Selector::Marked { file, mark };
    let (kind, selector, op, number) = match tokens[..count] {
        [Piece(kind), Number(file), Verb(op), Number(n)] => (kind, Selector::File(file), op, n),
        [Place(mark), Piece(kind), Verb(op), Number(n)] => (kind, marked(None, mark), op, n),
        // The order of wxf.org's Chinese examples: 車前平三.
        [Piece(kind), Place(mark), Verb(op), Number(n)] => (kind, marked(None, mark), op, n),
        // xqbase's ordinals: 二兵平五 (also 一…五 over two doubled files).
        [Number(nth), Piece(kind), Verb(op), Number(n)] => {
            (kind, marked(None, Mark::Nth(nth)), op, n)
        }
        // With the file restored: 前兵三平四, or the piece dropped: 前三平四.
        [Place(mark), Piece(kind), Number(file), Verb(op), Number(n)] => {
            (kind, marked(Some(file), mark), op, n)
        }
        [Place(mark), Number(file), Verb(op), Number(n)] => {
            (PieceKind::Pawn, marked(Some(file), mark), op, n)
        }
        [Number(nth), Piece(kind), Number(file), Verb(op), Number(n)] => {
            (kind, marked(Some(file), Mark::Nth(nth)), op, n)
        }
        _ => return Err(syntax()),
    };
    Ok(Request {
        kind,
        selector,
        op,
        number,
    })
}
