//! An invoice's pages, drawn as text runs and rules, written as a PDF file: DejaVu Sans embedded as the subsets
//! `faces` keeps, Identity-H encoded, with each font's widths and a ToUnicode map of the glyphs drawn, so readers
//! place the text as shaped and copy and search it as written.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use flate2::Compression;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use super::faces::{Face, Subset, Typeface, Weight, deflate, typeface};
use super::shaping::Glyph;

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the embedded font cannot be read")]
    Font,
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

/// What a PDF's document information says.
pub(super) struct Info<'a> {
    pub(super) title: String,
    pub(super) author: &'a str,
}

/// A line of text on a page: where its baseline starts (from the page's top), and its glyphs.
struct Run {
    x: f32,
    y: f32,
    size: f32,
    weight: Weight,
    color: (u8, u8, u8),
    text: String,
    glyphs: Arc<[Glyph]>,
}

/// What a page shows, in the order it is drawn.
enum Shown {
    Text(Run),
    /// A filled rule: its left, top (from the page's top), width and colour.
    Rule {
        left: f32,
        top: f32,
        width: f32,
        color: (u8, u8, u8),
    },
}

/// A document being drawn: its pages' text shaped, before the fonts are chosen and the file written.
pub(super) struct Drawing {
    type_: &'static Typeface,
    height: f32,
    pages: Vec<Vec<Shown>>,
}

impl Drawing {
    /// `pages` empty pages `height` high.
    pub(super) fn new(height: f32, pages: usize) -> Result<Self, PdfError> {
        Ok(Self {
            type_: typeface().ok_or(PdfError::Font)?,
            height,
            pages: (0..pages).map(|_| Vec::new()).collect(),
        })
    }

    /// `text` on `page`, its baseline starting `at` (from the page's top left).
    pub(super) fn text(
        &mut self,
        page: usize,
        (x, y): (f32, f32),
        text: &str,
        size: f32,
        weight: Weight,
        color: (u8, u8, u8),
    ) {
        let glyphs = self.type_.face(weight).shaper.shape(text);
        self.show(
            page,
            Shown::Text(Run {
                x,
                y,
                size,
                weight,
                color,
                text: text.to_owned(),
                glyphs,
            }),
        );
    }

    /// A rule on `page`, `width` long from `left`, its top at `top` (from the page's top).
    pub(super) fn rule(&mut self, page: usize, (left, top): (f32, f32), width: f32, color: (u8, u8, u8)) {
        self.show(
            page,
            Shown::Rule {
                left,
                top,
                width,
                color,
            },
        );
    }

    /// Adds `shown` to `page`, which the layout counted.
    fn show(&mut self, page: usize, shown: Shown) {
        if let Some(page) = self.pages.get_mut(page) {
            page.push(shown);
        }
    }

    /// The PDF, its pages `width` by `height`, naming `info`.
    pub(super) fn finish(self, (width, height): (f32, f32), info: &Info<'_>) -> Result<Vec<u8>, PdfError> {
        let mut next = 0;
        let mut new_ref = || {
            next += 1;
            Ref::new(next)
        };
        let (catalog, tree, information) = (new_ref(), new_ref(), new_ref());
        let mut fonts = Vec::new();
        for weight in [Weight::Regular, Weight::Bold] {
            let used: BTreeSet<u16> = self
                .runs()
                .filter(|run| run.weight == weight)
                .flat_map(|run| run.glyphs.iter().map(|glyph| glyph.id))
                .collect();
            if !used.is_empty() {
                let face = self.type_.face(weight);
                let subset = face.subset(&used).ok_or(PdfError::Font)?;
                fonts.push(Embedded::new(weight, face, subset, &mut new_ref));
            }
        }
        let pages: Vec<(Ref, Ref)> = self.pages.iter().map(|_| (new_ref(), new_ref())).collect();

        let mut pdf = Pdf::new();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(pages.iter().map(|(page, _)| *page))
            .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
        pdf.document_info(information)
            .title(TextStr(&info.title))
            .author(TextStr(info.author))
            .creator(TextStr("The conference website"));
        for (shown, (page, contents)) in self.pages.iter().zip(&pages) {
            let stream = deflate_fast(&self.content(shown, &mut fonts))?;
            pdf.stream(*contents, &stream).filter(Filter::FlateDecode);
            let mut writer = pdf.page(*page);
            writer
                .parent(tree)
                .media_box(Rect::new(0.0, 0.0, width, height))
                .contents(*contents);
            let mut resources = writer.resources();
            let mut names = resources.fonts();
            for font in &fonts {
                names.pair(Name(font.resource.as_bytes()), font.ids.font);
            }
        }
        for font in &fonts {
            font.write(&mut pdf)?;
        }
        Ok(pdf.finish())
    }

    fn runs(&self) -> impl Iterator<Item = &Run> {
        self.pages.iter().flatten().filter_map(|shown| match shown {
            Shown::Text(run) => Some(run),
            Shown::Rule { .. } => None,
        })
    }

    /// A page's content stream, drawing `shown` with `fonts` (which learn the text their glyphs stand for).
    fn content(&self, shown: &[Shown], fonts: &mut [Embedded]) -> Vec<u8> {
        let mut content = Content::new();
        for item in shown {
            match item {
                Shown::Text(run) => {
                    if let Some(font) = fonts.iter_mut().find(|font| font.weight == run.weight) {
                        set_fill(&mut content, run.color);
                        font.show(&mut content, run, self.height);
                    }
                }
                Shown::Rule {
                    left,
                    top,
                    width,
                    color,
                } => {
                    const THICKNESS: f32 = 0.75;
                    set_fill(&mut content, *color);
                    content.rect(*left, self.height - top - THICKNESS, *width, THICKNESS);
                    content.fill_nonzero();
                }
            }
        }
        content.finish().into_vec()
    }
}

fn set_fill(content: &mut Content, (red, green, blue): (u8, u8, u8)) {
    let channel = |value: u8| f32::from(value) / 255.0;
    content.set_fill_rgb(channel(red), channel(green), channel(blue));
}

/// A stream made anew for every PDF, deflated fast: a few kilobytes of text.
fn deflate_fast(bytes: &[u8]) -> Result<Vec<u8>, PdfError> {
    deflate(bytes, Compression::fast()).ok_or_else(|| PdfError::Write("a stream could not be deflated".to_owned()))
}

/// The objects of one embedded font.
struct FontIds {
    font: Ref,
    cid_font: Ref,
    descriptor: Ref,
    program: Ref,
    to_unicode: Ref,
}

/// A weight of the face as one document embeds it: a subset, and the text each of its glyphs stands for.
struct Embedded {
    weight: Weight,
    face: &'static Face,
    subset: Arc<Subset>,
    /// The name the pages' resources give it.
    resource: &'static str,
    ids: FontIds,
    /// The subset's glyphs drawn, whose widths the PDF gives.
    drawn: BTreeSet<u16>,
    /// The text of each glyph drawn, by the subset's glyph id: what a reader copies or searches for.
    text: BTreeMap<u16, String>,
}

impl Embedded {
    fn new(weight: Weight, face: &'static Face, subset: Arc<Subset>, new_ref: &mut impl FnMut() -> Ref) -> Self {
        Self {
            weight,
            face,
            subset,
            resource: match weight {
                Weight::Regular => "F0",
                Weight::Bold => "F1",
            },
            ids: FontIds {
                font: new_ref(),
                cid_font: new_ref(),
                descriptor: new_ref(),
                program: new_ref(),
                to_unicode: new_ref(),
            },
            drawn: BTreeSet::new(),
            text: BTreeMap::new(),
        }
    }

    /// Draws `run` on a page `height` high.
    ///
    /// Each glyph is written as its id in the subset, two bytes (the font is Identity-H encoded), with the
    /// difference between its shaped advance and its width in the font as kerning after it; a glyph the shaping
    /// moved off its place is drawn at its own position. A run whose glyphs the font's ToUnicode map cannot tell
    /// (a glyph drawn for several characters with others, or standing for other text elsewhere) is marked with its
    /// text as the text to copy.
    fn show(&mut self, content: &mut Content, run: &Run, height: f32) {
        let told = self.learn(run);
        if !told {
            content
                .begin_marked_content_with_properties(Name(b"Span"))
                .properties()
                .actual_text(TextStr(&run.text));
        }
        content.begin_text();
        content.set_font(Name(self.resource.as_bytes()), run.size);
        let baseline = height - run.y;
        let moved = |glyph: &Glyph| glyph.x_offset != 0.0 || glyph.y_offset != 0.0;
        let mut pen = run.x;
        let mut rest = &run.glyphs[..];
        while let Some(first) = rest.first() {
            let (glyphs, after) = if moved(first) {
                rest.split_at(1)
            } else {
                rest.split_at(rest.iter().position(moved).unwrap_or(rest.len()))
            };
            let (x, y) = (pen + first.x_offset * run.size, baseline + first.y_offset * run.size);
            content.set_text_matrix([1.0, 0.0, 0.0, 1.0, x, y]);
            let mut positioned = content.show_positioned();
            let mut items = positioned.items();
            let mut codes = Vec::with_capacity(2 * glyphs.len());
            for glyph in glyphs {
                let id = self.subset.glyph(glyph.id).unwrap_or(0);
                self.drawn.insert(id);
                codes.extend(id.to_be_bytes());
                let width = self.subset.widths.get(usize::from(id)).copied().unwrap_or(0.0);
                let kerning = width - glyph.x_advance * 1000.0;
                if kerning.abs() > 0.001 {
                    items.show(Str(&codes));
                    items.adjust(kerning);
                    codes.clear();
                }
                pen += glyph.x_advance * run.size;
            }
            if !codes.is_empty() {
                items.show(Str(&codes));
            }
            items.finish();
            positioned.finish();
            rest = after;
        }
        content.end_text();
        if !told {
            content.end_marked_content();
        }
    }

    /// Keeps the text of `run`'s glyphs; answers whether the ToUnicode map then tells the run's text.
    fn learn(&mut self, run: &Run) -> bool {
        let mut told = true;
        for (index, glyph) in run.glyphs.iter().enumerate() {
            let same_cluster = |other: Option<&Glyph>| other.is_some_and(|other| other.text == glyph.text);
            let before = index.checked_sub(1).and_then(|before| run.glyphs.get(before));
            let text = run.text.get(glyph.text.clone()).filter(|text| !text.is_empty());
            let id = self.subset.glyph(glyph.id);
            let (Some(text), Some(id), false) = (
                text,
                id,
                same_cluster(before) || same_cluster(run.glyphs.get(index + 1)),
            ) else {
                told = false;
                continue;
            };
            match self.text.get(&id) {
                Some(known) => told &= known == text,
                None => {
                    self.text.insert(id, text.to_owned());
                }
            }
        }
        told
    }

    fn write(&self, pdf: &mut Pdf) -> Result<(), PdfError> {
        let ids = &self.ids;
        let name = format!("{}+{}", self.subset.tag, self.face.name);
        pdf.type0_font(ids.font)
            .base_font(Name(name.as_bytes()))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(ids.cid_font)
            .to_unicode(ids.to_unicode);
        let system = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        let mut cid_font = pdf.cid_font(ids.cid_font);
        cid_font
            .subtype(CidFontType::Type2)
            .base_font(Name(name.as_bytes()))
            .system_info(system)
            .font_descriptor(ids.descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let mut widths = cid_font.widths();
        let mut drawn = self.drawn.iter().copied().peekable();
        while let Some(first) = drawn.next() {
            let mut last = first;
            while let Some(next) = drawn.next_if(|next| *next == last + 1) {
                last = next;
            }
            let run = self.subset.widths.get(usize::from(first)..=usize::from(last));
            widths.consecutive(first, run.unwrap_or_default().iter().copied());
        }
        widths.finish();
        cid_font.finish();
        let metrics = &self.face.metrics;
        let [left, bottom, right, top] = metrics.bounds;
        pdf.font_descriptor(ids.descriptor)
            .name(Name(name.as_bytes()))
            .flags(FontFlags::SYMBOLIC)
            .bbox(Rect::new(left, bottom, right, top))
            .italic_angle(0.0)
            .ascent(metrics.ascent)
            .descent(metrics.descent)
            .cap_height(metrics.cap_height)
            .stem_v(metrics.stem_v)
            .font_file2(ids.program);
        pdf.stream(ids.program, &self.subset.program)
            .filter(Filter::FlateDecode);
        let mut to_unicode = UnicodeCmap::new(Name(b"Custom"), system);
        for (id, text) in &self.text {
            to_unicode.pair_with_multiple(*id, text.chars());
        }
        let to_unicode = deflate_fast(&to_unicode.finish().into_vec())?;
        let mut cmap = pdf.cmap(ids.to_unicode, &to_unicode);
        cmap.system_info(system);
        cmap.filter(Filter::FlateDecode);
        Ok(())
    }
}
