//! Prometheus's text format: `# HELP` and `# TYPE` per family, then one line per sample.

use std::fmt::{Display, Write};

#[derive(Debug, Default)]
pub struct Exposition {
    text: String,
}

impl Exposition {
    pub fn family(&mut self, name: &str, kind: &str, help: &str) {
        // Writing to a String cannot fail.
        let _ = writeln!(self.text, "# HELP {name} {help}\n# TYPE {name} {kind}");
    }

    pub fn sample<V: AsRef<str>>(&mut self, name: &str, labels: &[(&str, V)], value: impl Display) {
        self.text.push_str(name);
        if !labels.is_empty() {
            self.text.push('{');
            for (index, (label, value)) in labels.iter().enumerate() {
                if index > 0 {
                    self.text.push(',');
                }
                let _ = write!(self.text, "{label}=\"{}\"", escape(value.as_ref()));
            }
            self.text.push('}');
        }
        let _ = writeln!(self.text, " {value}");
    }

    pub fn finish(self) -> String {
        self.text
    }
}

/// A label value's backslashes, quotes and newlines, escaped as the format requires.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::Exposition;

    #[test]
    fn samples_are_written_with_escaped_labels() {
        let mut out = Exposition::default();
        out.family("conference_stock_left", "gauge", "Units left.");
        out.sample("conference_stock_left", &[("item", "tee \"M\"\\\n")], 3);
        out.sample::<&str>("conference_up", &[], 1.5);

        assert_eq!(
            out.finish(),
            "# HELP conference_stock_left Units left.\n# TYPE conference_stock_left gauge\n\
             conference_stock_left{item=\"tee \\\"M\\\"\\\\\\n\"} 3\nconference_up 1.5\n"
        );
    }
}
