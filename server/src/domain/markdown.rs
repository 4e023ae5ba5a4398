//! Markdown written by others, rendered inert: the programme's texts (abstracts, descriptions, biographies) come from
//! speakers through a call-for-papers tool, and the organizer's messages go out by email. Raw HTML is shown as text,
//! links are kept only to the web and email, and images are dropped (the site's CSP allows only its own, and mail
//! clients block remote ones) with their alt text kept.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};

use super::escape_html;

const SAFE_SCHEMES: [&str; 3] = ["http://", "https://", "mailto:"];

pub fn to_html(markdown: &str) -> String {
    let mut open_links: Vec<bool> = Vec::new();
    let events = Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        Event::Start(Tag::HtmlBlock) => Some(Event::Start(Tag::Paragraph)),
        Event::End(TagEnd::HtmlBlock) => Some(Event::End(TagEnd::Paragraph)),
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        Event::Start(Tag::Link { dest_url, title, .. }) => {
            let safe = is_safe(&dest_url);
            open_links.push(safe);
            safe.then(|| Event::InlineHtml(anchor(&dest_url, &title)))
        }
        Event::End(TagEnd::Link) => open_links
            .pop()
            .unwrap_or(false)
            .then_some(Event::InlineHtml(CowStr::Borrowed("</a>"))),
        other => Some(other),
    });
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

fn is_safe(url: &str) -> bool {
    let url = url.trim_start().to_ascii_lowercase();
    SAFE_SCHEMES.iter().any(|scheme| url.starts_with(scheme))
}

fn anchor(url: &str, title: &str) -> CowStr<'static> {
    let title = if title.is_empty() {
        String::new()
    } else {
        format!(" title=\"{}\"", escape_html(title))
    };
    format!("<a href=\"{}\"{title} rel=\"nofollow noopener\">", escape_html(url)).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_renders_to_html() {
        assert_eq!(
            to_html("Some **bold** and ~~old~~ text"),
            "<p>Some <strong>bold</strong> and <del>old</del> text</p>\n"
        );
    }

    #[test]
    fn raw_html_is_shown_as_text() {
        assert_eq!(
            to_html("<script>alert(1)</script>"),
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"
        );
        assert_eq!(
            to_html("Hi <b onclick=\"x()\">there</b>"),
            "<p>Hi &lt;b onclick=\"x()\"&gt;there&lt;/b&gt;</p>\n"
        );
        let image = to_html("<img src=x onerror=alert(1)>");
        assert!(!image.contains("<img"), "{image}");
        assert!(image.contains("&lt;img src=x onerror=alert(1)&gt;"), "{image}");
    }

    #[test]
    fn links_to_the_web_and_email_are_kept_and_marked_nofollow() {
        assert_eq!(
            to_html("[site](https://example.org/a?b=1&c=\"2\" \"A title\")"),
            "<p><a href=\"https://example.org/a?b=1&amp;c=&quot;2&quot;\" title=\"A title\" rel=\"nofollow noopener\">site</a></p>\n",
        );
        assert_eq!(
            to_html("<mailto:hello@example.org>"),
            "<p><a href=\"mailto:hello@example.org\" rel=\"nofollow noopener\">mailto:hello@example.org</a></p>\n"
        );
    }

    #[test]
    fn other_links_become_plain_text() {
        assert_eq!(to_html("[x](javascript:alert(1))"), "<p>x</p>\n");
        assert_eq!(to_html("[x](JavaScript:alert(1))"), "<p>x</p>\n");
        assert_eq!(to_html("[x](data:text/html;base64,PHNjcmlwdD4=)"), "<p>x</p>\n");
        assert_eq!(to_html("[x](/relative)"), "<p>x</p>\n");
    }

    #[test]
    fn images_are_dropped_and_their_alt_text_kept() {
        assert_eq!(to_html("![A diagram](https://example.org/d.png)"), "<p>A diagram</p>\n");
        assert_eq!(
            to_html("[![logo](https://x.test/l.png)](https://x.test)"),
            "<p><a href=\"https://x.test\" rel=\"nofollow noopener\">logo</a></p>\n"
        );
    }
}
