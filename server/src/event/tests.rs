use std::path::Path;

use super::*;

const SHIPPED: &str = include_str!("../../../conference.toml");

fn parse(source: &str) -> Result<Event, EventFileError> {
    Event::parse(source, Path::new("conference.toml"))
}

/// The shipped file with `from` replaced by `to` (which must occur exactly once).
fn shipped_with(from: &str, to: &str) -> String {
    assert_eq!(
        SHIPPED.matches(from).count(),
        1,
        "{from:?} must occur once in conference.toml"
    );
    SHIPPED.replace(from, to)
}

fn line_of(source: &str, needle: &str) -> usize {
    source[..source.find(needle).unwrap()].matches('\n').count() + 1
}

#[test]
fn the_shipped_file_reproduces_the_brief() {
    let event = parse(SHIPPED).unwrap();
    assert_eq!(event.date_label(), "May 18-22, 2026");
    assert_eq!(event.starts_at.to_string(), "2026-05-18 0:00:00.0 -04:00:00");
    let prices: Vec<_> = event
        .tickets
        .iter()
        .map(|t| (t.ticket_type.as_str(), t.price.cents()))
        .collect();
    assert_eq!(prices, [("developer", 79900), ("vip", 129900), ("team", 69900)]);
    let team = event.ticket_by_type("team").unwrap();
    assert_eq!((team.min_quantity, team.max_quantity), (4, 19));
    assert_eq!(event.ticket_by_type("developer").unwrap().max_quantity, 20);
    let special: Vec<_> = event
        .merchandise
        .iter()
        .filter_map(|m| m.special_offer.map(|_| m.price.cents()))
        .collect();
    assert_eq!(special, [500, 100]);
    let tiers: Vec<_> = event
        .sponsorship_tiers
        .iter()
        .map(|t| (t.value.as_str(), t.amount.cents()))
        .collect();
    assert_eq!(
        tiers,
        [
            ("platinum", 5_000_000),
            ("gold", 2_500_000),
            ("silver", 1_000_000),
            ("workshop", 300_000),
            ("supporter", 100_000),
            ("title", 50_000_000),
            ("afterparty", 25_000_000),
            ("speakerLounge", 15_000_000),
            ("lanyards", 10_000_000),
            ("swagBox", 2_500_000),
        ]
    );
    assert!(event.sponsorship_tiers[5..].iter().all(|tier| tier.limit == Some(1)));
}

#[test]
fn a_negative_price_names_its_line_and_value() {
    let source = shipped_with("price = 129900", "price = -5");
    let error = parse(&source).unwrap_err().to_string();
    let line = line_of(&source, "price = -5");
    assert!(error.contains(&format!("line {line}")), "{error}");
    assert!(error.contains("price = -5"), "{error}");
    assert!(error.contains("positive whole number of cents"), "{error}");
}

#[test]
fn a_maximum_below_the_minimum_is_refused() {
    let source = shipped_with("max_quantity = 19", "max_quantity = 3");
    let error = parse(&source).unwrap_err().to_string();
    let line = line_of(&source, "max_quantity = 3");
    assert!(
        error.contains(&format!(
            "line {line}, field `tickets[2].max_quantity`: must be at least min_quantity"
        )),
        "{error}"
    );
}

#[test]
fn a_missing_field_is_named() {
    let source = shipped_with(
        "tagline = \"Five days of code, AI and ocean air in South Beach.\"\n",
        "",
    );
    let error = parse(&source).unwrap_err().to_string();
    assert!(error.contains("missing field `tagline`"), "{error}");
}

#[test]
fn a_duplicate_ticket_type_names_the_line_and_field() {
    let source = shipped_with("type = \"team\"", "type = \"vip\"");
    let error = parse(&source).unwrap_err().to_string();
    let line = source
        .match_indices("type = \"vip\"")
        .nth(1)
        .map(|(at, _)| source[..at].matches('\n').count() + 1);
    assert_eq!(
        error,
        format!(
            "the event file conference.toml is invalid at line {}, field `tickets[2].type`: another ticket already has this type",
            line.unwrap()
        )
    );
}

#[test]
fn an_external_image_url_is_refused() {
    let source = shipped_with(
        "image = \"/images/merch/bucket-hat.svg\"",
        "image = \"https://cdn.example.com/hat.png\"",
    );
    let error = parse(&source).unwrap_err().to_string();
    assert!(
        error.contains(&format!("line {}", line_of(&source, "https://cdn"))),
        "{error}"
    );
    assert!(error.contains("bundled image"), "{error}");
}

#[test]
fn an_unknown_category_or_key_is_refused() {
    let error = parse(&shipped_with(
        "category = \"hat\"\nimage = \"/images/merch/bucket-hat.svg\"",
        "category = \"hoodie\"\nimage = \"/images/merch/bucket-hat.svg\"",
    ))
    .unwrap_err();
    assert!(error.to_string().contains("unknown variant `hoodie`"), "{error}");
    let error = parse(&shipped_with(
        "vip_passes = 20\nlimit = 1",
        "vip_passes = 20\nlimits = 1",
    ))
    .unwrap_err();
    assert!(error.to_string().contains("unknown field `limits`"), "{error}");
}

#[test]
fn an_end_before_the_start_is_refused() {
    let source = shipped_with(
        "ends_at = 2026-05-22T18:00:00-04:00",
        "ends_at = 2026-05-17T18:00:00-04:00",
    );
    let error = parse(&source).unwrap_err().to_string();
    assert!(
        error.contains(&format!(
            "line {}, field `event.ends_at`",
            line_of(&source, "ends_at =")
        )),
        "{error}"
    );
}

#[test]
fn the_doors_open_at_the_start_unless_the_file_says_otherwise() {
    assert_eq!(parse(SHIPPED).unwrap().doors_open, parse(SHIPPED).unwrap().starts_at);
    let earlier = shipped_with(
        "ends_at = 2026-05-22T18:00:00-04:00",
        "ends_at = 2026-05-22T18:00:00-04:00\ndoors_open = 2026-05-17T17:00:00-04:00",
    );
    assert_eq!(
        parse(&earlier).unwrap().doors_open.to_string(),
        "2026-05-17 17:00:00.0 -04:00:00"
    );
    let after_the_end = shipped_with(
        "ends_at = 2026-05-22T18:00:00-04:00",
        "ends_at = 2026-05-22T18:00:00-04:00\ndoors_open = 2026-05-22T18:00:00-04:00",
    );
    let error = parse(&after_the_end).unwrap_err().to_string();
    assert!(
        error.contains(&format!(
            "line {}, field `event.doors_open`: must be before event.ends_at",
            line_of(&after_the_end, "doors_open =")
        )),
        "{error}"
    );
    let without_offset = shipped_with(
        "ends_at = 2026-05-22T18:00:00-04:00",
        "ends_at = 2026-05-22T18:00:00-04:00\ndoors_open = 2026-05-18T08:00:00",
    );
    let error = parse(&without_offset).unwrap_err().to_string();
    assert!(
        error.contains("field `event.doors_open`: must be a date and time"),
        "{error}"
    );
}

#[test]
fn a_start_without_an_offset_is_refused() {
    let error = parse(&shipped_with(
        "starts_at = 2026-05-18T00:00:00-04:00",
        "starts_at = 2026-05-18T00:00:00",
    ))
    .unwrap_err()
    .to_string();
    assert!(
        error.contains("field `event.starts_at`: must be a date and time with the venue's UTC offset"),
        "{error}"
    );
}

#[test]
fn a_regular_price_below_the_price_is_refused() {
    let error = parse(&shipped_with("regular_price = 159900", "regular_price = 100"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("field `tickets[1].regular_price`"), "{error}");
}

#[test]
fn a_variant_limit_must_name_options_the_item_offers() {
    let source = shipped_with(
        "variant_limits = [{ size = \"XXL\", color = \"Ocean Blue\", limit = 20 }]",
        "variant_limits = [{ size = \"3XL\", color = \"Ocean Blue\", limit = 20 }]",
    );
    let error = parse(&source).unwrap_err().to_string();
    assert!(error.contains(&format!("line {}", line_of(&source, "3XL"))), "{error}");
    assert!(error.contains("size \"3XL\" is not one the item offers"), "{error}");

    let source = shipped_with(
        "variant_limits = [{ size = \"XXL\", color = \"Ocean Blue\", limit = 20 }]",
        "variant_limits = [{ size = \"XXL\", limit = 20 }]",
    );
    assert!(parse(&source).unwrap_err().to_string().contains("give the color"));
}

#[test]
fn the_caps_on_open_checkouts_come_from_the_file_with_safe_defaults() {
    let shipped = parse(SHIPPED).unwrap().hold_limits;
    assert_eq!(shipped, HoldLimits::default());
    assert_eq!(
        (shipped.units_per_email_per_item, shipped.units_per_address_per_item),
        (20, 40)
    );
    let start = SHIPPED.find("[limits]").unwrap();
    let without = parse(&SHIPPED[..start]).unwrap().hold_limits;
    assert_eq!(without, HoldLimits::default(), "the section is optional");

    let stricter = parse(&shipped_with(
        "held_units_per_address = 100",
        "held_units_per_address = 60",
    ))
    .unwrap();
    assert_eq!(stricter.hold_limits.units_per_address, 60);
}

#[test]
fn a_cap_on_held_units_below_the_largest_order_is_refused_at_its_line() {
    let source = shipped_with(
        "held_units_per_email_per_item = 20",
        "held_units_per_email_per_item = 5",
    );
    let error = parse(&source).unwrap_err().to_string();
    assert!(
        error.contains(&format!(
            "line {}",
            line_of(&source, "held_units_per_email_per_item = 5")
        )) && error.contains("must be at least 20, the most units one order may have"),
        "{error}"
    );
    let source = shipped_with("held_units_per_address = 100", "held_units_per_address = 30");
    let error = parse(&source).unwrap_err().to_string();
    assert!(
        error.contains("held_units_per_address") && error.contains("must be at least"),
        "{error}"
    );
}

#[test]
fn the_next_editions_example_file_sells_in_phases_within_a_window() {
    let source = include_str!("../../../examples/codewave-2027.toml");
    let event = parse(source).unwrap();
    let developer = event.ticket_by_type("developer").unwrap();
    let phases: Vec<_> = developer
        .sale
        .phases
        .iter()
        .map(|phase| (phase.name.as_str(), phase.price.cents(), phase.units))
        .collect();
    assert_eq!(
        phases,
        [
            ("Early bird", 79_900, Some(150)),
            ("Regular", 99_900, None),
            ("Late", 119_900, None)
        ]
    );
    assert!(event.sales_open.is_some() && event.sales_close.is_some());
    assert!(event.doors_open < event.starts_at, "badges from the evening before");
    assert!(event.ticket_by_type("speaker").unwrap().sale.hidden);
    let team = event.ticket_by_type("team").unwrap();
    assert_eq!(
        (
            team.volume_discounts[0].min_quantity,
            team.volume_discounts[0].percent_off
        ),
        (10, 10)
    );
}

#[test]
fn phases_must_end_in_order_and_the_last_must_not_end() {
    let source = include_str!("../../../examples/codewave-2027.toml");
    let unordered = source.replacen(
        "until = 2027-04-16T23:59:59-04:00",
        "until = 2026-11-01T00:00:00-04:00",
        1,
    );
    let error = parse(&unordered).unwrap_err().to_string();
    assert!(error.contains("must be after the previous phase's until"), "{error}");
    let ending = source.replacen(
        "name = \"Late\"\nprice = 119900\n",
        "name = \"Late\"\nprice = 119900\nuntil = 2027-05-01T00:00:00-04:00\n",
        1,
    );
    let error = parse(&ending).unwrap_err().to_string();
    assert!(error.contains("the last phase has neither until nor units"), "{error}");
}

#[test]
fn the_shipped_event_names_its_sample_programme_beside_the_event_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../conference.toml");
    let event = Event::load(&path).unwrap();

    let sample = event
        .programme_sample
        .expect("the shipped event feeds a sample programme");
    assert_eq!(sample, path.parent().unwrap().join("programme.sample.json"));
    assert!(sample.is_file(), "{} is missing", sample.display());
}

#[test]
fn an_event_without_a_programme_section_has_no_sample() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/codewave-2027.toml");
    let event = Event::load(&path).unwrap();

    assert_eq!(event.programme_sample, None);
}

#[test]
fn the_shipped_file_gives_workshop_seats_per_ticket_type() {
    let event = parse(SHIPPED).unwrap();
    let seats: Vec<_> = (event.tickets.iter())
        .map(|ticket| (ticket.ticket_type.as_str(), ticket.workshop_seats))
        .collect();
    assert_eq!(seats, [("developer", 3), ("vip", 5), ("team", 3)]);
    assert_eq!(event.workshops.reminder_time, time::macros::time!(18:00));
    assert_eq!(
        (event.workshops.signup_opens, event.workshops.signup_closes),
        (None, None)
    );
}

#[test]
fn a_ticket_type_without_workshop_seats_includes_none() {
    let source = shipped_with("workshop_seats = 5\n", "");
    let event = parse(&source).unwrap();
    assert_eq!(event.ticket_by_type("vip").unwrap().workshop_seats, 0);
}

#[test]
fn workshop_sign_up_times_are_the_venues_clock() {
    let source = shipped_with(
        "# signup_opens = 2026-05-01T09:00:00\n# signup_closes = 2026-05-22T12:00:00\nreminder_time = \"18:00\"",
        "signup_opens = 2026-05-01T09:00:00\nsignup_closes = 2026-05-22T12:00:00\nreminder_time = \"19:30\"",
    );
    let event = parse(&source).unwrap();
    let opens = event.workshops.signup_opens.unwrap();
    assert_eq!(opens.to_string(), "2026-05-01 9:00:00.0 -04:00:00");
    assert_eq!(event.workshops.reminder_time, time::macros::time!(19:30));
}

#[test]
fn invalid_workshop_times_fail_with_the_field_and_line() {
    let cases = [
        (
            "# signup_opens = 2026-05-01T09:00:00",
            "signup_opens = 2026-05-01T09:00:00-04:00",
            "without an offset",
        ),
        (
            "# signup_opens = 2026-05-01T09:00:00\n# signup_closes = 2026-05-22T12:00:00",
            "signup_opens = 2026-05-22T09:00:00\nsignup_closes = 2026-05-01T12:00:00",
            "must be after workshops.signup_opens",
        ),
        ("reminder_time = \"18:00\"", "reminder_time = \"6pm\"", "time of day"),
        ("reminder_time = \"18:00\"", "reminder_time = \"25:00\"", "time of day"),
    ];
    for (from, to, expected) in cases {
        let source = shipped_with(from, to);
        let error = parse(&source).unwrap_err().to_string();
        assert!(error.contains("workshops.") && error.contains(expected), "{error}");
    }
    let negative = shipped_with("workshop_seats = 5", "workshop_seats = -1");
    assert!(parse(&negative).is_err());
}

#[test]
fn personal_data_is_kept_ninety_days_unless_the_file_says_otherwise() {
    let setting = "keep_personal_data_days = 3650";
    let shipped = parse(SHIPPED).unwrap();
    assert_eq!(
        shipped.privacy.keep_personal_data_days, 3650,
        "the brief's past event stays usable"
    );
    let default = parse(&shipped_with(setting, "")).unwrap();
    assert_eq!(default.privacy.keep_personal_data_days, DEFAULT_KEEP_PERSONAL_DATA_DAYS);
    assert_eq!(
        default.privacy.erase_from(default.ends_at),
        default.ends_at + time::Duration::days(90)
    );

    let kept = parse(&shipped_with(setting, "keep_personal_data_days = 30")).unwrap();
    assert_eq!(kept.privacy.keep_personal_data_days, 30);

    for days in ["0", "3651", "-1"] {
        let source = shipped_with(setting, &format!("keep_personal_data_days = {days}"));
        let error = parse(&source).unwrap_err().to_string();
        assert!(error.contains("privacy.keep_personal_data_days"), "{error}");
        assert!(error.contains("from 1 to 3650"), "{error}");
    }
}

#[test]
fn the_shipped_file_asks_four_questions_of_every_ticket_type() {
    let event = parse(SHIPPED).unwrap();
    let questions: Vec<(&str, QuestionKind, bool, bool)> = event
        .questions
        .iter()
        .map(|question| {
            (
                question.id.as_str(),
                question.kind,
                question.required,
                question.show_at_door,
            )
        })
        .collect();
    assert_eq!(
        questions,
        [
            ("diet", QuestionKind::Choice, true, false),
            ("tshirt", QuestionKind::Choice, false, false),
            ("accessibility", QuestionKind::LongText, false, true),
            ("company", QuestionKind::Text, false, false),
        ]
    );
    assert_eq!(event.questions[1].options, ["XS", "S", "M", "L", "XL", "XXL"]);
    assert!(
        event
            .questions
            .iter()
            .all(|question| question.ticket_types == ["developer", "vip", "team"])
    );
    assert_eq!(event.emails.day_before_time, time::macros::time!(17:00));
    let next = Event::parse(
        include_str!("../../../examples/codewave-2027.toml"),
        Path::new("codewave-2027.toml"),
    )
    .unwrap();
    assert_eq!(next.questions.len(), 4);
}

#[test]
fn an_event_without_questions_or_emails_asks_nothing_and_writes_at_five() {
    let source = SHIPPED[..SHIPPED.find("\n# What each attendee is asked").unwrap()].to_owned();
    let event = parse(&source).unwrap();
    assert!(event.questions.is_empty());
    assert_eq!(event.emails.day_before_time, time::macros::time!(17:00));
    assert_eq!(
        event.emails.day_before_at(event.starts_at).to_string(),
        "2026-05-17 17:00:00.0 -04:00:00"
    );
}

#[test]
fn invalid_questions_fail_with_the_entry_field_and_line() {
    let cases = [
        ("id = \"tshirt\"", "id = \"T-shirt\"", "questions[1].id", "lower-case"),
        (
            "id = \"tshirt\"",
            "id = \"diet\" # twice",
            "questions[1].id",
            "another question already has this id",
        ),
        (
            "kind = \"long_text\"",
            "kind = \"long_text\"\noptions = [\"a\", \"b\"]",
            "questions[2].options",
            "only choice and multiple_choice",
        ),
        (
            "options = [\"XS\", \"S\", \"M\", \"L\", \"XL\", \"XXL\"]",
            "options = [\"XS\"]",
            "questions[1].options",
            "2 to 50",
        ),
        (
            "options = [\"XS\", \"S\", \"M\", \"L\", \"XL\", \"XXL\"]",
            "options = [\"S\", \"S\"]",
            "questions[1].options",
            "listed twice",
        ),
        (
            "kind = \"text\"\nhelp = \"Printed on your badge.\"",
            "kind = \"text\"\nticket_types = [\"vip\", \"student\"]",
            "questions[3].ticket_types",
            "\"student\" is not the type of any [[tickets]] entry",
        ),
        (
            "kind = \"text\"\nhelp = \"Printed on your badge.\"",
            "kind = \"text\"\nticket_types = []",
            "questions[3].ticket_types",
            "at least one ticket type",
        ),
        (
            "label = \"Company\"",
            &format!("label = \"{}\"", "x".repeat(121)),
            "questions[3].label",
            "at most 120",
        ),
        (
            "day_before_time = \"17:00\"",
            "day_before_time = \"5pm\"",
            "emails.day_before_time",
            "time of day",
        ),
    ];
    for (from, to, field, expected) in cases {
        let source = shipped_with(from, to);
        let error = parse(&source).unwrap_err().to_string();
        let line = line_of(&source, to.lines().last().unwrap());
        assert!(
            error.contains(&format!("at line {line}, field `{field}`")) && error.contains(expected),
            "{error}"
        );
    }
    let unknown_kind = shipped_with("kind = \"long_text\"", "kind = \"essay\"");
    assert!(parse(&unknown_kind).unwrap_err().to_string().contains("essay"));
}

#[test]
fn a_question_asked_of_some_types_lists_them() {
    let source = shipped_with(
        "kind = \"text\"\nhelp = \"Printed on your badge.\"",
        "kind = \"text\"\nticket_types = [\"vip\", \"team\", \"vip\"]",
    );
    let event = parse(&source).unwrap();
    assert_eq!(event.questions[3].ticket_types, ["vip", "team"]);
    assert!(event.questions[3].asked_of("team") && !event.questions[3].asked_of("developer"));
}
