use serde_json::{Value, json};

use super::*;
use crate::event::QuestionKind;

fn question(id: &str, kind: QuestionKind) -> Question {
    Question {
        id: id.into(),
        label: id.replace('_', " "),
        kind,
        options: match kind {
            QuestionKind::Choice => vec!["No preference".into(), "Vegetarian".into(), "Vegan".into()],
            QuestionKind::MultipleChoice => vec!["Talks".into(), "Workshops".into(), "Parties".into()],
            _ => Vec::new(),
        },
        required: false,
        ticket_types: vec!["developer".into(), "vip".into(), "team".into()],
        help: None,
        show_at_door: false,
    }
}

fn answer(kind: QuestionKind, value: Value) -> Result<Option<Answer>, Unfit> {
    parse(&question("q", kind), &value)
}

/// The shipped event with one question of each kind; `diet` is required and only VIPs are asked `vip_dinner`.
fn event() -> Event {
    let mut event = Event::parse(
        include_str!("../../../conference.toml"),
        std::path::Path::new("conference.toml"),
    )
    .unwrap();
    event.questions = vec![
        Question {
            required: true,
            ..question("diet", QuestionKind::Choice)
        },
        question("interests", QuestionKind::MultipleChoice),
        question("bio", QuestionKind::LongText),
        Question {
            ticket_types: vec!["vip".into()],
            ..question("vip_dinner", QuestionKind::YesNo)
        },
        question("country", QuestionKind::Country),
    ];
    event
}

fn sent(value: Value) -> serde_json::Map<String, Value> {
    value.as_object().unwrap().clone()
}

#[test]
fn text_is_trimmed_and_kept_to_200_characters_and_long_text_to_2000() {
    assert_eq!(
        answer(QuestionKind::Text, json!("  Acme Inc.  ")),
        Ok(Some(Answer::Text("Acme Inc.".into())))
    );
    assert_eq!(
        answer(QuestionKind::Text, json!("x".repeat(201))),
        Err(Unfit("Please keep it to 200 characters."))
    );
    assert_eq!(
        answer(QuestionKind::Text, json!("one\ntwo")),
        Err(Unfit("Please enter plain text, without control characters."))
    );
    assert_eq!(
        answer(QuestionKind::Text, json!(12)),
        Err(Unfit("Enter your answer as text."))
    );
    assert_eq!(
        answer(QuestionKind::LongText, json!("Step-free access,\nplease.")),
        Ok(Some(Answer::Text("Step-free access,\nplease.".into())))
    );
    assert!(answer(QuestionKind::LongText, json!("x".repeat(2000))).is_ok());
    assert_eq!(
        answer(QuestionKind::LongText, json!("x".repeat(2001))),
        Err(Unfit("Please keep it to 2,000 characters."))
    );
}

#[test]
fn nothing_blank_or_empty_is_an_answer() {
    for kind in [
        QuestionKind::Text,
        QuestionKind::Choice,
        QuestionKind::MultipleChoice,
        QuestionKind::Date,
    ] {
        for blank in [Value::Null, json!(""), json!("   "), json!([])] {
            assert_eq!(answer(kind, blank.clone()), Ok(None), "{kind:?} {blank}");
        }
    }
}

#[test]
fn a_choice_is_one_of_the_options_exactly() {
    assert_eq!(
        answer(QuestionKind::Choice, json!("Vegan")),
        Ok(Some(Answer::Choice("Vegan".into())))
    );
    for wrong in [json!("vegan"), json!("Pescatarian"), json!(["Vegan"]), json!(true)] {
        assert_eq!(
            answer(QuestionKind::Choice, wrong),
            Err(Unfit("Choose one of the options."))
        );
    }
}

#[test]
fn multiple_choices_are_distinct_options_kept_in_the_questions_order() {
    assert_eq!(
        answer(QuestionKind::MultipleChoice, json!(["Parties", "Talks"])),
        Ok(Some(Answer::Choices(vec!["Talks".into(), "Parties".into()])))
    );
    for wrong in [
        json!(["Talks", "Talks"]),
        json!(["Talks", "Golf"]),
        json!("Talks"),
        json!([1]),
    ] {
        assert_eq!(
            answer(QuestionKind::MultipleChoice, wrong),
            Err(Unfit("Choose any of the options, each once."))
        );
    }
}

#[test]
fn yes_or_no_is_a_boolean() {
    assert_eq!(
        answer(QuestionKind::YesNo, json!(false)),
        Ok(Some(Answer::YesNo(false)))
    );
    assert_eq!(
        answer(QuestionKind::YesNo, json!("yes")),
        Err(Unfit("Answer yes or no."))
    );
}

#[test]
fn a_country_is_an_iso_code() {
    assert_eq!(
        answer(QuestionKind::Country, json!("DE")),
        Ok(Some(Answer::Country("DE")))
    );
    assert_eq!(
        answer(QuestionKind::Country, json!(" de ")),
        Ok(Some(Answer::Country("DE")))
    );
    for wrong in [json!("XX"), json!("Germany"), json!(49)] {
        assert!(answer(QuestionKind::Country, wrong).is_err());
    }
}

#[test]
fn a_phone_number_has_6_to_20_characters_and_at_least_6_digits() {
    assert_eq!(
        answer(QuestionKind::Phone, json!("+1 (305) 555-0100")),
        Ok(Some(Answer::Text("+1 (305) 555-0100".into())))
    );
    for wrong in [
        json!("12345"),
        json!("+1 (2) 3-4"),
        json!("555 0100 ext 3"),
        json!("1".repeat(21)),
    ] {
        assert!(answer(QuestionKind::Phone, wrong.clone()).is_err(), "{wrong}");
    }
}

#[test]
fn a_date_is_a_real_day_written_yyyy_mm_dd() {
    assert_eq!(
        answer(QuestionKind::Date, json!("2026-02-28")).map(|answer| answer.unwrap().to_json()),
        Ok(json!("2026-02-28"))
    );
    for wrong in [
        json!("2026-02-30"),
        json!("2026-2-28"),
        json!("28/02/2026"),
        json!("2026-13-01"),
        json!(20260228),
    ] {
        assert_eq!(
            answer(QuestionKind::Date, wrong),
            Err(Unfit("Enter a date as YYYY-MM-DD."))
        );
    }
}

#[test]
fn answers_read_as_people_say_them() {
    assert_eq!(display_text(QuestionKind::Choice, &json!("Vegan")), "Vegan");
    assert_eq!(
        display_text(QuestionKind::MultipleChoice, &json!(["Talks", "Parties"])),
        "Talks, Parties"
    );
    assert_eq!(display_text(QuestionKind::YesNo, &json!(true)), "Yes");
    assert_eq!(display_text(QuestionKind::YesNo, &json!(false)), "No");
    assert_eq!(display_text(QuestionKind::Country, &json!("DE")), "Germany");
    assert_eq!(display_text(QuestionKind::Date, &json!("2026-05-18")), "2026-05-18");
}

#[test]
fn a_sheet_names_each_wrong_answer_by_its_field() {
    let event = event();
    let problems = read_answers(
        &event,
        "developer",
        &sent(json!({ "interests": ["Golf"], "vip_dinner": true, "shoe_size": "44", "hat": null })),
        true,
    )
    .unwrap_err();
    assert_eq!(
        problems,
        [
            ("answers.diet".to_owned(), UNANSWERED),
            ("answers.interests".to_owned(), "Choose any of the options, each once."),
            ("answers.shoe_size".to_owned(), NOT_ASKED),
            ("answers.vip_dinner".to_owned(), NOT_ASKED),
        ]
    );
}

#[test]
fn only_a_complete_sheet_must_answer_the_required_questions() {
    let event = event();
    let partial = read_answers(&event, "developer", &sent(json!({ "bio": "Rustacean" })), false).unwrap();
    assert_eq!(partial.stored(), [("bio".to_owned(), "\"Rustacean\"".to_owned())]);
    assert!(read_answers(&event, "developer", &sent(json!({ "bio": "Rustacean" })), true).is_err());
    let complete = read_answers(
        &event,
        "vip",
        &sent(json!({ "vip_dinner": false, "diet": "Vegan", "country": "de" })),
        true,
    )
    .unwrap();
    assert_eq!(
        complete.stored(),
        [
            ("diet".to_owned(), "\"Vegan\"".to_owned()),
            ("vip_dinner".to_owned(), "false".to_owned()),
            ("country".to_owned(), "\"DE\"".to_owned()),
        ]
    );
}

#[test]
fn open_questions_are_those_asked_and_not_answered() {
    let event = event();
    let stored = [
        ("diet".to_owned(), "\"Vegan\"".to_owned()),
        ("vip_dinner".to_owned(), "true".to_owned()),
    ];
    let answered = answered(&event, "developer", &stored);
    assert_eq!(answered.keys().collect::<Vec<_>>(), ["diet"]);
    assert_eq!(open(&event, "developer", &answered), ["interests", "bio", "country"]);
    assert!(!misses_required(&event, "developer", &["diet"]));
    assert!(misses_required(&event, "vip", &["bio"]));
}

#[test]
fn totals_count_each_option_over_the_tickets_asked() {
    let event = event();
    let vegan = [("diet".to_owned(), "\"Vegan\"".to_owned())];
    let vip = [
        ("diet".to_owned(), "\"Vegetarian\"".to_owned()),
        ("interests".to_owned(), "[\"Talks\",\"Parties\"]".to_owned()),
        ("vip_dinner".to_owned(), "true".to_owned()),
    ];
    let totals = totals(
        &event,
        [("developer", &vegan[..]), ("vip", &vip[..]), ("team", &[][..])],
    );
    let diet = &totals[0];
    assert_eq!((diet.answered, diet.missing), (2, 1));
    let counts: Vec<(&str, i64)> = diet
        .options
        .iter()
        .map(|option| (option.value.as_str(), option.count))
        .collect();
    assert_eq!(counts, [("No preference", 0), ("Vegetarian", 1), ("Vegan", 1)]);
    let interests: Vec<i64> = totals[1].options.iter().map(|option| option.count).collect();
    assert_eq!(interests, [1, 0, 1]);
    let dinner = &totals[3];
    assert_eq!((dinner.answered, dinner.missing), (1, 0));
    let yes_no: Vec<(&str, i64)> = dinner
        .options
        .iter()
        .map(|option| (option.value.as_str(), option.count))
        .collect();
    assert_eq!(yes_no, [("Yes", 1), ("No", 0)]);
    assert!(totals[2].options.is_empty());
}

#[test]
fn holders_are_reminded_from_a_week_before_the_last_day_for_changes_until_it_ends() {
    let (from, until) = reminders_window(&event());
    assert_eq!(from, time::macros::datetime!(2026-05-04 10:00 -4));
    assert_eq!(until, time::macros::datetime!(2026-05-12 00:00 -4));
}
