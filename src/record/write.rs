//! Writing a record as PGN, variations included, walking the tree with an
//! explicit stack: the tag pairs, then the movetext of either game, each
//! move written by a function the game gives.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::{NodeId, Record, RecordBoard};
use crate::Side;

/// Movetext lines are broken before this many columns (CJK characters
/// count two).
const WIDTH: usize = 80;

/// What is left to write.
enum Task<B> {
    /// The continuation after `node`, whose position is given.
    Line(NodeId, B),
    /// The alternative `node` and those after it, from the position
    /// before it.
    Variation(NodeId, B),
    /// The end of a variation.
    Close,
}

/// Movetext being written, wrapped to [`WIDTH`].
struct Movetext {
    text: String,
    column: usize,
    /// Whether a Black move must say its number (`3...`): at the start,
    /// after a comment and around variations.
    number_black: bool,
    /// Whether the next move opens a variation (`(` before it, no space).
    opens_variation: bool,
    word: String,
}

fn width(text: &str) -> usize {
    text.chars()
        .map(|c| if c >= '\u{1100}' { 2 } else { 1 })
        .sum()
}

impl Movetext {
    fn push_word(&mut self, word: &str) {
        let wide = width(word);
        if self.column > 0 {
            if self.column + 1 + wide > WIDTH {
                self.text.push('\n');
                self.column = 0;
            } else {
                self.text.push(' ');
                self.column += 1;
            }
        }
        self.text.push_str(word);
        self.column = match word.rfind('\n') {
            Some(at) => width(&word[at + 1..]),
            None => self.column + wide,
        };
    }

    /// A comment in braces; PGN has no escape for `}`.
    fn push_comment(&mut self, comment: &str) {
        let mut word = String::with_capacity(comment.len() + 2);
        word.push('{');
        word.extend(comment.chars().map(|c| if c == '}' { '｝' } else { c }));
        word.push('}');
        self.push_word(&word);
        self.number_black = true;
    }

    fn push_move<B: RecordBoard>(
        &mut self,
        record: &Record<B>,
        node: NodeId,
        position: &B,
        write_move: &impl Fn(&B, B::Move, &mut String) -> bool,
    ) {
        let Some(mv) = record.tree.mv(node) else {
            return;
        };
        let mut word = core::mem::take(&mut self.word);
        word.clear();
        if core::mem::take(&mut self.opens_variation) {
            word.push('(');
        }
        let number = position.fullmove_number();
        // Writing to a String cannot fail.
        let _ = if position.side_to_move().moves_first() {
            write!(word, "{number}. ")
        } else if self.number_black {
            write!(word, "{number}... ")
        } else {
            Ok(())
        };
        if !write_move(position, mv, &mut word) {
            // Trees hold legal moves only; coordinates say the most if not.
            word.push_str(&position.move_text(mv));
        }
        self.push_word(&word);
        self.word = word;
        self.number_black = false;
        for nag in record.tree.nags(node) {
            self.push_word(&alloc::format!("${nag}"));
        }
        if let Some(comment) = record.tree.comment(node) {
            self.push_comment(comment);
        }
    }
}

/// Appends the tag pair `[name "value"]` and a line break, with PGN's
/// escapes for `"` and `\`.
pub(crate) fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// The game termination marker a record's `Result` tag gives: a Result
/// tag holding anything but a result (a damaged file's) is kept as a tag
/// only, since written in the movetext it could start another game.
pub(crate) fn result_marker(tag: Option<&str>) -> &str {
    tag.filter(|tag| ["1-0", "0-1", "1/2-1/2", "*"].contains(tag))
        .unwrap_or("*")
}

impl<B: RecordBoard> Record<B> {
    /// Appends to `out` (the tag pairs already written) a blank line and
    /// the movetext: the game comment, then the moves, each written by
    /// `write_move` (`false`: not written, and given in coordinates), with
    /// their comments, NAGs and variations, and the result; then a line
    /// break.
    pub(crate) fn write_movetext(
        &self,
        mut out: String,
        write_move: impl Fn(&B, B::Move, &mut String) -> bool,
    ) -> String {
        let result = result_marker(self.tag("Result"));
        out.push('\n');
        let mut movetext = Movetext {
            text: out,
            column: 0,
            number_black: true,
            opens_variation: false,
            word: String::new(),
        };
        if let Some(comment) = self.tree.comment(NodeId::ROOT) {
            movetext.push_comment(comment);
        }
        let mut tasks: Vec<Task<B>> = alloc::vec![Task::Line(NodeId::ROOT, self.start.clone())];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Line(node, position) => {
                    let Some(main) = self.tree.main_child(node) else {
                        continue;
                    };
                    movetext.push_move(self, main, &position, &write_move);
                    if let Some(mv) = self.tree.mv(main) {
                        tasks.push(Task::Line(main, position.play(mv)));
                    }
                    if let Some(alternative) = self.tree.next_sibling(main) {
                        tasks.push(Task::Variation(alternative, position));
                    }
                }
                Task::Variation(node, position) => {
                    movetext.opens_variation = true;
                    movetext.number_black = true;
                    movetext.push_move(self, node, &position, &write_move);
                    if let Some(next) = self.tree.next_sibling(node) {
                        tasks.push(Task::Variation(next, position.clone()));
                    }
                    tasks.push(Task::Close);
                    if let Some(mv) = self.tree.mv(node) {
                        tasks.push(Task::Line(node, position.play(mv)));
                    }
                }
                Task::Close => {
                    movetext.text.push(')');
                    movetext.column += 1;
                    movetext.number_black = true;
                }
            }
        }
        movetext.push_word(result);
        let mut text = movetext.text;
        text.push('\n');
        text
    }
}
