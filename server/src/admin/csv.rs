//! CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents), and
//! cells that could start a formula neutralised, since buyers type their own names. Files
//! the site wrote (or a spreadsheet saved) are read back with `read`.

/// A CSV document being written, header first.
pub struct CsvWriter {
    text: String,
}

impl CsvWriter {
    pub fn new(header: &[&str]) -> Self {
        let mut writer = Self {
            text: String::from('\u{feff}'),
        };
        writer.row(header.iter().copied());
        writer
    }

    pub fn row<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) {
        let cells: Vec<String> = cells.into_iter().map(cell).collect();
        self.text.push_str(&cells.join(","));
        self.text.push_str("\r\n");
    }

    pub fn finish(self) -> String {
        self.text
    }
}

/// Dollars with cents, as a spreadsheet reads a number: "1299.00", "-12.50".
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.unsigned_abs() / 100, cents.unsigned_abs() % 100)
}

/// One cell: prefixed with `'` when a spreadsheet would read it as a formula (OWASP's
/// advice), and quoted when it holds a quote, comma or line break. A negative number is
/// a number, not a formula: a credit note's "-12.50" stays one.
fn cell(value: &str) -> String {
    let neutral = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && !is_negative_number(value) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if neutral.contains(['"', ',', '\n', '\r']) {
        format!("\"{}\"", neutral.replace('"', "\"\""))
    } else {
        neutral
    }
}

fn is_negative_number(value: &str) -> bool {
    let Some(digits) = value.strip_prefix('-') else {
        return false;
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    [whole, fraction]
        .iter()
        .all(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
}

/// The rows of a CSV file, cells unquoted and the `'` that neutralised a formula taken off;
/// a byte-order mark, blank lines and either line ending are fine.
pub fn read(text: &str) -> Result<Vec<Vec<String>>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut rows = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                cell.push(c);
            }
            (false, '"') if cell.is_empty() => quoted = true,
            (false, '"') => {
                return Err(format!(
                    "Line {line}: a quote inside a cell that does not start with one."
                ));
            }
            (false, ',') => row.push(unneutralised(std::mem::take(&mut cell))),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n' | '\r') => {
                row.push(unneutralised(std::mem::take(&mut cell)));
                rows.push(std::mem::take(&mut row));
                line += 1;
            }
            (false, c) => cell.push(c),
        }
    }
    if quoted {
        return Err(format!("Line {line}: a quoted cell is not closed."));
    }
    if !cell.is_empty() || !row.is_empty() {
        row.push(unneutralised(cell));
        rows.push(row);
    }
    rows.retain(|row| row.iter().any(|cell| !cell.trim().is_empty()));
    Ok(rows)
}

/// A cell as typed, without the `'` `cell` put before what a spreadsheet reads as a formula.
fn unneutralised(value: String) -> String {
    match value.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest.to_owned(),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back_the_same() {
        let rows = [
            vec!["name", "note"],
            vec!["=HYPERLINK(\"x\")", "a, b"],
            vec!["+1 305", "line\nbreak"],
            vec!["José", "-2"],
            vec!["-1-1", "-0.5"],
        ];
        let mut csv = CsvWriter::new(&rows[0]);
        for row in &rows[1..] {
            csv.row(row.iter().copied());
        }
        let read_back = read(&csv.finish()).unwrap();
        assert_eq!(
            read_back,
            rows.map(|row| row.iter().map(|cell| (*cell).to_owned()).collect::<Vec<_>>())
        );
        assert_eq!(read("a,b\n\n1,2").unwrap(), [["a", "b"], ["1", "2"]]);
        assert!(read("a,\"b").unwrap_err().contains("not closed"));
    }

    #[test]
    fn formulas_are_neutralised_and_special_characters_quoted() {
        let mut csv = CsvWriter::new(&["name", "note"]);
        csv.row(["=HYPERLINK(\"x\")", "a, b"]);
        csv.row(["+1 305", "line\nbreak"]);
        csv.row(["-2+3", "@SUM(A1)"]);
        csv.row(["José", "\tTab"]);
        csv.row(["-12.50", "-7"]);

        assert_eq!(
            csv.finish(),
            "\u{feff}name,note\r\n\"'=HYPERLINK(\"\"x\"\")\",\"a, b\"\r\n'+1 305,\"line\nbreak\"\r\n'-2+3,'@SUM(A1)\r\nJosé,'\tTab\r\n-12.50,-7\r\n"
        );
    }
}
