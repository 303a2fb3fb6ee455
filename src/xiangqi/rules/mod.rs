//! Repetition rules: perpetual check, perpetual chase and the natural move
//! limit, as the Asian Xiangqi Federation (AXF) rules them and as Pikafish
//! implements them.
//!
//! # The rule set
//!
//! A *cycle* is the run of moves between two occurrences of the same
//! position (same pieces on the same squares, same side to move). It is
//! ruled by [`judge`]:
//!
//! 1. **Perpetual check first.** A side *perpetually checks* when every one
//!    of its moves in the cycle gives check (leaves the opponent's king
//!    attacked: rook, horse with a free leg, cannon over one screen, pawn,
//!    or facing kings; discovered checks included). If one side does, it
//!    loses; if both do, the game is drawn. A side that checks on some
//!    moves only ("one check one idle") is not perpetually checking.
//! 2. **Then perpetual chase.** A side that gave check on *any* move of the
//!    cycle chases nothing. Otherwise each of its moves must *chase*, and
//!    always the same enemy piece (followed through its moves): the move
//!    leaves the victim attacked in the chase sense of [`chased`], and the
//!    opponent's reply ends that attack (the victim escapes, is shielded or
//!    becomes protected). A standing attack the victim never answers is no
//!    chase. If one side perpetually chases, it loses; if both do, draw.
//! 3. Otherwise the repetition is a draw.
//!
//! A piece is *chased* by a side ([`chased`]) when one of that side's
//! pieces other than its king and pawns attacks it with a capture that
//! would be legal (a side in check may still chase: the checks standing
//! before the capture are ignored), the victim is not the king and not a
//! pawn still on its own side of the river, and
//! - the attacker is a horse or a cannon and the victim a rook: always; or
//! - the victim is *unprotected*: after the capture, its side has no legal
//!   recapture (a pinned defender does not protect, the king does); and,
//!   when attacker and victim are of the same kind, the victim could not
//!   legally capture the attacker back (it is pinned, or a horse whose leg
//!   toward the attacker is blocked). Offering an exchange is no chase.
//!
//! A game ([`Game`](super::Game)) rules a repetition at the **third
//! occurrence** of a position (configurable with [`Rules::occurrences`]),
//! over every move since the first of those occurrences, and ends in a
//! draw once **120 plies** have passed without a capture
//! ([`Rules::move_limit`]); a side with no legal move loses even then.
//! Search and tablebases may rule any cycle: [`judge`] takes whatever
//! cycle it is given.
//!
//! # Sources
//!
//! - AXF "Asia rule" detail rules and diagrams as published by the WXF
//!   (`wxf.org/xq/rule/asia/`, pages `d18to25`, `d29to31`, `d67to68`,
//!   `d69to70`, `d76to80`, `d86to89`, `d90to93`, `d101to04`; article 12 at
//!   `clubxiangqi.com/rules/d13.htm`): articles 5–8 (repetition, perpetual
//!   check, mutual check, "two checks one check back"), 11–12 ("one check
//!   one idle", "one check one chase"), 15–18 (horse and cannon against a
//!   rook, protected pieces), 28–29 (king and pawn may chase), 32 (one
//!   piece chasing two), 35 (several attackers of a protected piece), 40
//!   (exchange offers) and the appendix example of a non-perpetual chase.
//! - Pikafish (`src/position.cpp`: `chase_legal`, `chased`,
//!   `detect_chases`, `rule_judge`): the chase test and the cycle ruling
//!   followed here.
//! - Fairy-Stockfish (`Position::chased`, `is_optional_game_end`) and its
//!   Python binding `pyffish`, which agrees with every repetition ruling in
//!   the tests; xiangqitb (chessdb's tablebase generator,
//!   `Position::is_move_attack`) for the same targets and exemptions.
//! - H. G. Muller's discussion of implementing the rules (talkchess,
//!   "Perpetual chasing in Xiangqi").
//!
//! # Where this simplifies the rule book
//!
//! - **One check one chase is a draw** (AXF article 12, and Pikafish): a
//!   side that checks on any move of the cycle has no chase. The Chinese
//!   rules (CXA 2011) call alternating checks and chases 長打 and rule it a
//!   loss; Fairy-Stockfish also counts the attacks of the checking moves.
//! - **No special case for a rook immobilised by a horse** (AXF article 19,
//!   diagrams 39–41, which Pikafish tracks separately): such a chase is
//!   ruled like any other.
//! - **Elephants and advisors** attacking a rook, horse or cannon chase it
//!   only if it is unprotected (Pikafish); Fairy-Stockfish counts them
//!   always.
//! - **What is "new"** is decided by the reply alone (Pikafish): an attack
//!   counts if the opponent's next move ends it, whether or not it stood
//!   before; Fairy-Stockfish instead looks at which attacks the move itself
//!   created. The referee's judgement of whether a threat is real (an
//!   exchange that would lose material, a capture that walks into mate) is
//!   not modelled: legality and recapture decide.
//! - **No attacker counting:** a protected piece is never chased, however
//!   many pieces attack it (article 35), except by a horse or cannon when it
//!   is a rook.
//! - **The move limit counts every ply without a capture.** The AXF and
//!   Pikafish do not count a side's checks beyond its tenth toward the 60
//!   moves; here checks count like any move. The clock is the position's
//!   half-move clock, read from the FEN at the start.
//! - **No insufficient-material draw** (Pikafish draws at once when no
//!   rook, horse, cannon or pawn is left): such games end by repetition or
//!   by the move limit.

mod chase;
mod judge;

pub use chase::{chased, chases};
pub use judge::{judge, Ruling};

#[cfg(feature = "alloc")]
pub(crate) use judge::judge_cycle;

/// The repetition and move-limit settings of a [`Game`](super::Game).
///
/// ```
/// use qiboard::xiangqi::rules::Rules;
///
/// let rules = Rules::default();
/// assert_eq!((rules.occurrences(), rules.move_limit()), (3, Some(120)));
/// let quick = rules.with_occurrences(2).with_move_limit(None);
/// assert_eq!((quick.occurrences(), quick.move_limit()), (2, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    occurrences: u32,
    move_limit: Option<u32>,
}

impl Rules {
    /// The AXF settings: a ruling at the third occurrence, a draw after 120
    /// plies without a capture.
    pub const AXF: Rules = Rules {
        occurrences: 3,
        move_limit: Some(120),
    };

    /// How many times a position must have stood (the current time
    /// included) for the repetition to be ruled: 3 by default, never less
    /// than 2.
    pub const fn occurrences(self) -> u32 {
        self.occurrences
    }

    /// The number of plies without a capture after which the game is
    /// drawn, `None` for no limit: `Some(120)` (60 moves each) by default.
    pub const fn move_limit(self) -> Option<u32> {
        self.move_limit
    }

    /// These rules with a ruling at the `count`th occurrence (2 when
    /// `count` is smaller: a position standing once is no repetition).
    pub const fn with_occurrences(self, count: u32) -> Rules {
        Rules {
            occurrences: if count < 2 { 2 } else { count },
            ..self
        }
    }

    /// These rules with another move limit in plies (`None`: no limit).
    pub const fn with_move_limit(self, plies: Option<u32>) -> Rules {
        Rules {
            move_limit: plies,
            ..self
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::AXF
    }
}
