use std::collections::HashMap;
use std::path::Path;

use time::OffsetDateTime;
use time::macros::datetime;

use super::*;
use crate::event::{Event, PricePhase, VolumeDiscount};
use crate::store::{CodeKind, CodeRecord};

fn event() -> Event {
    let mut event =
        Event::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).expect("the shipped event file");
    let developer = event
        .tickets
        .iter_mut()
        .find(|ticket| ticket.ticket_type == "developer")
        .unwrap();
    developer.sale.phases = vec![
        PricePhase {
            name: "Early bird".into(),
            price: Money::from_cents(79_900),
            until: Some(datetime!(2025-12-31 23:59:59 -5)),
            units: Some(150),
        },
        PricePhase {
            name: "Regular".into(),
            price: Money::from_cents(99_900),
            until: Some(datetime!(2026-04-17 23:59:59 -4)),
            units: None,
        },
        PricePhase {
            name: "Late".into(),
            price: Money::from_cents(119_900),
            until: None,
            units: None,
        },
    ];
    let team = event
        .tickets
        .iter_mut()
        .find(|ticket| ticket.ticket_type == "team")
        .unwrap();
    team.volume_discounts = vec![VolumeDiscount {
        min_quantity: 10,
        percent_off: 10,
        label: "Team of 10 or more".into(),
    }];
    event
}

fn ticket<'a>(event: &'a Event, ticket_type: &str) -> Item<'a> {
    Item::Ticket(event.ticket_by_type(ticket_type).unwrap())
}

const AUTUMN: OffsetDateTime = datetime!(2025-10-01 12:00 -4);

fn code(kind: CodeKind) -> CodeRecord {
    CodeRecord {
        id: "code-1".into(),
        code: "PARTNER20".into(),
        applies_to: Vec::new(),
        kind,
        max_uses: 5,
        uses: 0,
        valid_from: None,
        valid_until: None,
        reserve: None,
        reserved_left: 0,
        unlocks: None,
        early_access: false,
        orders_per_email: None,
        tag: None,
        note: None,
        disabled: false,
        created_at: 0,
        updated_at: 0,
    }
}

#[test]
fn the_first_phase_not_over_sets_the_price_by_date() {
    let event = event();
    let nothing_sold = HashMap::new();
    let at = |now| quote(&event, ticket(&event, "developer"), 1, now, &nothing_sold, None).unwrap();

    let early = at(AUTUMN);
    let regular = at(datetime!(2025-12-31 23:59:59 -5));
    let late = at(datetime!(2026-04-18 00:00 -4));

    assert_eq!(
        (early.phase.as_deref(), early.total.cents()),
        (Some("Early bird"), 79_900)
    );
    assert_eq!(
        (regular.phase.as_deref(), regular.total.cents()),
        (Some("Regular"), 99_900),
        "over at its until"
    );
    assert_eq!((late.phase.as_deref(), late.total.cents()), (Some("Late"), 119_900));
    assert_eq!(
        early.phase_key.as_deref(),
        Some("ticket:developer@Early bird"),
        "it ends by units too"
    );
    assert_eq!(regular.phase_key, None);
}

#[test]
fn a_phase_ends_once_its_units_cannot_fill_the_order() {
    let event = event();
    let stock = HashMap::from([("ticket:developer@Early bird".to_owned(), 2_i64)]);

    let two = quote(&event, ticket(&event, "developer"), 2, AUTUMN, &stock, None).unwrap();
    let three = quote(&event, ticket(&event, "developer"), 3, AUTUMN, &stock, None).unwrap();

    assert_eq!(two.phase.as_deref(), Some("Early bird"));
    assert_eq!(
        (three.phase.as_deref(), three.unit_price.cents()),
        (Some("Regular"), 99_900)
    );
}

#[test]
fn a_team_of_ten_gets_ten_percent_off_and_nine_do_not() {
    let event = event();
    let none = HashMap::new();

    let ten = quote(&event, ticket(&event, "team"), 10, AUTUMN, &none, None).unwrap();
    let nine = quote(&event, ticket(&event, "team"), 9, AUTUMN, &none, None).unwrap();

    assert_eq!(
        ten.discounts,
        [Discount {
            label: "Team of 10 or more: 10% off".into(),
            amount: Money::from_cents(69_900),
        }]
    );
    assert_eq!(ten.total.cents(), 629_100);
    assert!(nine.discounts.is_empty());
    assert_eq!(nine.total.cents(), 9 * 69_900);
}

#[test]
fn each_kind_of_code_charges_its_price() {
    let event = event();
    let none = HashMap::new();
    let with = |kind| {
        quote(&event, ticket(&event, "developer"), 2, AUTUMN, &none, Some(&code(kind)))
            .unwrap()
            .total
            .cents()
    };

    assert_eq!(with(CodeKind::PercentOff(20)), 127_840);
    assert_eq!(with(CodeKind::AmountOff(Money::from_cents(10_000))), 139_800);
    assert_eq!(
        with(CodeKind::AmountOff(Money::from_cents(100_000))),
        0,
        "never below zero"
    );
    assert_eq!(with(CodeKind::FixedPrice(Money::from_cents(50_000))), 100_000);
    assert_eq!(
        with(CodeKind::FixedPrice(Money::from_cents(90_000))),
        159_800,
        "a fixed price never raises it"
    );
    assert_eq!(with(CodeKind::PercentOff(100)), 0);
    let applied = quote(
        &event,
        ticket(&event, "developer"),
        1,
        AUTUMN,
        &none,
        Some(&code(CodeKind::PercentOff(20))),
    )
    .unwrap();
    assert_eq!(
        applied.code,
        Some(AppliedCode {
            code: "PARTNER20".into(),
            label: "20% off".into(),
            id: "code-1".into()
        })
    );
    assert_eq!(applied.discounts[0].label, "Code PARTNER20: 20% off");
}

#[test]
fn a_code_stacks_on_a_team_discount_and_a_fixed_price_replaces_it() {
    let event = event();
    let none = HashMap::new();
    let team = |kind| quote(&event, ticket(&event, "team"), 10, AUTUMN, &none, Some(&code(kind)));

    let percent = team(CodeKind::PercentOff(10)).unwrap_err();
    assert_eq!(
        percent,
        QuoteError::Code(CodeProblem::UsedUp { left: 5 }),
        "ten units of a code for five"
    );

    let mut roomy = code(CodeKind::PercentOff(10));
    roomy.max_uses = 100;
    let stacked = quote(&event, ticket(&event, "team"), 10, AUTUMN, &none, Some(&roomy)).unwrap();
    assert_eq!(stacked.discounts.len(), 2);
    assert_eq!(stacked.total.cents(), 629_100 - 62_910);
    roomy.kind = CodeKind::FixedPrice(Money::from_cents(50_000));
    let fixed = quote(&event, ticket(&event, "team"), 10, AUTUMN, &none, Some(&roomy)).unwrap();
    assert_eq!((fixed.discounts.len(), fixed.total.cents()), (1, 500_000));
}

#[test]
fn codes_out_of_scope_expired_not_yet_or_disabled_are_one_problem_and_used_up_another() {
    let event = event();
    let none = HashMap::new();
    let try_code = |code: CodeRecord| quote(&event, ticket(&event, "developer"), 1, AUTUMN, &none, Some(&code));
    let now_ms = AUTUMN.unix_timestamp() * 1000;

    let mut other = code(CodeKind::PercentOff(20));
    other.applies_to = vec!["ticket:vip".into()];
    let mut expired = code(CodeKind::PercentOff(20));
    expired.valid_until = Some(now_ms - 1);
    let mut early = code(CodeKind::PercentOff(20));
    early.valid_from = Some(now_ms + 1);
    let mut used = code(CodeKind::PercentOff(20));
    used.uses = 5;
    let mut disabled = code(CodeKind::PercentOff(20));
    disabled.disabled = true;

    for refused in [other, expired, early, disabled] {
        assert_eq!(try_code(refused), Err(QuoteError::Code(CodeProblem::Invalid)));
    }
    assert_eq!(try_code(used), Err(QuoteError::Code(CodeProblem::UsedUp { left: 0 })));
}

#[test]
fn a_code_valued_past_its_bounds_is_refused_and_never_makes_an_order_free() {
    let event = event();
    let none = HashMap::new();
    let four = |kind| quote(&event, ticket(&event, "developer"), 4, AUTUMN, &none, Some(&code(kind)));
    let forty_six_quadrillion_dollars = Money::from_cents(4_600_000_000_000_000_000);

    assert_eq!(
        four(CodeKind::FixedPrice(forty_six_quadrillion_dollars)),
        Err(QuoteError::Code(CodeProblem::Invalid)),
        "it once made four tickets free"
    );
    assert_eq!(
        four(CodeKind::AmountOff(forty_six_quadrillion_dollars)),
        Err(QuoteError::Code(CodeProblem::Invalid))
    );
    assert_eq!(
        four(CodeKind::PercentOff(101)),
        Err(QuoteError::Code(CodeProblem::Invalid))
    );
    let at_the_bound = four(CodeKind::FixedPrice(Money::MAX_UNIT_PRICE)).unwrap();
    assert_eq!(
        (at_the_bound.total.cents(), at_the_bound.discounts.len()),
        (4 * 79_900, 0),
        "a fixed price above the unit's gives nothing"
    );
}

#[test]
fn discounts_never_come_to_more_than_the_subtotal() {
    let event = event();
    let none = HashMap::new();
    let mut roomy = code(CodeKind::AmountOff(Money::MAX_UNIT_PRICE));
    roomy.max_uses = 100;

    let team = quote(&event, ticket(&event, "team"), 10, AUTUMN, &none, Some(&roomy)).unwrap();

    let off: i64 = team.discounts.iter().map(|discount| discount.amount.cents()).sum();
    assert_eq!(off, 10 * 69_900, "the team's 10% and then the code, up to what is left");
    assert_eq!(team.total.cents(), 0);
    assert!(team.discounts.iter().all(|discount| discount.amount.cents() > 0));
}

#[test]
fn amounts_past_what_cents_can_count_are_refused_not_wrapped() {
    let event = event();
    let none = HashMap::new();
    let team = |quantity| quote(&event, ticket(&event, "team"), quantity, AUTUMN, &none, None);

    // 69,900 cents times this fits in an i64, but the team discount's share of it does not.
    assert_eq!(team(100_000_000_000_000), Err(QuoteError::TooLarge));
    assert_eq!(team(i64::MAX / 2), Err(QuoteError::TooLarge));
    assert_eq!(
        Quote::at_unit_price(Money::MAX_UNIT_PRICE, i64::MAX),
        Err(QuoteError::TooLarge)
    );
}

#[test]
fn sales_windows_open_and_close_the_shop() {
    let mut event = event();
    event.sales_open = Some(datetime!(2025-09-01 09:00 -4));
    event.sales_close = Some(datetime!(2026-05-22 18:00 -4));
    let none = HashMap::new();
    let at = |now| quote(&event, ticket(&event, "vip"), 1, now, &none, None);

    assert_eq!(
        at(datetime!(2025-09-01 08:59 -4)),
        Err(QuoteError::NotYet {
            from: datetime!(2025-09-01 09:00 -4)
        })
    );
    assert!(at(datetime!(2025-09-01 09:00 -4)).is_ok());
    assert_eq!(at(datetime!(2026-05-22 18:00 -4)), Err(QuoteError::Closed));
}

#[test]
fn an_early_access_code_buys_before_the_public_but_not_what_is_sold_out_or_closed() {
    let mut event = event();
    event.sales_open = Some(datetime!(2025-09-01 09:00 -4));
    event.sales_close = Some(datetime!(2026-05-22 18:00 -4));
    let early = CodeRecord {
        early_access: true,
        ..code(CodeKind::PercentOff(0))
    };
    let plain = code(CodeKind::PercentOff(10));
    let none = HashMap::new();
    let sold_out = HashMap::from([("ticket:vip".to_owned(), 0)]);
    let before = datetime!(2025-08-20 12:00 -4);
    let at = |now, stock: &HashMap<String, i64>, code: &CodeRecord| {
        quote(&event, ticket(&event, "vip"), 1, now, stock, Some(code))
    };

    assert!(at(before, &none, &early).is_ok());
    assert!(matches!(at(before, &none, &plain), Err(QuoteError::NotYet { .. })));
    assert_eq!(at(before, &sold_out, &early), Err(QuoteError::SoldOut));
    assert_eq!(
        at(datetime!(2026-05-23 12:00 -4), &none, &early),
        Err(QuoteError::Closed)
    );
}

#[test]
fn a_hidden_item_is_priced_only_with_the_code_that_unlocks_it() {
    let mut event = event();
    event
        .tickets
        .iter_mut()
        .find(|ticket| ticket.ticket_type == "vip")
        .unwrap()
        .sale
        .hidden = true;
    let none = HashMap::new();
    let mut speaker = code(CodeKind::PercentOff(100));
    speaker.applies_to = vec!["ticket:developer".into()];
    speaker.unlocks = Some("ticket:vip".into());
    let mut other = code(CodeKind::PercentOff(100));
    other.applies_to = vec!["ticket:vip".into()];

    assert_eq!(
        quote(&event, ticket(&event, "vip"), 1, AUTUMN, &none, None),
        Err(QuoteError::Hidden)
    );
    assert_eq!(
        quote(&event, ticket(&event, "vip"), 1, AUTUMN, &none, Some(&other)),
        Err(QuoteError::Hidden)
    );
    let unlocked = quote(&event, ticket(&event, "vip"), 1, AUTUMN, &none, Some(&speaker)).unwrap();
    assert_eq!(unlocked.total.cents(), 0);
}

#[test]
fn a_code_holding_units_sells_when_the_item_is_sold_out() {
    let event = event();
    let sold_out = HashMap::from([("ticket:vip".to_owned(), 0_i64)]);
    let mut comp = code(CodeKind::PercentOff(100));
    comp.reserved_left = 1;

    assert_eq!(
        quote(&event, ticket(&event, "vip"), 1, AUTUMN, &sold_out, None),
        Err(QuoteError::SoldOut)
    );
    assert!(quote(&event, ticket(&event, "vip"), 1, AUTUMN, &sold_out, Some(&comp)).is_ok());
}

#[test]
fn sales_tax_is_part_of_prices_that_include_it_and_added_to_those_that_do_not() {
    use crate::event::{PaperSize, SalesTax, Seller};
    let mut event = event();
    let seller = |prices_include_tax| Seller {
        legal_name: "CodeWave Events LLC".into(),
        address: vec!["Miami".into()],
        tax_id: None,
        invoice_prefix: "CW-".into(),
        footer: None,
        paper: PaperSize::Letter,
        sales_tax: Some(SalesTax {
            label: "Florida sales tax".into(),
            basis_points: 700,
            applies_to: vec![crate::domain::OrderKind::Merchandise],
            prices_include_tax,
        }),
    };
    let none = HashMap::new();
    let tee = |event: &Event| {
        let item = Item::Merchandise(event.merchandise.iter().find(|item| item.id == 2).unwrap());
        quote(event, item, 2, AUTUMN, &none, None).unwrap()
    };

    event.seller = Some(seller(true));
    let included = tee(&event);
    event.seller = Some(seller(false));
    let added = tee(&event);

    assert_eq!(
        (included.total.cents(), included.tax.as_ref().unwrap().amount.cents()),
        (6_998, 458)
    );
    assert_eq!(
        (added.total.cents(), added.tax.as_ref().unwrap().amount.cents()),
        (7_488, 490)
    );
    assert!(
        quote(&event, ticket(&event, "vip"), 1, AUTUMN, &none, None)
            .unwrap()
            .tax
            .is_none(),
        "tickets are not taxed here"
    );
}
