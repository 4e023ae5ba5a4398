use std::io::BufReader;
use std::path::Path;

use serde_json::json;

use super::qr::tests::{decode_modules, expected_modules};
use super::qr::{MODULE_PIXELS, QUIET_ZONE};
use super::*;
use crate::domain::Money;
use crate::orders::OrderStatus;

const SITE: &str = "https://codewave.events";
const SCRIPT: &str = "<script>alert(1)</script>";
const UNSUBSCRIBE: &str = "https://codewave.events/api/waitlist/unsubscribe?id=42&token=s3cr3t";
/// 2026-02-02T03:00:00Z: still February 1 at the venue.
const PAID_AT: i64 = 1_770_001_200_000;

fn shipped_event() -> Event {
    Event::load(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"))).expect("the shipped event file")
}

fn order(kind: OrderKind, buyer_name: &str, item_name: &str, unit_cents: i64, quantity: i64) -> Order {
    Order {
        id: "0d4f6a0e-8d7c-4b8e-9a51-5c1f2e3d4b6a".into(),
        reference: "CW-7K3P9QXM".into(),
        kind,
        status: OrderStatus::Paid,
        buyer_name: buyer_name.into(),
        buyer_email: "ana@example.com".into(),
        sku: String::new(),
        variant_sku: None,
        item_name: item_name.into(),
        unit_price: Money::from_cents(unit_cents),
        quantity,
        options: json!({}),
        amount: Money::from_cents(unit_cents * quantity),
        refunded_amount: Money::from_cents(0),
        currency: "usd".into(),
        gateway: "sandbox".into(),
        payment_id: Some("pi_sandbox_3f9a1c7e".into()),
        client_secret_hash: None,
        client_secret_retired_at: None,
        client_address: Some("192.0.2.1".into()),
        units_held: quantity,
        pickup_code: None,
        last_payment_error: None,
        refund_reason: None,
        manage_token_hash: None,
        picked_up_at: None,
        picked_up_by: None,
        created_at: PAID_AT - 60_000,
        updated_at: PAID_AT,
        expires_at: PAID_AT + 1_800_000,
        paid_at: Some(PAID_AT),
        phase: None,
        discounts: Vec::new(),
        code: None,
        tax: None,
        billing: None,
        billing_corrected_at: None,
    }
}

fn vip_ticket(buyer_name: &str) -> Order {
    Order {
        options: json!({ "ticketType": "vip", "ticketId": 2 }),
        ..order(OrderKind::Ticket, buyer_name, "VIP Pass", 129_900, 1)
    }
}

fn team_tickets() -> Order {
    Order {
        options: json!({ "ticketType": "team", "ticketId": 3 }),
        ..order(OrderKind::Ticket, "Ana Diaz", "Team Pass", 69_900, 4)
    }
}

fn tshirts(buyer_name: &str) -> Order {
    Order {
        options: json!({ "merchandiseId": 1, "size": "M", "color": "Ocean Blue" }),
        pickup_code: Some("PU-4F7K2Q".into()),
        ..order(OrderKind::Merchandise, buyer_name, "Conference T-Shirt", 500, 2)
    }
}

fn platinum(contact_name: &str, company_name: &str) -> Order {
    Order {
        options: json!({
            "tier": "platinum",
            "companyName": company_name,
            "contactName": contact_name,
            "phone": "+1 305 555 0100",
            "website": "https://acme.example",
            "additionalInfo": "",
        }),
        ..order(
            OrderKind::Sponsorship,
            contact_name,
            "Platinum Sponsorship",
            5_000_000,
            1,
        )
    }
}

/// The buyer's ticket code, stored and as printed.
const BUYER_CODE: &str = "7K3P9QXM7K3P9QXM7K3P";
const BUYER_CODE_SHOWN: &str = "TK-7K3P-9QXM-7K3P-9QXM-7K3P";
const MANAGE_URL: &str = "https://codewave.events/my-tickets#manage-secret";

/// A paid ticket order's tickets: the buyer's first, the others not yet named.
fn tickets_of(order: &Order) -> Vec<TicketRecord> {
    if order.kind != OrderKind::Ticket {
        return Vec::new();
    }
    (1..=order.quantity)
        .map(|position| TicketRecord {
            id: format!("ticket-{position}"),
            order_id: order.id.clone(),
            position,
            ticket_type: order.options["ticketType"].as_str().unwrap_or("vip").into(),
            code: if position == 1 {
                BUYER_CODE.into()
            } else {
                format!("{position}000000000000000000X")
            },
            attendee_name: (position == 1).then(|| order.buyer_name.clone()),
            attendee_email: (position == 1).then(|| order.buyer_email.clone()),
            status: TicketStatus::Valid,
            holder_token_hash: None,
            checked_in_at: None,
            checked_in_by: None,
            created_at: PAID_AT,
            updated_at: PAID_AT,
        })
        .collect()
}

fn render_order(order: &Order) -> RenderedEmail {
    let manage_token = (order.kind != OrderKind::Merchandise).then_some("manage-secret");
    Renderer::new()
        .order_confirmation(&shipped_event(), SITE, order, &tickets_of(order), manage_token)
        .expect("the email renders")
}

const CONFIRM: &str = "https://codewave.events/waitlist/confirm?token=c0nf1rm";

/// The confirmation of a registration that asked for updates, with its confirmation link.
fn render_waitlist(full_name: &str) -> RenderedEmail {
    render_waitlist_standing(full_name, crate::store::Updates::AwaitingConfirmation, Some(CONFIRM))
}

fn render_waitlist_standing(
    full_name: &str,
    updates: crate::store::Updates,
    confirm_url: Option<&str>,
) -> RenderedEmail {
    let letter = WaitlistLetter {
        name: full_name,
        updates,
        confirm_url,
    };
    Renderer::new()
        .waitlist_confirmation(&shipped_event(), SITE, &letter, UNSUBSCRIBE)
        .expect("the email renders")
}

/// The HTML part's text with minijinja's escapes undone, to look for values such as URLs.
fn unescaped(html: &str) -> String {
    html.replace("&#x2f;", "/")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn assert_contains_all(part: &str, facts: &[&str]) {
    for fact in facts {
        assert!(part.contains(fact), "missing {fact:?} in:\n{part}");
    }
}

fn attachment<'a>(email: &'a RenderedEmail, filename: &str) -> &'a Attachment {
    email
        .attachments
        .iter()
        .find(|attachment| attachment.filename == filename)
        .unwrap_or_else(|| panic!("no attachment {filename} among {:?}", email.attachments))
}

fn calendar_of(email: &RenderedEmail) -> (String, ical::parser::ical::component::IcalCalendar) {
    let ics = String::from_utf8(attachment(email, "codewave-miami-2026.ics").bytes.clone()).expect("UTF-8");
    let mut calendars = ical::IcalParser::new(BufReader::new(ics.as_bytes()));
    let calendar = calendars.next().expect("one calendar").expect("a valid calendar");
    assert!(calendars.next().is_none(), "exactly one calendar");
    (ics, calendar)
}

fn property<'a>(properties: &'a [ical::property::Property], name: &str) -> &'a str {
    properties
        .iter()
        .find(|property| property.name == name)
        .and_then(|property| property.value.as_deref())
        .unwrap_or_else(|| panic!("no {name} in {properties:?}"))
}

#[test]
fn the_waitlist_email_thanks_the_visitor_and_says_what_happens_next() {
    let email = render_waitlist("Ana Diaz");

    assert_eq!(email.subject, "You're on the CodeWave Miami 2026 waitlist");
    let facts = [
        "Hi Ana Diaz,",
        "free tickets",
        "hotel stay",
        "May 18-22, 2026",
        "on sale now",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&unescaped(&email.html), &facts);
    assert!(email.text.contains("WHAT HAPPENS NEXT") && email.html.contains("What happens next"));
    assert!(email.attachments.is_empty() && email.inline_images.is_empty());
}

#[test]
fn the_waitlist_email_carries_a_one_click_unsubscribe_link_in_both_parts_and_the_header() {
    let email = render_waitlist("Ana Diaz");

    assert_eq!(email.unsubscribe_url.as_deref(), Some(UNSUBSCRIBE));
    assert!(
        email
            .text
            .contains(&format!("Unsubscribe with one click at any time: {UNSUBSCRIBE}"))
    );
    assert!(
        email.html.contains("id=42&amp;token=s3cr3t"),
        "the & in the link is escaped"
    );
    assert!(unescaped(&email.html).contains(&format!("<a href=\"{UNSUBSCRIBE}\"")));
}

#[test]
fn a_waitlist_name_that_could_carry_a_link_is_left_out_of_the_greeting() {
    for name in ["Claim your prize at evil.example", SCRIPT] {
        let email = render_waitlist(name);

        for part in [email.text.as_str(), email.html.as_str()] {
            assert!(!part.contains("evil.example") && !part.contains("script"), "{part}");
        }
        assert!(email.text.contains("Hi there,"), "{}", email.text);
    }
}

#[test]
fn the_waitlist_email_asks_to_confirm_the_address_before_promising_anything() {
    let email = render_waitlist("Ana Diaz");

    assert!(
        email.text.contains(&format!("Confirm my address: {CONFIRM}")),
        "{}",
        email.text
    );
    assert!(unescaped(&email.html).contains(&format!("<a href=\"{CONFIRM}\"")));
    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "One step left: confirm",
                "Didn't sign up?",
                "Once you confirm, we'll email you exclusive updates",
            ],
        );
    }
    assert!(
        email.html.contains("confirm your address for a chance at free tickets"),
        "the preheader asks too"
    );
}

#[test]
fn an_address_that_declined_or_unsubscribed_is_offered_updates_through_the_same_link() {
    use crate::store::Updates;
    let declined = render_waitlist_standing("Ana Diaz", Updates::Declined, Some(CONFIRM));
    let unsubscribed = render_waitlist_standing("Ana Diaz", Updates::Unsubscribed, Some(CONFIRM));

    assert!(
        declined
            .text
            .contains(&format!("Changed your mind? Receive updates: {CONFIRM}")),
        "{}",
        declined.text
    );
    assert!(
        unsubscribed
            .text
            .contains(&format!("Changed your mind? Receive updates again: {CONFIRM}")),
        "{}",
        unsubscribed.text
    );
    for email in [&declined, &unsubscribed] {
        assert!(unescaped(&email.html).contains(&format!("<a href=\"{CONFIRM}\"")));
        for part in [email.text.as_str(), &unescaped(&email.html)] {
            assert!(
                !part.contains("in the running") && !part.contains("One step left"),
                "{part}"
            );
            assert!(
                part.contains("Mark May 18-22, 2026") || part.contains("Mark <strong>May 18-22, 2026"),
                "{part}"
            );
        }
    }
}

#[test]
fn a_waitlist_email_without_a_link_offers_none() {
    use crate::store::Updates;
    for updates in [
        Updates::AwaitingConfirmation,
        Updates::Declined,
        Updates::Unsubscribed,
        Updates::Confirmed,
    ] {
        let email = render_waitlist_standing("Ana Diaz", updates, None);

        assert!(
            !email.text.contains("/waitlist/confirm") && !email.html.contains("confirm?token"),
            "{}",
            email.text
        );
    }
    let confirmed = render_waitlist_standing("Ana Diaz", Updates::Confirmed, Some(CONFIRM));
    assert!(
        !confirmed.text.contains(CONFIRM),
        "a confirmed address has nothing to confirm"
    );
    assert!(
        confirmed.text.contains("You're now in the running"),
        "{}",
        confirmed.text
    );
}

#[test]
fn receipts_name_the_order_reference_never_the_payment_id() {
    for email in [
        render_order(&vip_ticket("Ana Diaz")),
        render_order(&tshirts("Ana Diaz")),
        render_order(&platinum("Ana Diaz", "Acme Corp")),
    ] {
        for part in [email.text.as_str(), email.html.as_str()] {
            assert!(part.contains("CW-7K3P9QXM"));
            assert!(
                !part.contains("pi_sandbox") && !part.contains("Payment reference"),
                "{part}"
            );
        }
    }
}

#[test]
fn order_emails_carry_no_unsubscribe_link() {
    let email = render_order(&vip_ticket("Ana Diaz"));

    assert_eq!(email.unsubscribe_url, None);
    assert!(!email.text.to_lowercase().contains("unsubscribe"));
    assert!(!email.html.to_lowercase().contains("unsubscribe"));
}

#[test]
fn every_email_names_the_event_its_dates_a_contact_and_the_site() {
    let emails = [
        render_waitlist("Ana Diaz"),
        render_order(&vip_ticket("Ana Diaz")),
        render_order(&tshirts("Ana Diaz")),
        render_order(&platinum("Ana Diaz", "Acme Corp")),
    ];

    for email in &emails {
        for part in [email.text.as_str(), &unescaped(&email.html)] {
            assert_contains_all(
                part,
                &["CodeWave Miami 2026", "May 18-22, 2026", "hello@codewave.events", SITE],
            );
        }
        assert!(unescaped(&email.html).contains("href=\"mailto:hello@codewave.events\""));
        assert!(!email.subject.contains('\n') && email.subject == email.subject.trim());
        assert!(
            email.text.ends_with('\n') && !email.text.ends_with("\n\n"),
            "one trailing newline"
        );
        assert!(email.html.starts_with("<!DOCTYPE html>") && email.html.ends_with("</html>\n"));
        assert!(!email.text.contains("{{") && !email.html.contains("{{") && !email.html.contains("{%"));
    }
}

#[test]
fn names_with_markup_are_escaped_in_html_and_left_as_written_in_text() {
    let emails = [
        render_order(&vip_ticket(SCRIPT)),
        render_order(&tshirts(SCRIPT)),
        render_order(&platinum(SCRIPT, SCRIPT)),
    ];

    for email in &emails {
        assert!(
            email.html.contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt;"),
            "{}",
            email.html
        );
        assert!(!email.html.contains("<script"), "raw markup in:\n{}", email.html);
        assert!(email.text.contains(SCRIPT), "the text part is not HTML");
    }
}

#[test]
fn the_ticket_receipt_states_ticket_attendee_amount_reference_and_payment() {
    let email = render_order(&vip_ticket("Ana Diaz"));

    assert_eq!(email.subject, "Your VIP Pass for CodeWave Miami 2026 (CW-7K3P9QXM)");
    let facts = [
        "VIP Pass",
        "Ana Diaz",
        "$1,299.00",
        "CW-7K3P9QXM",
        BUYER_CODE_SHOWN,
        "February 1, 2026",
        "admits one person: you",
        "Miami Beach Convention Center",
        "1901 Convention Center Drive, Miami Beach, FL 33139",
        "VIP lounge with speakers",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&unescaped(&email.html), &facts);
    assert!(email.text.contains(&format!("YOUR TICKET CODE: {BUYER_CODE_SHOWN}")));
    assert!(
        email
            .text
            .contains(&format!("Give your ticket to someone else at\n{MANAGE_URL}")),
        "{}",
        email.text
    );
}

#[test]
fn the_ticket_receipt_states_the_refund_and_transfer_dates() {
    let email = render_order(&vip_ticket("Ana Diaz"));

    let facts = [
        "Full refund until March 18, 2026",
        "50% refund from March 19, 2026 until April 18, 2026",
        "No refunds after April 18, 2026",
        "up to 7 days before the",
        "May 11, 2026",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&email.html.replace("<strong>", "").replace("</strong>", ""), &facts);
}

#[test]
fn a_team_receipt_carries_the_buyers_ticket_and_the_link_to_name_the_others() {
    let email = render_order(&team_tickets());

    assert_eq!(email.subject, "Your Team Pass for CodeWave Miami 2026 (CW-7K3P9QXM)");
    let facts = [
        "$2,796.00",
        BUYER_CODE_SHOWN,
        "Your order has 4 tickets",
        "Name the other 3 people",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&unescaped(&email.html), &facts);
    assert!(email.text.contains("4 x $699.00"));
    assert!(email.text.contains(MANAGE_URL));
    assert!(unescaped(&email.html).contains(&format!("<a href=\"{MANAGE_URL}\"")));
    assert!(
        !email.text.contains("0000000000"),
        "the unnamed tickets' codes are on the private page only"
    );
    assert_eq!(email.inline_images.len(), 1, "the buyer's own ticket");
}

#[test]
fn an_attendee_ticket_is_theirs_alone() {
    let order = team_tickets();
    let mut ticket = tickets_of(&order).remove(2);
    ticket.attendee_name = Some("Bo Lee".into());
    ticket.attendee_email = Some("bo@example.com".into());

    let email = Renderer::new()
        .attendee_ticket(&shipped_event(), SITE, &order, &ticket, Some("holder-secret"))
        .unwrap();

    assert_eq!(email.subject, "Your Team Pass for CodeWave Miami 2026");
    let facts = [
        "Hi Bo Lee,",
        "Ana Diaz has given you a",
        "TK-3000-0000-0000-0000-000X",
        "Miami Beach Convention Center",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&unescaped(&email.html), &facts);
    assert!(!email.text.contains(BUYER_CODE_SHOWN) && !email.text.contains("manage-secret"));
    let own_link = "https://codewave.events/my-tickets#holder-secret";
    assert!(email.text.contains(own_link), "the holder's own link: {}", email.text);
    assert!(unescaped(&email.html).contains(own_link));
    assert!(
        !email.text.contains("Ask Ana Diaz"),
        "the holder passes it on, not the buyer"
    );
    attachment(&email, "ticket-TK-3000-0000-0000-0000-000X.png");
    let (_, calendar) = calendar_of(&email);
    assert_eq!(
        property(&calendar.events[0].properties, "UID"),
        "ticket-3@codewave.events"
    );
}

#[test]
fn the_ticket_qr_code_is_an_inline_png_of_the_ticket_code_and_an_attachment() {
    let email = render_order(&vip_ticket("Ana Diaz"));

    let [inline] = email.inline_images.as_slice() else {
        panic!("one inline image: {:?}", email.inline_images.len());
    };
    assert_eq!(
        (inline.content_id.as_str(), inline.content_type.as_str()),
        ("ticket-qr", "image/png")
    );
    assert!(email.html.contains("src=\"cid:ticket-qr\""));
    assert!(
        email
            .html
            .contains(&format!("alt=\"QR code for ticket code {BUYER_CODE_SHOWN}\""))
    );
    let attached = attachment(&email, &format!("ticket-{BUYER_CODE_SHOWN}.png"));
    assert_eq!(attached.content_type, "image/png");
    assert_eq!(attached.bytes, inline.bytes);

    let (side, modules) = decode_modules(&inline.bytes);
    let width = qrcode::QrCode::new(BUYER_CODE_SHOWN).unwrap().width();
    assert_eq!(side as usize, (width + 2 * QUIET_ZONE) * MODULE_PIXELS);
    assert_eq!(modules, expected_modules(BUYER_CODE_SHOWN));
}

#[test]
fn the_ticket_receipt_attaches_a_calendar_event_at_the_events_utc_times() {
    let email = render_order(&vip_ticket("Ana Diaz"));

    let calendar_file = attachment(&email, "codewave-miami-2026.ics");
    assert_eq!(
        calendar_file.content_type,
        "text/calendar; charset=utf-8; method=PUBLISH"
    );
    let (_, calendar) = calendar_of(&email);
    assert_eq!(property(&calendar.properties, "VERSION"), "2.0");
    assert_eq!(property(&calendar.properties, "METHOD"), "PUBLISH");
    assert_eq!(property(&calendar.properties, "CALSCALE"), "GREGORIAN");
    assert!(property(&calendar.properties, "PRODID").contains("CodeWave Miami 2026"));
    let [event] = calendar.events.as_slice() else {
        panic!("one event: {:?}", calendar.events);
    };
    assert_eq!(property(&event.properties, "DTSTART"), "20260518T040000Z");
    assert_eq!(property(&event.properties, "DTEND"), "20260522T220000Z");
    assert_eq!(property(&event.properties, "DTSTAMP"), "20260202T030000Z");
    assert_eq!(
        property(&event.properties, "UID"),
        "0d4f6a0e-8d7c-4b8e-9a51-5c1f2e3d4b6a@codewave.events"
    );
    assert_eq!(property(&event.properties, "SUMMARY"), "CodeWave Miami 2026");
    assert_eq!(
        property(&event.properties, "LOCATION"),
        "Miami Beach Convention Center\\, 1901 Convention Center Drive\\, Miami Beach\\, FL 33139"
    );
    assert_eq!(property(&event.properties, "URL"), SITE);
    assert!(property(&event.properties, "DESCRIPTION").contains(&format!("Ticket code: {BUYER_CODE_SHOWN}")));
}

#[test]
fn the_calendar_file_uses_crlf_folds_long_lines_and_escapes_text() {
    let email = render_order(&vip_ticket(
        "José Müller; O'Brien, Jr. ☀ de la Cruz y Fernández-Villaverde",
    ));

    let (ics, calendar) = calendar_of(&email);
    assert!(ics.ends_with("END:VCALENDAR\r\n"));
    assert!(!ics.replace("\r\n", "").contains('\n'), "every line ends with CRLF");
    let lines: Vec<&str> = ics.trim_end_matches("\r\n").split("\r\n").collect();
    assert!(lines.iter().all(|line| line.len() <= 75), "{lines:#?}");
    assert!(
        lines.iter().any(|line| line.starts_with(' ')),
        "the description is folded"
    );
    let description = property(&calendar.events[0].properties, "DESCRIPTION");
    assert!(description.contains("José Müller\\; O'Brien\\, Jr."), "{description}");
    assert!(description.contains("\\n"), "newlines are escaped: {description}");
}

#[test]
fn rendering_the_same_ticket_twice_gives_the_same_email() {
    let renderer = Renderer::new();
    let (event, order) = (shipped_event(), vip_ticket("Ana Diaz"));

    let tickets = tickets_of(&order);
    let first = renderer
        .order_confirmation(&event, SITE, &order, &tickets, Some("manage-secret"))
        .unwrap();
    let second = renderer
        .order_confirmation(&event, SITE, &order, &tickets, Some("manage-secret"))
        .unwrap();

    assert_eq!(first, second);
}

#[test]
fn the_merchandise_confirmation_states_the_order_pickup_code_and_where_and_when_to_collect() {
    let email = render_order(&tshirts("Ana Diaz"));

    assert_eq!(email.subject, "Your CodeWave Miami 2026 merchandise order (PU-4F7K2Q)");
    let facts = [
        "Conference T-Shirt",
        "Size:",
        "M",
        "Colour:",
        "Ocean Blue",
        "2 x $5.00",
        "$10.00",
        "CW-7K3P9QXM",
        "PU-4F7K2Q",
        "Miami Beach Convention Center",
        "1901 Convention Center Drive, Miami Beach, FL 33139",
        "South Beach, Miami",
        "during the event, May 18-22, 2026",
        "this email or a photo ID",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(
        &unescaped(&email.html)
            .replace("&times;", "x")
            .replace("<strong>", "")
            .replace("</strong>", ""),
        &facts.map(|fact| fact.trim_end_matches(':')),
    );
}

#[test]
fn the_pickup_qr_code_encodes_the_pickup_code() {
    let email = render_order(&tshirts("Ana Diaz"));

    let [inline] = email.inline_images.as_slice() else {
        panic!("one inline image");
    };
    assert_eq!(inline.content_id, "pickup-qr");
    assert!(email.html.contains("src=\"cid:pickup-qr\""));
    assert_eq!(attachment(&email, "pickup-PU-4F7K2Q.png").bytes, inline.bytes);
    assert_eq!(decode_modules(&inline.bytes).1, expected_modules("PU-4F7K2Q"));
    assert_eq!(email.attachments.len(), 1, "no calendar file for merchandise");
}

#[test]
fn merchandise_without_size_or_colour_leaves_those_lines_out() {
    let cap = Order {
        options: json!({ "merchandiseId": 3, "size": null, "color": null }),
        pickup_code: Some("PU-4F7K2Q".into()),
        ..order(OrderKind::Merchandise, "Ana Diaz", "Conference Cap", 100, 1)
    };

    let email = render_order(&cap);

    assert!(
        !email.text.contains("Size:") && !email.text.contains("Colour:"),
        "{}",
        email.text
    );
    assert!(!email.html.contains(">Size<") && !email.html.contains(">Colour<"));
    assert!(email.text.contains("Conference Cap"));
}

#[test]
fn the_sponsorship_receipt_states_company_tier_amount_payment_and_perks() {
    let email = render_order(&platinum("Ana Diaz", "Acme Corp"));

    assert_eq!(
        email.subject,
        "Your Platinum sponsorship of CodeWave Miami 2026 (CW-7K3P9QXM)"
    );
    let facts = [
        "Hi Ana Diaz,",
        "Acme Corp",
        "Platinum",
        "$50,000.00",
        "CW-7K3P9QXM",
        "Logo on the main stage and every keynote slide",
        "Speaking slot on the main stage",
        "Premium placement in the conference app and emails",
        "20 VIP passes",
        "A 20'x20' exhibition space",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(&unescaped(&email.html), &facts);
    assert!(email.attachments.is_empty() && email.inline_images.is_empty());
}

#[test]
fn the_sponsorship_receipt_says_what_happens_next() {
    let email = render_order(&platinum("Ana Diaz", "Acme Corp"));

    let facts = [
        "within two business days",
        "logo and profile",
        "booth",
        "VIP passes",
        "Reply to this email",
        "https://codewave.events/sponsor#manage-secret",
    ];
    assert_contains_all(&email.text, &facts);
    assert_contains_all(
        &unescaped(&email.html).replace("<strong>", "").replace("</strong>", ""),
        &facts,
    );
}

#[test]
fn a_sponsorship_receipt_sent_again_without_its_link_says_where_it_is() {
    let email = Renderer::new()
        .order_confirmation(&shipped_event(), SITE, &platinum("Ana Diaz", "Acme Corp"), &[], None)
        .unwrap();

    assert!(!email.text.contains("/sponsor#"));
    assert!(
        email.text.contains("the link is in your first receipt"),
        "{}",
        email.text
    );
}

#[test]
fn a_tier_without_exhibition_space_does_not_promise_one() {
    let workshop = Order {
        options: json!({ "tier": "workshop", "companyName": "Acme Corp", "contactName": "Ana Diaz" }),
        ..order(OrderKind::Sponsorship, "Ana Diaz", "Workshop Sponsorship", 300_000, 1)
    };

    let email = render_order(&workshop);

    assert_eq!(
        email.subject,
        "Your Workshop sponsorship of CodeWave Miami 2026 (CW-7K3P9QXM)"
    );
    assert_contains_all(
        &email.text,
        &["2 VIP passes", "Host a 90-minute hands-on workshop", "$3,000.00"],
    );
    assert!(!email.text.contains("exhibition space"));
}

fn refund_of(order: &Order, cents: i64, cancels_order: bool) -> (Order, RefundRecord) {
    let refunded = Order {
        refunded_amount: Money::from_cents(cents),
        status: if cancels_order {
            OrderStatus::Refunded
        } else {
            OrderStatus::Paid
        },
        ..order.clone()
    };
    let refund = RefundRecord {
        id: "refund-1".into(),
        order_id: order.id.clone(),
        idempotency_key: "key".into(),
        amount: Money::from_cents(cents),
        policy: if cancels_order { "half" } else { "goodwill" }.into(),
        reason: "A reason".into(),
        cancels_order,
        request_hash: None,
        status: crate::store::RefundStatus::Succeeded,
        gateway_refund_id: Some("re_1".into()),
        error: None,
        actor: "Olivia".into(),
        created_at: PAID_AT,
        completed_at: Some(PAID_AT),
    };
    (refunded, refund)
}

#[test]
fn a_refund_email_says_whether_the_order_is_cancelled_whatever_the_amount() {
    let (half, cancelling) = refund_of(&vip_ticket("Ana Diaz"), 64_950, true);
    let (kept, goodwill) = refund_of(&vip_ticket("Ana Diaz"), 20_000, false);

    let cancelled = Renderer::new()
        .refund_confirmation(&shipped_event(), SITE, &half, &cancelling)
        .unwrap();
    let valid = Renderer::new()
        .refund_confirmation(&shipped_event(), SITE, &kept, &goodwill)
        .unwrap();

    let cancelled_text = "Your order is cancelled: it is no longer valid and its tickets will not admit anyone.";
    assert!(cancelled.text.contains(cancelled_text), "{}", cancelled.text);
    assert!(unescaped(&cancelled.html).contains(cancelled_text));
    assert!(
        valid
            .text
            .contains("Your order stays valid: its tickets still admit their holders."),
        "{}",
        valid.text
    );
    assert!(!valid.text.contains("cancelled"));
}

fn waiting_entry(name: &str) -> crate::store::WaitingListEntry {
    crate::store::WaitingListEntry {
        id: "entry-1".into(),
        kind: OrderKind::Merchandise,
        sku: "merchandise:1".into(),
        variant_sku: Some("merchandise:1:M:Black".into()),
        item_name: "Hackathon Tee".into(),
        options: json!({ "size": "M", "color": "Black" }),
        name: name.into(),
        email: "wanda@example.com".into(),
        quantity: 2,
        state: crate::store::EntryState::Offered,
        code: Some("WAIT-7K3P9QXM".into()),
        offered_at: Some(PAID_AT),
        // 2026-02-02T03:00:00Z: 23:00 on February 1 at the venue.
        offer_expires_at: Some(PAID_AT),
        passed_over_at: None,
        created_at: PAID_AT,
    }
}

#[test]
fn the_waiting_list_email_gives_the_place_and_says_what_happens_next() {
    let email = Renderer::new()
        .waiting_list_joined(&shipped_event(), SITE, &waiting_entry("Wanda Waiting"), 3, 48)
        .unwrap();

    assert!(email.subject.contains("number 3"), "{}", email.subject);
    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "Hi Wanda Waiting",
                "2 × Hackathon Tee (M, Black)",
                "number 3",
                "for 48 hours",
                "No thanks",
            ],
        );
    }
}

#[test]
fn an_entry_passed_over_is_told_it_keeps_its_place() {
    let email = Renderer::new()
        .waiting_list_passed_over(&shipped_event(), SITE, &waiting_entry(SCRIPT), 1)
        .unwrap();

    assert!(email.subject.contains("You keep your place"), "{}", email.subject);
    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "Hi there",
                "2 × Hackathon Tee (M, Black)",
                "who asked for fewer",
                "number 1",
            ],
        );
    }
    assert!(!email.html.contains("<script>"), "a name with markup is never printed");
}

#[test]
fn a_waiting_list_offer_carries_its_code_its_deadline_and_both_links() {
    let links = WaitingListOfferLinks {
        code: "WAIT-7K3P9QXM",
        checkout_url: "https://codewave.events/merchandise-checkout/1?code=WAIT-7K3P9QXM",
        decline_url: "https://codewave.events/waiting-list/decline?token=t0k3n",
        until: PAID_AT,
    };
    let email = Renderer::new()
        .waiting_list_offer(&shipped_event(), SITE, &waiting_entry(SCRIPT), &links)
        .unwrap();

    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "WAIT-7K3P9QXM",
                "23:00 on February 1, 2026",
                "https://codewave.events/merchandise-checkout/1?code=WAIT-7K3P9QXM",
                "https://codewave.events/waiting-list/decline?token=t0k3n",
                "Hi there",
            ],
        );
    }
    assert!(!email.html.contains("<script>"), "a name with markup is never printed");
    assert!(
        email.subject.contains("held for you until 23:00 on February 1, 2026"),
        "{}",
        email.subject
    );
}

#[test]
fn a_presale_link_opens_each_ticket_until_its_deadline_and_can_be_unsubscribed_from() {
    let letter = PresaleLetter {
        name: SCRIPT,
        item: "Every ticket",
        units: 4,
        code: "PRE-7K3P9QXM",
        links: vec![
            (
                "Developer Pass".into(),
                "https://codewave.events/checkout/developer?code=PRE-7K3P9QXM".into(),
            ),
            (
                "VIP Pass".into(),
                "https://codewave.events/checkout/vip?code=PRE-7K3P9QXM".into(),
            ),
        ],
        until: PAID_AT,
    };
    let unsubscribe = "https://codewave.events/unsubscribe?token=u1";
    let email = Renderer::new()
        .presale_link(&shipped_event(), SITE, &letter, unsubscribe)
        .unwrap();

    assert_eq!(email.unsubscribe_url.as_deref(), Some(unsubscribe));
    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "Hi there",
                "up to 4",
                "PRE-7K3P9QXM",
                "23:00 on February 1, 2026",
                "https://codewave.events/checkout/developer?code=PRE-7K3P9QXM",
                "https://codewave.events/checkout/vip?code=PRE-7K3P9QXM",
                unsubscribe,
            ],
        );
    }
    assert!(!email.html.contains("<script>"), "a name with markup is never printed");
}

#[test]
fn a_draw_prize_gives_the_code_the_claim_link_and_the_seed() {
    let letter = PrizeLetter {
        name: "Wanda Winner",
        item: "Developer Pass",
        code: "WIN-7K3P9QXM",
        claim_url: "https://codewave.events/checkout/developer?code=WIN-7K3P9QXM",
        seed: "launch-2026",
    };
    let unsubscribe = "https://codewave.events/unsubscribe?token=u1";
    let email = Renderer::new()
        .draw_prize(&shipped_event(), SITE, &letter, unsubscribe)
        .unwrap();

    assert!(
        email.subject.contains("You won a free Developer Pass"),
        "{}",
        email.subject
    );
    for part in [email.text.as_str(), &unescaped(&email.html)] {
        assert_contains_all(
            part,
            &[
                "Hi Wanda Winner",
                "WIN-7K3P9QXM",
                "https://codewave.events/checkout/developer?code=WIN-7K3P9QXM",
                "launch-2026",
                unsubscribe,
            ],
        );
    }
}
