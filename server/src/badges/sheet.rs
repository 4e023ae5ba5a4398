//! Where badges go on a sheet: the page's size and the badges' places on it, in PDF points (1/72 in).

use crate::event::BadgeSheet;

const MM: f32 = 72.0 / 25.4;
const INCH: f32 = 72.0;

/// A badge's place on its page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slot {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

/// A sheet: its page and the badges it holds, in the order they fill.
#[derive(Debug, Clone, PartialEq)]
pub struct Geometry {
    pub page_width: f32,
    pub page_height: f32,
    pub slots: Vec<Slot>,
    /// Whether the badges are cut apart: then light cut lines are printed between them.
    pub cut: bool,
}

pub fn geometry(sheet: BadgeSheet) -> Geometry {
    match sheet {
        BadgeSheet::A6 => single(105.0 * MM, 148.0 * MM),
        BadgeSheet::FourByThreeInches => single(4.0 * INCH, 3.0 * INCH),
        BadgeSheet::FourA6OnA4 => {
            let (page_width, page_height) = (210.0 * MM, 297.0 * MM);
            grid(
                page_width,
                page_height,
                (0.0, 0.0),
                (page_width / 2.0, page_height / 2.0),
                2,
                2,
                true,
            )
        }
        // Avery 5392: two columns of three 4 × 3 in inserts, 1/4 in from the sides and 1 in from the top.
        BadgeSheet::Avery5392 => grid(
            8.5 * INCH,
            11.0 * INCH,
            (0.25 * INCH, 1.0 * INCH),
            (4.0 * INCH, 3.0 * INCH),
            2,
            3,
            false,
        ),
    }
}

fn single(width: f32, height: f32) -> Geometry {
    Geometry {
        page_width: width,
        page_height: height,
        slots: vec![Slot {
            x: 0.0,
            y: 0.0,
            width,
            height,
        }],
        cut: false,
    }
}

fn grid(
    page_width: f32,
    page_height: f32,
    (left, top): (f32, f32),
    (width, height): (f32, f32),
    columns: usize,
    rows: usize,
    cut: bool,
) -> Geometry {
    let slots = (0..rows)
        .flat_map(|row| {
            (0..columns).map(move |column| Slot {
                x: left + column as f32 * width,
                y: top + row as f32 * height,
                width,
                height,
            })
        })
        .collect();
    Geometry {
        page_width,
        page_height,
        slots,
        cut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_badge_fits_on_its_page_without_overlapping_another() {
        for sheet in BadgeSheet::ALL {
            let geometry = geometry(sheet);
            for (index, slot) in geometry.slots.iter().enumerate() {
                assert!(slot.x >= 0.0 && slot.y >= 0.0, "{sheet:?}");
                assert!(slot.x + slot.width <= geometry.page_width + 0.01, "{sheet:?}");
                assert!(slot.y + slot.height <= geometry.page_height + 0.01, "{sheet:?}");
                for other in &geometry.slots[index + 1..] {
                    let apart = other.x >= slot.x + slot.width - 0.01
                        || other.y >= slot.y + slot.height - 0.01
                        || slot.x >= other.x + other.width - 0.01
                        || slot.y >= other.y + other.height - 0.01;
                    assert!(apart, "{sheet:?}: {slot:?} overlaps {other:?}");
                }
            }
        }
        assert_eq!(geometry(BadgeSheet::FourA6OnA4).slots.len(), 4);
        assert_eq!(geometry(BadgeSheet::Avery5392).slots.len(), 6);
    }
}
