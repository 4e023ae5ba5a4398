//! Sponsor logo uploads: PNGs are decoded within limits and written again from their pixels (`png_logo`); SVGs
//! are rebuilt from a whitelist so that nothing active (scripts, event handlers, links, external resources,
//! animations) survives.

mod checks;
mod png_logo;

use std::collections::HashSet;
use std::sync::LazyLock;

use roxmltree::{Attribute, Document, Node, ParsingOptions};

pub use checks::LogoError;
use checks::{SVG_NS, check_size};
use png_logo::rebuild_png;

// Vectors have no pixel size, only units; this only rejects nonsense that would break page layout.
const SVG_MAX_SIDE: u32 = 100_000;
const NODES_LIMIT: u32 = 100_000;
// Far above what drawing programs write: Illustrator puts some 25 attributes on its root and declares 15 namespaces.
const MAX_ATTRIBUTES: usize = 64;
const MAX_NAMESPACE_DECLARATIONS: usize = 100;
// Entities may not grow a document by more than the upload limit itself.
const MAX_ENTITY_EXPANSION: usize = 1 << 20;

const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

// Sets, because every element and attribute of an upload is looked up. `switch` is harmless once its conditional
// attributes are gone, and Illustrator wraps whole drawings in one.
static ELEMENTS: LazyLock<HashSet<&str>> = LazyLock::new(|| {
    words(
        "svg g defs title desc path rect circle ellipse line polyline polygon text tspan linearGradient \
         radialGradient stop clipPath mask pattern symbol use style switch",
    )
});
static ATTRIBUTES: LazyLock<HashSet<&str>> = LazyLock::new(|| {
    words(
        "id class style version d x y x1 y1 x2 y2 cx cy r rx ry fx fy fr dx dy rotate width height viewBox \
         preserveAspectRatio points pathLength transform fill fill-opacity fill-rule stroke stroke-width \
         stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset \
         opacity clip-path clip-rule clipPathUnits mask maskUnits maskContentUnits offset stop-color stop-opacity \
         gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform \
         font-family font-size font-weight font-style font-variant font-stretch text-anchor dominant-baseline \
         alignment-baseline baseline-shift letter-spacing word-spacing text-decoration textLength lengthAdjust \
         visibility display color overflow vector-effect shape-rendering text-rendering color-interpolation \
         paint-order mix-blend-mode isolation",
    )
});
// Escapes are refused outright because they can spell any of the others; `image()`, `image-set()` and `src()` take
// URLs as plain strings.
const FORBIDDEN_CSS: &str = "\\ @import expression( javascript: behavior -moz-binding image( image-set( src(";

fn words(list: &'static str) -> HashSet<&'static str> {
    list.split_ascii_whitespace().collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoFormat {
    Svg,
    Png,
}

impl LogoFormat {
    pub fn content_type(&self) -> &'static str {
        match self {
            LogoFormat::Svg => "image/svg+xml",
            LogoFormat::Png => "image/png",
        }
    }

    pub fn extension(&self) -> &'static str {
        match self {
            LogoFormat::Svg => "svg",
            LogoFormat::Png => "png",
        }
    }

    /// Reads a `Content-Type` value: the media type in any case, parameters such as `; charset=utf-8` ignored.
    pub fn parse(content_type: &str) -> Option<Self> {
        let essence = content_type.split(';').next()?.trim();
        [LogoFormat::Svg, LogoFormat::Png]
            .into_iter()
            .find(|f| essence.eq_ignore_ascii_case(f.content_type()))
    }
}

/// A logo that is safe to serve as `format`.
#[derive(Debug, Clone)]
pub struct Logo {
    pub format: LogoFormat,
    /// A PNG written again from its decoded pixels; an SVG as rebuilt.
    pub bytes: Vec<u8>,
    /// The intrinsic size in CSS pixels (an SVG's from its viewBox, else its width and height), at least 1.
    pub width: u32,
    pub height: u32,
}

/// Checks an upload's structure and size; writes a PNG again from its decoded pixels, and rebuilds an SVG with
/// only inert drawing content. Each error but `Encoding` tells the sponsor what to change.
pub fn inspect(format: LogoFormat, bytes: &[u8]) -> Result<Logo, LogoError> {
    let (bytes, (width, height)) = match format {
        LogoFormat::Png => {
            let png = rebuild_png(bytes)?;
            (png.bytes, (png.width, png.height))
        }
        LogoFormat::Svg => {
            let (svg, w, h) = sanitize_svg(bytes)?;
            (svg.into_bytes(), check_size(w, h, 0, SVG_MAX_SIDE)?)
        }
    };
    Ok(Logo {
        format,
        bytes,
        width,
        height,
    })
}

fn sanitize_svg(bytes: &[u8]) -> Result<(String, f64, f64), LogoError> {
    let text = std::str::from_utf8(bytes).map_err(|_| LogoError::UnreadableSvg("it is not UTF-8 text".into()))?;
    check_complexity(text)?;
    // roxmltree only knows the entities declared literally in the DOCTYPE (it expands no parameter entities).
    if text.contains("<!ENTITY") {
        check_entity_expansion(text)?;
    }
    let doc = parse_xml(text)?;
    let root = doc.root_element();
    if root.tag_name().namespace() != Some(SVG_NS) || root.tag_name().name() != "svg" {
        return Err(LogoError::NotSvg);
    }
    let (width, height) = svg_size(root).ok_or(LogoError::NoSize)?;
    let mut writer = Writer::default();
    writer.write(root);
    // Only now is it known whether an `xlink:href` survived, so the declarations go into the finished root tag.
    let xlink = if writer.xlink {
        format!(" xmlns:xlink=\"{XLINK_NS}\"")
    } else {
        String::new()
    };
    Ok((
        writer
            .out
            .replacen("<svg", &format!("<svg xmlns=\"{SVG_NS}\"{xlink}"), 1),
        width,
        height,
    ))
}

fn parse_xml(text: &str) -> Result<Document<'_>, LogoError> {
    // Reading files or URLs named by the upload (XXE) is never acceptable, even when the entity goes unused.
    fn refuse_external<'a>(_: Option<&str>, _: &str) -> Result<Option<&'a str>, String> {
        Err("external entity".into())
    }
    // A DTD is allowed because editors emit `<!DOCTYPE svg PUBLIC …>` routinely; roxmltree never fetches it.
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: NODES_LIMIT,
        entity_resolver: Some(&refuse_external),
    };
    Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::EntityResolver(..) => LogoError::ExternalEntity,
        roxmltree::Error::EntityReferenceLoop(_) => LogoError::EntityExpansion,
        roxmltree::Error::NodesLimitReached => LogoError::TooComplex,
        e => LogoError::UnreadableSvg(e.to_string()),
    })
}

/// roxmltree compares each attribute of an element with the others, and copies the namespaces in scope into every
/// element that declares one: quadratic, minutes of CPU for a 1 MB upload (RazrFalcon/roxmltree#153).
fn check_complexity(text: &str) -> Result<(), LogoError> {
    let most_attributes = text.split('<').map(attribute_count).max().unwrap_or(0);
    if most_attributes > MAX_ATTRIBUTES || text.matches("xmlns").count() > MAX_NAMESPACE_DECLARATIONS {
        return Err(LogoError::TooComplex);
    }
    Ok(())
}

/// At least the number of attributes of the start tag `tag` begins with: each has one `=` outside quotes before the
/// closing `>`. A tag never spans a `<`, which attribute values cannot contain, even through entities.
fn attribute_count(tag: &str) -> usize {
    // Comments, declarations and end tags have no attributes, but comments like `<!-- ===… -->` do have `=`.
    if tag.starts_with(['!', '?', '/']) {
        return 0;
    }
    let (mut quote, mut count) = (None, 0);
    for byte in tag.bytes() {
        match (quote, byte) {
            (None, b'>') => break,
            (None, b'=') => count += 1,
            (None, b'"' | b'\'') => quote = Some(byte),
            (Some(open), _) if open == byte => quote = None,
            _ => {}
        }
    }
    count
}

/// roxmltree stops billion laughs (at most 255 nested references per reference in the document) but not many
/// references to one long entity: 8 kB of DOCTYPE expands to a gigabyte. Every entity value lies inside the
/// DOCTYPE, and a reference expands at most 256 of them (itself and 255 nested), so references × 256 × DOCTYPE
/// length bounds the expansion before anything is expanded.
fn check_entity_expansion(text: &str) -> Result<(), LogoError> {
    // Let roxmltree itself find where the DOCTYPE ends, in a copy where nothing can expand ('_' is as long as '&').
    let prolog_len = parse_xml(&text.replace('&', "_"))?.root_element().range().start;
    let (prolog, body) = text.split_at_checked(prolog_len).ok_or(LogoError::EntityExpansion)?;
    let per_reference = if references(prolog) > 0 { 256 } else { 1 };
    if references(body)
        .saturating_mul(per_reference)
        .saturating_mul(prolog_len)
        > MAX_ENTITY_EXPANSION
    {
        return Err(LogoError::EntityExpansion);
    }
    Ok(())
}

/// Counts possible references to declared entities; character references and the predefined five never expand.
fn references(text: &str) -> usize {
    const PREDEFINED: [&str; 5] = ["amp;", "lt;", "gt;", "quot;", "apos;"];
    text.split('&')
        .skip(1)
        .filter(|r| !r.starts_with('#') && !PREDEFINED.iter().any(|p| r.starts_with(p)))
        .count()
}

/// The size in CSS px, from the viewBox if there is one, else from absolute width and height.
fn svg_size(root: Node) -> Option<(f64, f64)> {
    let (width, height) = match root.attribute("viewBox") {
        Some(view_box) => {
            let numbers = view_box.split([' ', '\t', '\n', '\r', ',']).filter(|n| !n.is_empty());
            match numbers
                .map(str::parse)
                .collect::<Result<Vec<f64>, _>>()
                .ok()?
                .as_slice()
            {
                &[_, _, width, height] => (width, height),
                _ => return None,
            }
        }
        None => (css_px(root.attribute("width")?)?, css_px(root.attribute("height")?)?),
    };
    (width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0).then_some((width, height))
}

fn css_px(length: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 6] = [
        ("px", 1.0),
        ("pt", 96.0 / 72.0),
        ("pc", 16.0),
        ("in", 96.0),
        ("cm", 96.0 / 2.54),
        ("mm", 96.0 / 25.4),
    ];
    let length = length.trim();
    let (number, scale) = UNITS
        .iter()
        .find_map(|&(unit, scale)| Some((length.strip_suffix(unit)?, scale)))
        .unwrap_or((length, 1.0));
    number.trim_end().parse::<f64>().ok().map(|n| n * scale)
}

/// Browsers parse presentation attributes as CSS too, so every kept attribute value gets this check.
fn is_safe_css(css: &str) -> bool {
    let css = css.to_ascii_lowercase();
    !FORBIDDEN_CSS
        .split_ascii_whitespace()
        .any(|forbidden| css.contains(forbidden))
        && (css.split("url(").skip(1)).all(|arg| {
            arg.trim_start_matches([' ', '\t', '\n', '\r', '\'', '"'])
                .starts_with('#')
        })
}

enum Policy {
    Keep(&'static str),
    // A link cannot be followed from an <img>, but the drawing inside it is part of the logo.
    Unwrap,
    Drop,
}

fn policy(node: Node) -> Policy {
    let name = node.tag_name();
    match (name.namespace(), name.name()) {
        (Some(SVG_NS), "a") => Policy::Unwrap,
        (Some(SVG_NS), local) => ELEMENTS.get(local).map_or(Policy::Drop, |&e| Policy::Keep(e)),
        _ => Policy::Drop,
    }
}

#[derive(Default)]
struct Writer {
    out: String,
    xlink: bool,
}

impl Writer {
    /// Walks with an explicit stack: uploads can nest elements deeper than a thread's stack allows recursion.
    fn write(&mut self, root: Node) {
        enum Step<'a, 'input> {
            Open(Node<'a, 'input>),
            Close(&'static str),
        }
        let mut stack = vec![Step::Open(root)];
        while let Some(step) = stack.pop() {
            let node = match step {
                Step::Open(node) => node,
                Step::Close(name) => {
                    self.out.extend(["</", name, ">"]);
                    continue;
                }
            };
            if node.is_text() {
                escape(node.text().unwrap_or_default(), &mut self.out);
            }
            if !node.is_element() {
                continue;
            }
            match policy(node) {
                Policy::Drop => {}
                Policy::Keep("style") => self.style(node),
                Policy::Keep(name) => {
                    self.start_tag(name, node);
                    stack.push(Step::Close(name));
                    stack.extend(node.children().rev().map(Step::Open));
                }
                Policy::Unwrap => stack.extend(node.children().rev().map(Step::Open)),
            }
        }
    }

    fn style(&mut self, node: Node) {
        // Dropped comments or elements would join the text around them, so check exactly the text that is written.
        if node.children().any(|c| c.is_element()) {
            return;
        }
        let css: String = node.children().filter(Node::is_text).filter_map(|c| c.text()).collect();
        if is_safe_css(&css) {
            self.start_tag("style", node);
            escape(&css, &mut self.out);
            self.out.push_str("</style>");
        }
    }

    fn start_tag(&mut self, name: &'static str, node: Node) {
        self.out.extend(["<", name]);
        for attr in node.attributes() {
            let Some(attr_name) = attribute_name(name, &attr) else {
                continue;
            };
            let value = attr.value();
            if !is_safe_css(value) || (attr_name.ends_with("href") && !value.starts_with('#')) {
                continue;
            }
            self.xlink |= attr_name == "xlink:href";
            self.out.extend([" ", attr_name, "=\""]);
            escape(value, &mut self.out);
            self.out.push('"');
        }
        self.out.push('>');
    }
}

/// The name to write an attribute under, if the element may keep it; event handlers are never on the list.
fn attribute_name(element: &str, attr: &Attribute) -> Option<&'static str> {
    // The only elements whose `href` names something to draw; it must stay inside the document.
    let linking = matches!(element, "use" | "linearGradient" | "radialGradient" | "pattern");
    match (attr.namespace(), attr.name()) {
        (None, "href") if linking => Some("href"),
        (Some(XLINK_NS), "href") if linking => Some("xlink:href"),
        (Some(XML_NS), "space") => Some("xml:space"),
        (None, name) => ATTRIBUTES.get(name).copied(),
        _ => None,
    }
}

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN: &str =
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 200">"#;

    fn svg(body: &str) -> String {
        format!(r#"{OPEN}{body}<rect id="kept" width="10" height="10"/></svg>"#)
    }

    fn sanitized(document: &str) -> String {
        let logo = inspect(LogoFormat::Svg, document.as_bytes()).expect("a sanitizable SVG");
        String::from_utf8(logo.bytes).expect("UTF-8 output")
    }

    /// The output must be plain well-formed XML (no DOCTYPE) with nothing active or external left in it.
    fn assert_inert(out: &str) {
        Document::parse(out).unwrap_or_else(|e| panic!("output does not parse ({e}): {out}"));
        let body = out
            .replace(&format!("xmlns=\"{SVG_NS}\""), "")
            .replace(&format!("xmlns:xlink=\"{XLINK_NS}\""), "");
        for needle in [
            "<script",
            "onload",
            "onclick",
            "javascript:",
            "http://",
            "https://",
            "file:",
            "data:",
            "<!ENTITY",
            "<!DOCTYPE",
            "foreignObject",
            "<image",
            "@import",
            "<animate",
            "<set",
            "evil",
        ] {
            assert!(!body.contains(needle), "{needle:?} survived in {out}");
        }
    }

    #[test]
    fn content_types() {
        assert_eq!(LogoFormat::parse("image/svg+xml"), Some(LogoFormat::Svg));
        assert_eq!(LogoFormat::parse("IMAGE/SVG+XML; charset=utf-8"), Some(LogoFormat::Svg));
        assert_eq!(LogoFormat::parse(" image/PNG ;q=1"), Some(LogoFormat::Png));
        for other in [
            "",
            "image/jpeg",
            "image/svg",
            "text/xml",
            "image/png+zip",
            "image/svg+xml2",
        ] {
            assert_eq!(LogoFormat::parse(other), None, "{other}");
        }
        for format in [LogoFormat::Svg, LogoFormat::Png] {
            assert_eq!(LogoFormat::parse(format.content_type()), Some(format));
        }
        assert_eq!(
            (LogoFormat::Svg.extension(), LogoFormat::Png.extension()),
            ("svg", "png")
        );
    }

    #[test]
    fn harmless_logo_survives() {
        let out = sanitized(&svg(concat!(
            r##"<title>ACME &amp; Co</title><defs><linearGradient id="g" x2="1"><stop offset="0" stop-color="#f00"/>"##,
            r##"</linearGradient></defs><style>.a{fill:url(#g)}</style><g class="a" transform="translate(1 2)">"##,
            r##"<path d="M0 0L10 10Z" fill="url(#g)" style="stroke:#000"/><circle id="c" cx="5" cy="5" r="4"/>"##,
            r##"<use xlink:href="#c" x="20"/><use href="#c"/><text xml:space="preserve">a &lt; "b"</text></g>"##,
        )));
        assert_inert(&out);
        for expected in [
            &format!(r#"<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" viewBox="0 0 600 200">"#),
            "<title>ACME &amp; Co</title>",
            r##"<stop offset="0" stop-color="#f00">"##,
            "<style>.a{fill:url(#g)}</style>",
            r#"<path d="M0 0L10 10Z" fill="url(#g)" style="stroke:#000">"#,
            r##"<use xlink:href="#c" x="20">"##,
            r##"<use href="#c">"##,
            r#"<text xml:space="preserve">a &lt; &quot;b&quot;</text>"#,
            r#"id="kept""#,
        ] {
            assert!(out.contains(expected), "{expected} missing from {out}");
        }
    }

    #[test]
    fn active_and_external_content_is_removed() {
        let attacks = [
            "<script>alert(1)</script>",
            "<script><![CDATA[alert(1)]]></script>",
            r#"<script xlink:href="https://evil.test/x.js"/>"#,
            r#"<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>"#,
            r#"<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>"#,
            r#"<rect width="5" height="5" onload="alert(1)" onclick="alert(2)" onmouseover="alert(3)"/>"#,
            r#"<a href="javascript:alert(1)"><rect width="5" height="5"/></a>"#,
            r#"<a xlink:href="javascript:alert(1)"><a href="https://evil.test">text</a></a>"#,
            r#"<use href="https://evil.test/sprite.svg#a"/><use xlink:href="file:///etc/passwd#a"/>"#,
            r#"<use xlink:href="other.svg#a"/><use xlink:href=" javascript:alert(1)"/>"#,
            r#"<linearGradient id="x" xlink:href="http://evil.test/g.svg#g"/><pattern href="//evil.test/p"/>"#,
            r##"<rect xlink:href="#fine-but-not-on-rect" width="5" height="5"/>"##,
            r#"<image href="https://evil.test/track.png"/><image xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>"#,
            r#"<rect style="fill:url(http://evil.test/x)" fill="url(https://evil.test/#x)" width="5" height="5"/>"#,
            r#"<rect fill="URL( 'http://evil.test/x' )" stroke="url(#ok) url(data:x)"/>"#,
            r#"<rect mask="url(/**/'//evil.test')" clip-path="url(//evil.test#x)"/>"#,
            r#"<rect style="background-image:image-set('https://evil.test/a.png' 1x)" fill="u\72l(//evil.test)"/>"#,
            r#"<rect style="behavior:url(#x);-moz-binding:url(#y);width:expression(alert(1))"/>"#,
            "<style>@import url(http://evil.test/x.css);</style>",
            r#"<style>@import "https://evil.test/x.css";</style><style>rect{fill:url(https://evil.test)}</style>"#,
            r#"<style>@\69mport "//evil.test/x.css";</style><style>@im<!-- joins -->port "//evil.test";</style>"#,
            "<style>@font-face{src:url(//evil.test/f.woff)}</style><style><g/>@import 'x';</style>",
            r#"<foreignObject width="9" height="9"><body xmlns="http://www.w3.org/1999/xhtml">
                <iframe src="https://evil.test"/><script>alert(1)</script></body></foreignObject>"#,
            r#"<a><animate attributeName="href" to="javascript:alert(1)"/><text>click</text></a>"#,
            r#"<set attributeName="onclick" to="alert(1)"/><animateTransform attributeName="transform"/>"#,
            r#"<rect width="5" height="5"><animate attributeName="xlink:href" values="javascript:alert(1)"/></rect>"#,
            r#"<iframe src="https://evil.test"/><!-- https://evil.test --><?xml-stylesheet href="https://evil.test"?>"#,
        ];
        for attack in attacks {
            let out = sanitized(&svg(attack));
            assert_inert(&out);
            assert!(
                out.contains(r#"<rect id="kept""#),
                "the harmless rest went missing: {out}"
            );
        }
        let kept = sanitized(&svg(
            r#"<a href="javascript:alert(1)"><rect id="inner" width="5" height="5"/></a>"#,
        ));
        assert!(
            kept.contains(r#"<rect id="inner" width="5" height="5">"#),
            "a link's drawing is kept: {kept}"
        );
    }

    #[test]
    fn internal_entities_are_expanded_then_sanitized() {
        let document = concat!(
            r#"<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN""#,
            r#" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [<!ENTITY ns_svg "http://www.w3.org/2000/svg">"#,
            r#"<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">"#,
            r##"<!ENTITY script "<script>alert(1)</script>"><!ENTITY js "javascript:alert(1)">"##,
            r##"<!ENTITY fill "#123456">"##,
            r#"]><svg xmlns="&ns_svg;" xmlns:i="&ns_ai;" viewBox="0 0 300 100"><switch>"#,
            r#"<foreignObject requiredExtensions="&ns_ai;"><i:pgf>opaque</i:pgf></foreignObject>"#,
            r#"<g i:extraneous="self">&script;<a href="&js;"><rect fill="&fill;"/></a></g></switch></svg>"#,
        );
        let out = sanitized(document);
        assert_inert(&out);
        assert!(
            out.contains(r##"<switch><g><rect fill="#123456"></rect></g></switch>"##),
            "{out}"
        );
    }

    fn svg_error(document: &str) -> LogoError {
        inspect(LogoFormat::Svg, document.as_bytes()).expect_err("a refused SVG")
    }

    #[test]
    fn entity_abuse_is_refused() {
        let mut laughs = String::from(r#"<!DOCTYPE svg [<!ENTITY l0 "lol">"#);
        for i in 1..10 {
            laughs += &format!(r#"<!ENTITY l{i} "{}">"#, format!("&l{};", i - 1).repeat(10));
        }
        laughs += &format!("]>{OPEN}<text>&l9;</text></svg>");
        assert!(matches!(svg_error(&laughs), LogoError::EntityExpansion));

        // Within roxmltree's own limits, yet gigabytes once expanded.
        let long = format!(
            r#"<!DOCTYPE svg [<!ENTITY a "{}">]>{OPEN}<text>{}</text></svg>"#,
            "x".repeat(100_000),
            "&a;".repeat(100_000)
        );
        let nested = format!(
            r#"<!DOCTYPE svg [<!ENTITY a "{}"><!ENTITY b "{}">]>{OPEN}<text>{}</text></svg>"#,
            "x".repeat(4000),
            "&a;".repeat(255),
            "&b;".repeat(1000),
        );
        for bomb in [long, nested] {
            let error = svg_error(&bomb);
            assert!(matches!(error, LogoError::EntityExpansion), "{error}");
            assert!(error.to_string().contains("entities that expand too much"));
        }

        let external = [
            r#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>"#,
            r#"<!DOCTYPE svg [<!ENTITY x PUBLIC "-//X//EN" "https://evil.test/x.xml">]>"#,
            r#"<!DOCTYPE svg [<!ENTITY % p SYSTEM "https://evil.test/p.dtd"> %p;]>"#,
        ];
        for doctype in external {
            for body in ["<text>&x;</text>", ""] {
                let error = svg_error(&format!("{doctype}{OPEN}{body}</svg>"));
                assert!(matches!(error, LogoError::ExternalEntity), "{doctype}{body}: {error}");
                assert!(error.to_string().starts_with("The SVG uses an external entity"));
            }
        }
    }

    #[test]
    fn unreadable_or_foreign_documents_are_refused() {
        for broken in [
            &b"<svg xmlns='http://www.w3.org/2000/svg'><g></svg>"[..],
            b"\xff\xfe<\0s\0",
            b"",
            b"<svg",
        ] {
            let error = inspect(LogoFormat::Svg, broken).expect_err("malformed").to_string();
            assert!(error.starts_with("The SVG could not be read: "), "{error}");
        }
        assert!(
            svg_error("<svg>&undeclared;</svg>")
                .to_string()
                .contains("unknown entity reference")
        );
        for foreign in [
            "<svg viewBox='0 0 2 1'/>",
            "<html xmlns='http://www.w3.org/2000/svg'/>",
            "<x:svg xmlns:x='urn:x'/>",
        ] {
            assert!(matches!(svg_error(foreign), LogoError::NotSvg), "{foreign}");
        }
        // Each would take roxmltree minutes to parse.
        let attributes: String = (0..65).map(|i| format!(" a{i}=''")).collect();
        let namespaces: String = (0..100).map(|i| format!("<g xmlns:n{i}='urn:x'>")).collect();
        let deep = format!("{OPEN}{}{}</svg>", "<g>".repeat(200_000), "</g>".repeat(200_000));
        for complex in [svg(&format!("<g{attributes}/>")), svg(&namespaces), deep] {
            assert!(matches!(svg_error(&complex), LogoError::TooComplex));
        }
        assert!(inspect(LogoFormat::Svg, svg(&format!("<!--{}-->", "=".repeat(80))).as_bytes()).is_ok());
        // Quotes hide neither `=` nor `>`, and 64 attributes are fine.
        let quoted: String = (0..64).map(|i| format!(" a{i}='>=\"'")).collect();
        assert!(matches!(
            svg_error(&svg(&format!("<g{quoted} b=''/>"))),
            LogoError::TooComplex
        ));
        assert!(inspect(LogoFormat::Svg, svg(&format!("<g{quoted}/>")).as_bytes()).is_ok());
    }

    #[test]
    fn no_truncation_panics() {
        let document = format!(
            r#"<!DOCTYPE svg [<!ENTITY e "<g>&#60;é</g>">]>{}"#,
            svg("<text>&e;é</text>")
        );
        for end in 0..document.len() {
            let _ = inspect(LogoFormat::Svg, &document.as_bytes()[..end]);
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let deep = format!("{OPEN}{}<rect/>{}</svg>", "<g>".repeat(50_000), "</g>".repeat(50_000));
        assert_eq!(sanitized(&deep).matches("<g>").count(), 50_000);
    }

    #[test]
    fn svg_dimensions() {
        let size = |attributes: &str| {
            inspect(
                LogoFormat::Svg,
                format!("<svg xmlns='{SVG_NS}' {attributes}/>").as_bytes(),
            )
            .map(|logo| (logo.width, logo.height))
        };
        assert_eq!(
            size(r#"viewBox="0 0 24 8""#).ok(),
            Some((24, 8)),
            "vectors have no minimum size"
        );
        assert_eq!(
            size(r#"viewBox="-5,-5, 300.4,100" width="10" height="90""#).ok(),
            Some((300, 100))
        );
        assert_eq!(size(r#"width="600" height="200px""#).ok(), Some((600, 200)));
        assert_eq!(size(r#"width="1in" height="0.25in""#).ok(), Some((96, 24)));
        assert_eq!(size(r#"viewBox="0 0 0.4 0.2""#).ok(), Some((1, 1)));
        for no_size in [
            "",
            r#"width="100%" height="100%""#,
            r#"width="600""#,
            r#"width="10em" height="2em""#,
            r#"viewBox="0 0 600""#,
            r#"viewBox="0 0 -600 200""#,
            r#"viewBox="0 0 NaN 200""#,
            r#"viewBox="0 0 inf 1""#,
        ] {
            assert!(matches!(size(no_size), Err(LogoError::NoSize)), "{no_size}");
        }
        assert!(
            svg_error(&format!("<svg xmlns='{SVG_NS}'/>"))
                .to_string()
                .contains("viewBox=\"0 0 600 200\"")
        );
        assert!(matches!(
            size(r#"viewBox="0 0 700 100""#),
            Err(LogoError::Proportions {
                width: 700,
                height: 100
            })
        ));
        assert!(matches!(
            size(r#"viewBox="0 0 100 201""#),
            Err(LogoError::Proportions { .. })
        ));
        assert!(matches!(
            size(r#"viewBox="0 0 1e6 1e6""#),
            Err(LogoError::TooLarge { .. })
        ));
    }
}
