//! Who a message goes to: one of five segments, parsed from the back office's JSON with a message per field, and
//! stored as that same JSON.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::FieldError;
use crate::domain::InterestArea;
use crate::event::Event;

/// The people a message reaches. Lists left out, null or empty mean every value; other fields left out or null, any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
// An example of its own: without one, schemathesis draws one from the five-way union, deep enough to trip CPython
// 3.11's parser ("AST constructor recursion depth mismatch") in the fuzz layer.
#[schema(as = MessageSegment, example = json!({"kind": "ticket_holders", "ticketTypes": ["vip"], "checkedIn": true}))]
pub enum Segment {
    /// Holders of valid tickets (the buyer for a seat nobody was named for), sponsor passes included.
    TicketHolders {
        /// Ticket types as the event file keys them (`vip`).
        #[serde(rename = "ticketTypes", default, skip_serializing_if = "Option::is_none")]
        ticket_types: Option<Vec<String>>,
        /// Only those checked in (true) or not yet (false); left out: both.
        #[serde(rename = "checkedIn", default, skip_serializing_if = "Option::is_none")]
        checked_in: Option<bool>,
    },
    /// Holders of a seat in one workshop session.
    Session {
        /// The session's slug, as `/api/admin/sessions` lists it.
        session: String,
    },
    /// The contacts of paid sponsorships.
    Sponsors,
    /// Buyers of paid merchandise not yet handed over at the pickup desk.
    MerchandiseNotPickedUp {
        /// One item, by its id as `/api/config` lists it; left out: every item.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<MerchandiseRef>,
    },
    /// Waitlist registrations that confirmed their address and did not unsubscribe; each email carries the
    /// unsubscribe link.
    Waitlist {
        /// Registrations interested in one of these (`web`, `ai`…).
        #[serde(rename = "interestAreas", default, skip_serializing_if = "Option::is_none")]
        interest_areas: Option<Vec<String>>,
    },
}

/// A merchandise item's id, kept as the back office sent it (a number, or its digits as a string) so the list
/// answers the segment as it was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
#[schema(as = MessageMerchandiseItem)]
pub enum MerchandiseRef {
    Number(u32),
    Text(String),
}

impl MerchandiseRef {
    pub fn id(&self) -> Option<u32> {
        match self {
            Self::Number(id) => Some(*id),
            Self::Text(digits) => digits.trim().parse().ok(),
        }
    }
}

impl Segment {
    /// The segment `value` describes, checked against the event file and the programme (`is_session` tells a
    /// session's slug); or a message for each field that is wrong.
    pub fn parse(value: &Value, event: &Event, is_session: impl Fn(&str) -> bool) -> Result<Self, Vec<FieldError>> {
        let Some(fields) = value.as_object() else {
            return Err(vec![("segment", "Choose who the message goes to.".into())]);
        };
        let mut errors = Vec::new();
        let segment = match fields.get("kind").and_then(Value::as_str) {
            Some("ticket_holders") => {
                let types: Vec<&str> = event.tickets.iter().map(|ticket| ticket.ticket_type.as_str()).collect();
                let ticket_types = listed(fields.get("ticketTypes"), &types).unwrap_or_else(|()| {
                    errors.push((
                        "segment.ticketTypes",
                        format!("Choose among this event's ticket types: {}.", types.join(", ")),
                    ));
                    None
                });
                let checked_in = match fields.get("checkedIn") {
                    None | Some(Value::Null) => None,
                    Some(Value::Bool(checked_in)) => Some(*checked_in),
                    Some(_) => {
                        errors.push(("segment", "checkedIn is true, false or left out.".into()));
                        None
                    }
                };
                Some(Self::TicketHolders {
                    ticket_types,
                    checked_in,
                })
            }
            Some("session") => match fields.get("session").and_then(Value::as_str).map(str::trim) {
                Some(slug) if is_session(slug) => Some(Self::Session {
                    session: slug.to_owned(),
                }),
                _ => {
                    errors.push(("segment.session", "Choose a session of the programme.".into()));
                    None
                }
            },
            Some("sponsors") => Some(Self::Sponsors),
            Some("merchandise_not_picked_up") => {
                let item = match fields.get("item") {
                    None | Some(Value::Null) => None,
                    Some(value) => serde_json::from_value::<MerchandiseRef>(value.clone())
                        .ok()
                        .filter(|item| item.id().is_some_and(|id| event.merchandise.iter().any(|m| m.id == id))),
                };
                if item.is_none() && fields.get("item").is_some_and(|value| !value.is_null()) {
                    errors.push(("segment.item", "Choose an item of the merchandise.".into()));
                }
                Some(Self::MerchandiseNotPickedUp { item })
            }
            Some("waitlist") => {
                let areas = InterestArea::ALL.map(InterestArea::value);
                let interest_areas = listed(fields.get("interestAreas"), &areas).unwrap_or_else(|()| {
                    errors.push((
                        "segment.interestAreas",
                        format!("Choose among the waitlist's interest areas: {}.", areas.join(", ")),
                    ));
                    None
                });
                Some(Self::Waitlist { interest_areas })
            }
            _ => {
                errors.push((
                    "segment",
                    "Choose who the message goes to: ticket_holders, session, sponsors, merchandise_not_picked_up \
                     or waitlist."
                        .into(),
                ));
                None
            }
        };
        match segment {
            Some(segment) if errors.is_empty() => Ok(segment),
            _ => Err(errors),
        }
    }

    /// Whether its emails go to the waitlist, and so carry the unsubscribe link and honour unsubscribes; the
    /// others are service messages to people with a ticket, an order or a sponsorship.
    pub fn is_mailing(&self) -> bool {
        matches!(self, Self::Waitlist { .. })
    }
}

/// The distinct values of a list among `known`, in the order sent; `None` when left out or empty (every value).
fn listed(value: Option<&Value>, known: &[&str]) -> Result<Option<Vec<String>>, ()> {
    let items = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(()),
    };
    let mut chosen: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let value = item.as_str().filter(|value| known.contains(value)).ok_or(())?;
        if !chosen.iter().any(|seen| seen == value) {
            chosen.push(value.to_owned());
        }
    }
    Ok((!chosen.is_empty()).then_some(chosen))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn event() -> Event {
        Event::load(&std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../conference.toml")).unwrap()
    }

    fn parse(value: Value) -> Result<Segment, Vec<FieldError>> {
        Segment::parse(&value, &event(), |slug| slug == "hands-on-rust")
    }

    fn fields(value: Value) -> Vec<&'static str> {
        parse(value).unwrap_err().into_iter().map(|(field, _)| field).collect()
    }

    #[test]
    fn each_kind_reads_back_as_it_was_written() {
        for value in [
            json!({ "kind": "ticket_holders", "ticketTypes": ["vip"], "checkedIn": true }),
            json!({ "kind": "ticket_holders" }),
            json!({ "kind": "session", "session": "hands-on-rust" }),
            json!({ "kind": "sponsors" }),
            json!({ "kind": "merchandise_not_picked_up", "item": 1 }),
            json!({ "kind": "merchandise_not_picked_up", "item": "2" }),
            json!({ "kind": "merchandise_not_picked_up" }),
            json!({ "kind": "waitlist", "interestAreas": ["ai", "web"] }),
        ] {
            let segment = parse(value.clone()).unwrap();
            assert_eq!(serde_json::to_value(&segment).unwrap(), value);
            assert_eq!(serde_json::from_value::<Segment>(value).unwrap(), segment);
        }
    }

    #[test]
    fn empty_lists_mean_every_value_and_repeats_count_once() {
        assert_eq!(
            parse(json!({ "kind": "ticket_holders", "ticketTypes": [], "checkedIn": null })).unwrap(),
            Segment::TicketHolders {
                ticket_types: None,
                checked_in: None
            }
        );
        assert_eq!(
            parse(json!({ "kind": "waitlist", "interestAreas": ["ai", "ai"] })).unwrap(),
            Segment::Waitlist {
                interest_areas: Some(vec!["ai".into()])
            }
        );
    }

    #[test]
    fn unknown_values_are_refused_by_their_field() {
        assert_eq!(fields(json!("sponsors")), ["segment"]);
        assert_eq!(fields(json!({ "kind": "everyone" })), ["segment"]);
        assert_eq!(
            fields(json!({ "kind": "ticket_holders", "ticketTypes": ["platinum"] })),
            ["segment.ticketTypes"]
        );
        assert_eq!(
            fields(json!({ "kind": "ticket_holders", "ticketTypes": "vip" })),
            ["segment.ticketTypes"]
        );
        assert_eq!(
            fields(json!({ "kind": "ticket_holders", "checkedIn": "yes" })),
            ["segment"]
        );
        assert_eq!(
            fields(json!({ "kind": "session", "session": "nope" })),
            ["segment.session"]
        );
        assert_eq!(fields(json!({ "kind": "session" })), ["segment.session"]);
        assert_eq!(
            fields(json!({ "kind": "merchandise_not_picked_up", "item": 999 })),
            ["segment.item"]
        );
        assert_eq!(
            fields(json!({ "kind": "merchandise_not_picked_up", "item": "cap" })),
            ["segment.item"]
        );
        assert_eq!(
            fields(json!({ "kind": "waitlist", "interestAreas": ["gardening"] })),
            ["segment.interestAreas"]
        );
    }

    #[test]
    fn only_the_waitlist_is_a_mailing() {
        assert!(parse(json!({ "kind": "waitlist" })).unwrap().is_mailing());
        assert!(!parse(json!({ "kind": "sponsors" })).unwrap().is_mailing());
    }
}
