use std::sync::Arc;
use std::time::Instant;

use serde_json::{Value, json};

use crate::Stop;
use crate::api::{Api, CallError};
use crate::stats::Record;

/// The three calls of one purchase, in order, as the checkout page makes them.
#[derive(Clone, Copy)]
pub enum Call {
    Create,
    Pay,
    Confirm,
}

impl Call {
    pub const ALL: [Call; 3] = [Call::Create, Call::Pay, Call::Confirm];

    pub fn path(self) -> &'static str {
        match self {
            Call::Create => "/api/create-payment-intent",
            Call::Pay => "/api/sandbox/confirm",
            Call::Confirm => "/api/confirm-purchase",
        }
    }
}

/// The ticket bought, with the price the server charges today (early-bird or not), since
/// `create-payment-intent` refuses any other amount.
pub struct Ticket {
    pub kind: String,
    pub price: u64,
}

impl Ticket {
    pub async fn fetch(api: &Api, kind: &str) -> Result<Ticket, String> {
        let tickets = api
            .get("/api/tickets")
            .await
            .map_err(|error| format!("GET /api/tickets: {error}"))?;
        let ticket = tickets
            .as_array()
            .into_iter()
            .flatten()
            .find(|ticket| ticket["type"] == kind)
            .ok_or(format!("no ticket of type {kind:?}"))?;
        if ticket["available"] == false {
            return Err(format!("the {kind} ticket is not on sale"));
        }
        let price = ticket["price"]
            .as_u64()
            .ok_or(format!("the {kind} ticket has no price"))?;
        Ok(Ticket {
            kind: kind.to_string(),
            price,
        })
    }
}

/// One virtual buyer: purchases back to back (a closed loop), each with a new email address.
pub struct Buyer {
    pub api: Arc<Api>,
    pub ticket: Arc<Ticket>,
    pub email_prefix: String,
}

impl Buyer {
    pub async fn buy_until(&self, stop: &Stop) -> Record {
        let mut record = Record::default();
        let mut number = 0u64;
        while stop.may_start() {
            number += 1;
            let started = Instant::now();
            match self.purchase(number, &mut record).await {
                Ok(()) => record.purchase(started.elapsed()),
                Err((call, error)) => record.error(call, &error),
            }
        }
        record
    }

    async fn purchase(&self, number: u64, record: &mut Record) -> Result<(), (Call, CallError)> {
        let created = self
            .timed(
                Call::Create,
                record,
                json!({
                    "ticketType": self.ticket.kind,
                    "amount": self.ticket.price,
                    "name": "Load Test Buyer",
                    "email": format!("{}-{number}@example.com", self.email_prefix),
                }),
            )
            .await?;
        self.timed(
            Call::Pay,
            record,
            json!({
                "clientSecret": created["clientSecret"],
                "cardNumber": "4242424242424242",
                "expMonth": "12",
                "expYear": "34",
                "cvc": "123",
            }),
        )
        .await?;
        let confirmed = self
            .timed(
                Call::Confirm,
                record,
                json!({
                    "paymentIntentId": created["paymentIntentId"],
                    "ticketId": created["ticketId"],
                }),
            )
            .await?;
        match confirmed["status"].as_str() {
            Some("paid") => Ok(()),
            _ => Err((Call::Confirm, CallError::NotPaid)),
        }
    }

    async fn timed(&self, call: Call, record: &mut Record, body: Value) -> Result<Value, (Call, CallError)> {
        let started = Instant::now();
        let answer = self.api.post(call.path(), &body).await;
        let took = started.elapsed();
        match answer {
            Ok(answer) => {
                record.call(call, took);
                Ok(answer)
            }
            Err(error) => Err((call, error)),
        }
    }
}
