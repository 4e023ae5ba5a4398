//! Images drawn by the server: the 1200×630 picture link previews show (the event's name,
//! dates and place on the site's sunset), and the PNG icons home screens ask for (the favicon's
//! design). Drawn from the event file, they can never disagree with it.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Paint, PathBuilder, Pixmap, Point, RadialGradient, Rect, SpreadMode,
    Transform,
};

use crate::event::Event;
use crate::typography;

pub const SHARE_IMAGE_WIDTH: u32 = 1200;
pub const SHARE_IMAGE_HEIGHT: u32 = 630;

const NIGHT: (u8, u8, u8) = (0x0b, 0x1b, 0x33);
const SECONDARY: (u8, u8, u8) = (0x0e, 0x74, 0x90);
const OCEAN: (u8, u8, u8) = (0x22, 0xb8, 0xcf);
const SUNSET: (u8, u8, u8) = (0xf9, 0x73, 0x62);
const PRIMARY: (u8, u8, u8) = (0xc2, 0x41, 0x0c);
const GOLD: (u8, u8, u8) = (0xfc, 0xd3, 0x4d);
const SAND: (u8, u8, u8) = (0xf6, 0xe7, 0xcb);
const WHITE: (u8, u8, u8) = (0xf8, 0xfa, 0xfc);

#[derive(Debug, thiserror::Error)]
pub enum ArtworkError {
    #[error("cannot make a {0}×{1} image")]
    Size(u32, u32),
    #[error("cannot read the embedded font")]
    Font,
    #[error("cannot encode the PNG: {0}")]
    Png(String),
}

fn color((r, g, b): (u8, u8, u8), alpha: f32) -> Color {
    Color::from_rgba8(r, g, b, (alpha * 255.0).round() as u8)
}

fn paint(shader: tiny_skia::Shader<'static>) -> Paint<'static> {
    Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    }
}

fn solid(rgb: (u8, u8, u8), alpha: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(rgb, alpha));
    paint.anti_alias = true;
    paint
}

fn vertical(top: f32, bottom: f32, stops: Vec<GradientStop>) -> Paint<'static> {
    let shader = LinearGradient::new(
        Point::from_xy(0.0, top),
        Point::from_xy(0.0, bottom),
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(tiny_skia::Shader::SolidColor(Color::BLACK));
    paint(shader)
}

/// A wave like the site's (hero and favicon): crests `length` apart, `height` tall, filled to the bottom.
fn wave(width: f32, bottom: f32, level: f32, length: f32, height: f32) -> Option<tiny_skia::Path> {
    let mut path = PathBuilder::new();
    path.move_to(0.0, level);
    let mut x = 0.0;
    while x < width {
        path.quad_to(x + length / 4.0, level - height, x + length / 2.0, level);
        path.quad_to(x + length * 3.0 / 4.0, level + height, x + length, level);
        x += length;
    }
    path.line_to(x, bottom);
    path.line_to(0.0, bottom);
    path.close();
    path.finish()
}

fn circle(x: f32, y: f32, radius: f32) -> Option<tiny_skia::Path> {
    PathBuilder::from_circle(x, y, radius)
}

/// The favicon's design at `size` pixels square: a sun over two waves on a night tile.
pub fn icon(size: u32) -> Result<Vec<u8>, ArtworkError> {
    let mut pixmap = Pixmap::new(size, size).ok_or(ArtworkError::Size(size, size))?;
    let scale = size as f32 / 64.0;
    let transform = Transform::from_scale(scale, scale);
    // Full bleed: home screens round the corners themselves.
    pixmap.fill(color(NIGHT, 1.0));
    let sun = vertical(
        17.0,
        51.0,
        vec![
            GradientStop::new(0.0, color(GOLD, 1.0)),
            GradientStop::new(1.0, color(SUNSET, 1.0)),
        ],
    );
    if let Some(path) = circle(32.0, 34.0, 17.0) {
        pixmap.fill_path(&path, &sun, FillRule::Winding, transform, None);
    }
    for (level, rgb) in [(40.0, OCEAN), (50.0, SECONDARY)] {
        if let Some(path) = wave(64.0, 64.0, level, 32.0, 7.0) {
            pixmap.fill_path(&path, &solid(rgb, 1.0), FillRule::Winding, transform, None);
        }
    }
    pixmap
        .encode_png()
        .map_err(|error| ArtworkError::Png(error.to_string()))
}

/// The picture link previews show for every page.
pub fn share_image(event: &Event) -> Result<Vec<u8>, ArtworkError> {
    let (width, height) = (SHARE_IMAGE_WIDTH as f32, SHARE_IMAGE_HEIGHT as f32);
    let mut pixmap = Pixmap::new(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT)
        .ok_or(ArtworkError::Size(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT))?;
    let full =
        Rect::from_xywh(0.0, 0.0, width, height).ok_or(ArtworkError::Size(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT))?;
    let identity = Transform::identity();

    let sky = vertical(
        0.0,
        height,
        vec![
            GradientStop::new(0.0, color(NIGHT, 1.0)),
            GradientStop::new(0.55, color(NIGHT, 1.0)),
            GradientStop::new(1.0, color((0x0c, 0x3a, 0x55), 1.0)),
        ],
    );
    pixmap.fill_rect(full, &sky, identity, None);
    if let Some(glow) = RadialGradient::new(
        Point::from_xy(120.0, 60.0),
        Point::from_xy(120.0, 60.0),
        420.0,
        vec![
            GradientStop::new(0.0, color(SECONDARY, 0.45)),
            GradientStop::new(1.0, color(SECONDARY, 0.0)),
        ],
        SpreadMode::Pad,
        identity,
    ) {
        pixmap.fill_rect(full, &paint(glow), identity, None);
    }
    let sun = vertical(
        130.0,
        490.0,
        vec![
            GradientStop::new(0.0, color(GOLD, 0.95)),
            GradientStop::new(0.45, color(SUNSET, 0.9)),
            GradientStop::new(1.0, color(PRIMARY, 0.0)),
        ],
    );
    if let Some(path) = circle(955.0, 310.0, 180.0) {
        pixmap.fill_path(&path, &sun, FillRule::Winding, identity, None);
    }
    for (level, length, amplitude, rgb, alpha) in
        [(515.0, 400.0, 18.0, OCEAN, 0.35), (560.0, 300.0, 14.0, SECONDARY, 0.9)]
    {
        if let Some(path) = wave(width, height, level, length, amplitude) {
            pixmap.fill_path(&path, &solid(rgb, alpha), FillRule::Winding, identity, None);
        }
    }

    let regular = FontRef::try_from_slice(dejavu::sans::regular()).map_err(|_| ArtworkError::Font)?;
    let bold = FontRef::try_from_slice(dejavu::sans::bold()).map_err(|_| ArtworkError::Font)?;
    let left = 80.0;
    let text_width = 700.0;
    let mut baseline = 150.0;
    let when_and_where = format!("{}  ·  {}", event.date_label(), event.venue.area);
    draw_text(&mut pixmap, &regular, 30.0, &when_and_where, left, baseline, SAND);
    baseline += 100.0;
    let name_size = fitting_size(&bold, &event.name, text_width, 2, 80.0);
    for line in wrap(&bold, name_size, &event.name, text_width) {
        draw_text(&mut pixmap, &bold, name_size, &line, left, baseline, WHITE);
        baseline += name_size * 1.12;
    }
    baseline += 20.0;
    for line in wrap(&regular, 30.0, &event.tagline, text_width).into_iter().take(2) {
        draw_text(&mut pixmap, &regular, 30.0, &line, left, baseline, WHITE);
        baseline += 42.0;
    }
    pixmap
        .encode_png()
        .map_err(|error| ArtworkError::Png(error.to_string()))
}

/// Words in lines no wider than `width`.
fn wrap(font: &FontRef<'_>, size: f32, text: &str, width: f32) -> Vec<String> {
    typography::wrap(font, PxScale::from(size), text, width)
}

/// The largest size, up to `largest`, at which `text` fits in `lines` lines.
fn fitting_size(font: &FontRef<'_>, text: &str, width: f32, lines: usize, largest: f32) -> f32 {
    let mut size = largest;
    while size > 32.0 && wrap(font, size, text, width).len() > lines {
        size -= 4.0;
    }
    size
}

/// Draws `text` with its baseline at `baseline`, blending each glyph's coverage over the image.
fn draw_text(
    pixmap: &mut Pixmap,
    font: &FontRef<'_>,
    size: f32,
    text: &str,
    left: f32,
    baseline: f32,
    rgb: (u8, u8, u8),
) {
    let scaled = font.as_scaled(PxScale::from(size));
    let (image_width, image_height) = (pixmap.width() as i32, pixmap.height() as i32);
    let pixels = pixmap.pixels_mut();
    let mut x = left;
    let mut previous = None;
    for character in text.chars() {
        let id = scaled.glyph_id(character);
        if let Some(previous) = previous {
            x += scaled.kern(previous, id);
        }
        let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(x, baseline));
        x += scaled.h_advance(id);
        previous = Some(id);
        let Some(outlined) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, coverage| {
            let (px, py) = (bounds.min.x as i32 + gx as i32, bounds.min.y as i32 + gy as i32);
            if px < 0 || py < 0 || px >= image_width || py >= image_height {
                return;
            }
            let index = (py * image_width + px) as usize;
            let dst = pixels[index];
            let alpha = coverage.clamp(0.0, 1.0);
            let over = |source: u8, destination: u8| {
                (f32::from(source) * alpha + f32::from(destination) * (1.0 - alpha)).round() as u8
            };
            // The image is opaque everywhere text is drawn, so blending the colours is enough.
            pixels[index] = tiny_skia::PremultipliedColorU8::from_rgba(
                over(rgb.0, dst.red()),
                over(rgb.1, dst.green()),
                over(rgb.2, dst.blue()),
                255,
            )
            .unwrap_or(dst);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dimensions(png: &[u8]) -> (u32, u32) {
        let decoder = png::Decoder::new(png);
        let reader = decoder.read_info().unwrap();
        (reader.info().width, reader.info().height)
    }

    #[test]
    fn the_share_image_is_1200_by_630() {
        let event = Event::load(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../conference.toml"
        )))
        .unwrap();
        assert_eq!(dimensions(&share_image(&event).unwrap()), (1200, 630));
    }

    #[test]
    fn icons_come_in_the_sizes_asked_for() {
        for size in [180, 192, 512] {
            assert_eq!(dimensions(&icon(size).unwrap()), (size, size));
        }
    }

    #[test]
    fn long_names_wrap_and_shrink_to_fit() {
        let font = FontRef::try_from_slice(dejavu::sans::bold()).unwrap();
        let name = "The International Conference on Very Long Names for Technology Events 2026";
        let size = fitting_size(&font, name, 700.0, 2, 80.0);
        assert!(size < 80.0);
        assert!(wrap(&font, size, name, 700.0).len() <= 2 || size == 32.0);
        assert!(wrap(&font, 80.0, "CodeWave", 700.0).len() == 1);
    }
}
