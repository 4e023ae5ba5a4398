use time::Date;

/// A human date: "March 18, 2026".
pub fn long_date(date: Date) -> String {
    format!("{} {}, {}", date.month(), date.day(), date.year())
}

/// A human date range: "May 18-22, 2026", "May 30 - June 2, 2026" or
/// "December 30, 2026 - January 2, 2027".
pub fn date_range_label(start: Date, end: Date) -> String {
    if start == end {
        long_date(start)
    } else if start.year() != end.year() {
        format!(
            "{} {}, {} - {} {}, {}",
            start.month(),
            start.day(),
            start.year(),
            end.month(),
            end.day(),
            end.year()
        )
    } else if start.month() != end.month() {
        format!(
            "{} {} - {} {}, {}",
            start.month(),
            start.day(),
            end.month(),
            end.day(),
            end.year()
        )
    } else {
        format!("{} {}-{}, {}", start.month(), start.day(), end.day(), end.year())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_range_within_one_month_names_the_month_once() {
        assert_eq!(
            date_range_label(date!(2026 - 05 - 18), date!(2026 - 05 - 22)),
            "May 18-22, 2026"
        );
    }

    #[test]
    fn ranges_across_months_and_years_name_both_ends() {
        assert_eq!(
            date_range_label(date!(2026 - 05 - 30), date!(2026 - 06 - 02)),
            "May 30 - June 2, 2026"
        );
        assert_eq!(
            date_range_label(date!(2026 - 12 - 30), date!(2027 - 01 - 02)),
            "December 30, 2026 - January 2, 2027"
        );
        assert_eq!(
            date_range_label(date!(2026 - 05 - 18), date!(2026 - 05 - 18)),
            "May 18, 2026"
        );
    }
}
