//! Text set into HTML by hand, where no template escapes it: the prerendered pages and the sponsor wall.

/// Text safe inside HTML elements and quoted attributes.
pub fn escape_html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_elements_and_attributes() {
        assert_eq!(
            escape_html("Tom & \"Jerry\" <b>'s"),
            "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s"
        );
    }
}
