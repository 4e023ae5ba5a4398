//! Drawing on a PDF page for badges and certificates: DejaVu Sans embedded (so the text can be read back and
//! searched), text measured with `typography`, filled rectangles and QR codes as vector squares, which print sharp
//! at any size. Coordinates are PDF points from the page's top left.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, PxScale};
use krilla::Data;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use qrcode::QrCode;

use crate::embedded_fonts;
use crate::typography::{Sans, sans, text_width, wrap};

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("the embedded font cannot be read")]
    Font,
    #[error("the page size is invalid")]
    Page,
    #[error("the QR code cannot hold {0:?}")]
    Qr(String),
    #[error("the PDF could not be written: {0}")]
    Write(String),
}

pub type Colour = (u8, u8, u8);

pub const INK: Colour = (11, 27, 51);
pub const MUTED: Colour = (71, 85, 105);
pub const WHITE: Colour = (255, 255, 255);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// DejaVu Sans for krilla to embed, and the same faces measured.
pub struct Typeface {
    regular: Font,
    bold: Font,
    sans: &'static Sans,
}

pub fn typeface() -> Result<&'static Typeface, PdfError> {
    static TYPEFACE: OnceLock<Option<Typeface>> = OnceLock::new();
    TYPEFACE
        .get_or_init(|| {
            Some(Typeface {
                regular: Font::new(Data::from(embedded_fonts::regular()?), 0)?,
                bold: Font::new(Data::from(embedded_fonts::bold()?), 0)?,
                sans: sans()?,
            })
        })
        .as_ref()
        .ok_or(PdfError::Font)
}

impl Typeface {
    fn metrics(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.sans.regular,
            Weight::Bold => &self.sans.bold,
        }
    }

    /// The scale at which ab_glyph measures text set at `size` PDF points: `pt_to_px_scale` assumes a 96 dpi
    /// screen, where a PDF's point is a unit.
    fn scale(&self, size: f32, weight: Weight) -> PxScale {
        let metrics = self.metrics(weight);
        metrics
            .pt_to_px_scale(size * 72.0 / 96.0)
            .unwrap_or(PxScale::from(size))
    }

    /// The width of `text` at `size` points.
    pub fn width(&self, text: &str, size: f32, weight: Weight) -> f32 {
        text_width(self.metrics(weight), self.scale(size, weight), text)
    }

    /// `text` in lines no wider than `width`.
    pub fn lines(&self, text: &str, size: f32, weight: Weight, width: f32) -> Vec<String> {
        wrap(self.metrics(weight), self.scale(size, weight), text, width)
    }

    /// The largest size from `largest` down to `smallest` at which `text` fits in `lines` lines of `width`, and those
    /// lines; at the smallest size, what fits in `lines` lines.
    pub fn fit(
        &self,
        text: &str,
        weight: Weight,
        width: f32,
        lines: usize,
        largest: f32,
        smallest: f32,
    ) -> (f32, Vec<String>) {
        let mut size = largest;
        loop {
            let wrapped = self.lines(text, size, weight, width);
            if wrapped.len() <= lines || size <= smallest {
                return (size, wrapped.into_iter().take(lines).collect());
            }
            size = (size - 2.0).max(smallest);
        }
    }
}

fn fill((red, green, blue): Colour) -> Fill {
    Fill {
        paint: rgb::Color::new(red, green, blue).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

/// One page being drawn.
pub struct Canvas<'a, 'b> {
    pub surface: &'a mut Surface<'b>,
    pub type_: &'static Typeface,
}

impl Canvas<'_, '_> {
    /// `text` with its baseline at `y`, starting at `x`.
    pub fn text(&mut self, x: f32, y: f32, text: &str, size: f32, weight: Weight, colour: Colour) {
        self.surface.set_fill(Some(fill(colour)));
        let font = match weight {
            Weight::Regular => self.type_.regular.clone(),
            Weight::Bold => self.type_.bold.clone(),
        };
        self.surface
            .draw_text(Point::from_xy(x, y), font, size, text, false, TextDirection::Auto);
    }

    /// `text` centred on `centre`.
    pub fn centred(&mut self, centre: f32, y: f32, text: &str, size: f32, weight: Weight, colour: Colour) {
        let x = centre - self.type_.width(text, size, weight) / 2.0;
        self.text(x, y, text, size, weight, colour);
    }

    pub fn rectangle(&mut self, x: f32, y: f32, width: f32, height: f32, colour: Colour) {
        let Some(rect) = Rect::from_xywh(x, y, width, height) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        if let Some(path) = path.finish() {
            self.surface.set_fill(Some(fill(colour)));
            self.surface.draw_path(&path);
        }
    }

    /// The QR code of `text`, `side` points square with its top left at (`x`, `y`), quiet zone included.
    pub fn qr(&mut self, x: f32, y: f32, side: f32, text: &str) -> Result<(), PdfError> {
        // ISO/IEC 18004 asks for four blank modules around the code.
        const QUIET_ZONE: usize = 4;
        let code = QrCode::new(text.as_bytes()).map_err(|_| PdfError::Qr(text.to_owned()))?;
        let width = code.width();
        let module = side / (width + 2 * QUIET_ZONE) as f32;
        let mut path = PathBuilder::new();
        for (index, colour) in code.to_colors().into_iter().enumerate() {
            if colour == qrcode::Color::Dark {
                let (column, row) = ((index % width + QUIET_ZONE) as f32, (index / width + QUIET_ZONE) as f32);
                // A hair wider than a module, so neighbours touch without seams in any viewer.
                if let Some(rect) = Rect::from_xywh(x + column * module, y + row * module, module * 1.02, module * 1.02)
                {
                    path.push_rect(rect);
                }
            }
        }
        self.rectangle(x, y, side, side, WHITE);
        if let Some(path) = path.finish() {
            self.surface.set_fill(Some(fill((0, 0, 0))));
            self.surface.draw_path(&path);
        }
        Ok(())
    }
}
