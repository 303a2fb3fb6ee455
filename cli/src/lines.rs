//! Standard input one line at a time, bounded: a line is at most
//! [`MAX_LINE`] bytes kept (the rest of a longer one is read past, not
//! held), and a line that is not UTF-8 is its own error, so that a stream
//! goes on past either.

use std::io::{self, BufRead};

/// The longest line kept, in bytes: far more than any FEN.
pub const MAX_LINE: usize = 64 << 10;

/// One line of input, or why it is no text.
pub enum Line {
    /// The line, without its end.
    Text(String),
    /// Longer than [`MAX_LINE`]: read past.
    TooLong,
    /// Not UTF-8.
    NotUtf8,
}

/// Reads the next line of `input`; `None` at the end.
pub fn next_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], Some(end + 1)),
            None => (buffer, None),
        };
        if kept.len() + chunk.len() > MAX_LINE {
            too_long = true;
            kept.clear();
        } else if !too_long {
            kept.extend_from_slice(chunk);
        }
        let used = ended.unwrap_or(buffer.len());
        input.consume(used);
        if ended.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    }))
}

/// Answers each line of standard input as it comes: `answer` gives the
/// line's output or why it has none (written `error: …`); blank lines
/// are passed over. Each answer is flushed at once, so a program on the
/// other end of a pipe can wait for it. Returns whether any line failed.
pub fn answer_each(mut answer: impl FnMut(&str) -> Result<String, String>) -> io::Result<bool> {
    use std::io::Write;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    while let Some(line) = next_line(&mut input)? {
        let result = match line {
            Line::Text(text) if text.trim().is_empty() => continue,
            Line::Text(text) => answer(text.trim()),
            Line::TooLong => Err(format!("a line longer than {MAX_LINE} bytes")),
            Line::NotUtf8 => Err("a line that is not UTF-8 text".to_string()),
        };
        match result {
            Ok(text) => writeln!(out, "{text}")?,
            Err(why) => {
                failed = true;
                writeln!(out, "error: {why}")?;
            }
        }
        out.flush()?;
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut input = io::BufReader::with_capacity(7, bytes);
        let mut found = Vec::new();
        while let Some(line) = next_line(&mut input).unwrap() {
            found.push(match line {
                Line::Text(text) => text,
                Line::TooLong => "<long>".to_string(),
                Line::NotUtf8 => "<bytes>".to_string(),
            });
        }
        found
    }

    #[test]
    fn lines_are_cut_bounded_and_checked() {
        assert_eq!(lines(b"a\nbc\r\n\nd"), ["a", "bc", "", "d"]);
        let mut long = vec![b'x'; MAX_LINE + 1];
        long.extend_from_slice(b"\nok\n\xff\xfe\nend\n");
        assert_eq!(lines(&long), ["<long>", "ok", "<bytes>", "end"]);
        assert!(lines(b"").is_empty());
    }
}
