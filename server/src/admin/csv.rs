//! CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents), and
//! cells that could start a formula neutralised, since buyers type their own names.

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

/// One cell: prefixed with `'` when a spreadsheet would read it as a formula (OWASP's
/// advice), and quoted when it holds a quote, comma or line break.
fn cell(value: &str) -> String {
    let neutral = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_and_special_characters_quoted() {
        let mut csv = CsvWriter::new(&["name", "note"]);
        csv.row(["=HYPERLINK(\"x\")", "a, b"]);
        csv.row(["+1 305", "line\nbreak"]);
        csv.row(["-2", "@SUM(A1)"]);
        csv.row(["José", "\tTab"]);

        assert_eq!(
            csv.finish(),
            "\u{feff}name,note\r\n\"'=HYPERLINK(\"\"x\"\")\",\"a, b\"\r\n'+1 305,\"line\nbreak\"\r\n'-2,'@SUM(A1)\r\nJosé,'\tTab\r\n"
        );
    }
}
