use std::path::Path;

use super::*;

const SITE: &str = "https://codewave.events";

fn shipped_event() -> Event {
    Event::load(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../conference.toml"))).expect("the shipped event file")
}

fn reminder(manage_url: Option<&str>) -> RenderedEmail {
    let letter = AnswersLetter {
        name: Some("Bo & \"Lee\""),
        ticket_name: "Team Pass",
        open: vec!["Dietary needs", "Accessibility needs"],
        manage_url,
        until: "May 11, 2026",
    };
    Renderer::new()
        .answers_reminder(&shipped_event(), SITE, &letter)
        .expect("the email renders")
}

#[test]
fn the_reminder_lists_the_open_questions_with_the_holders_new_link_in_the_sites_layout() {
    let email = reminder(Some("https://codewave.events/my-tickets#new-secret"));
    assert_eq!(
        email.subject,
        "A few questions about your Team Pass for CodeWave Miami 2026"
    );
    for part in [&email.text, &email.html] {
        assert!(
            part.contains("Dietary needs") && part.contains("Accessibility needs"),
            "{part}"
        );
        assert!(
            part.contains("May 11, 2026") && part.contains("my-tickets#new-secret"),
            "{part}"
        );
        assert!(part.contains("hello@codewave.events"), "the layout's footer: {part}");
    }
    assert!(email.text.contains("Hi Bo & \"Lee\","), "{}", email.text);
    assert!(email.html.contains("Bo &amp; &quot;Lee&quot;"), "{}", email.html);
    assert!(email.unsubscribe_url.is_none() && email.attachments.is_empty());
}

#[test]
fn a_reminder_without_a_link_points_to_the_receipts() {
    let email = reminder(None);
    assert!(email.text.contains("from the link in your order") && !email.text.contains("my-tickets#"));
    assert!(!email.html.contains("my-tickets#"));
}

#[test]
fn the_day_before_email_carries_each_tickets_qr_code_the_venue_the_doors_and_the_schedule() {
    let letter = DayBeforeLetter {
        name: Some("Ana Diaz"),
        tickets: vec![
            HeldTicket {
                ticket_name: "Team Pass",
                attendee: Some("Ana Diaz"),
                code: "TK-1000-0000-0000-0000-0001",
            },
            HeldTicket {
                ticket_name: "Team Pass",
                attendee: None,
                code: "TK-4000-0000-0000-0000-0004",
            },
        ],
        doors: "08:00 on May 18, 2026",
        schedule_url: "https://codewave.events/schedule",
    };
    let email = Renderer::new()
        .day_before(&shipped_event(), SITE, &letter)
        .expect("the email renders");

    assert_eq!(
        email.subject,
        "CodeWave Miami 2026: your tickets, and the doors open at 08:00 on May 18, 2026"
    );
    for part in [&email.text, &email.html] {
        assert!(part.contains("TK-1000-0000-0000-0000-0001") && part.contains("TK-4000-0000-0000-0000-0004"));
        assert!(part.contains("Miami Beach Convention Center") && part.contains("08:00 on May 18, 2026"));
        assert!(
            part.contains("https://codewave.events/schedule")
                || part.contains("https:&#x2f;&#x2f;codewave.events&#x2f;schedule")
        );
    }
    let inline: Vec<&str> = email
        .inline_images
        .iter()
        .map(|image| image.content_id.as_str())
        .collect();
    assert_eq!(inline, ["ticket-qr-1", "ticket-qr-2"]);
    assert!(email.html.contains("cid:ticket-qr-1") && email.html.contains("cid:ticket-qr-2"));
    let files: Vec<&str> = email.attachments.iter().map(|file| file.filename.as_str()).collect();
    assert_eq!(
        files,
        [
            "ticket-TK-1000-0000-0000-0000-0001.png",
            "ticket-TK-4000-0000-0000-0000-0004.png"
        ]
    );
    assert_eq!(
        email.attachments[0].bytes,
        qr::qr_png("TK-1000-0000-0000-0000-0001").unwrap()
    );
}
