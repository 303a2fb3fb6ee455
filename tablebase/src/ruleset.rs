//! Which repetition rules a table's values assume.

use std::fmt;
use std::str::FromStr;

/// The repetition rules a table is solved under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The Asian (AXF) rules as engines apply them: a side that can avoid
    /// losing only by perpetual check or perpetual chase loses (see
    /// [the crate docs](crate) for how the solver applies them).
    #[default]
    Asian,
    /// No repetition rules: every position that neither side can force to
    /// a mate is a draw (as the Felicity 2018 tables count).
    None,
}

impl RuleSet {
    /// The byte a file header stores. It names the solver's reading of the
    /// rules as well as the rules, so that tables solved under an earlier
    /// reading are found out (an older byte reads as no rule set).
    pub fn code(self) -> u8 {
        match self {
            RuleSet::None => 0,
            RuleSet::Asian => 2,
        }
    }

    /// The byte of Asian-rules tables solved before check cycles kept the
    /// defender's escapes that chase (which ruled some positions drawn
    /// that a perpetual check loses): read as no rule set, to be solved
    /// again.
    pub(crate) const SUPERSEDED_ASIAN: u8 = 1;

    /// The rule set a header byte names (`None` for any other byte, the
    /// superseded reading included).
    pub fn from_code(code: u8) -> Option<RuleSet> {
        match code {
            0 => Some(RuleSet::None),
            2 => Some(RuleSet::Asian),
            _ => None,
        }
    }

    /// The name on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Asian => "asian",
            RuleSet::None => "none",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text names no rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRuleSetError(String);

impl fmt::Display for ParseRuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a rule set: expected asian or none", self.0)
    }
}

impl std::error::Error for ParseRuleSetError {}

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    fn from_str(text: &str) -> Result<RuleSet, ParseRuleSetError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "asian" | "axf" => Ok(RuleSet::Asian),
            "none" => Ok(RuleSet::None),
            _ => Err(ParseRuleSetError(text.to_string())),
        }
    }
}
