//! Closed-loop virtual buyers, each doing full ticket purchases (create the payment, pay it with the
//! sandbox's test card, confirm the purchase) against a running conference server, then a JSON
//! summary on stdout. Usage: see `USAGE`.

mod api;
mod buyer;
mod stats;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use api::Api;
use buyer::{Buyer, Ticket};

const USAGE: &str = "usage: loadgen --base http://127.0.0.1:8080 [--seconds 30 | --purchases N] \
                     [--concurrency 32] [--ticket vip] [--threads 1]";

struct Options {
    base: String,
    stop: StopRule,
    concurrency: usize,
    ticket: String,
    threads: usize,
}

enum StopRule {
    Seconds(u64),
    Purchases(u64),
}

/// When a buyer stops starting new purchases; one under way is always finished.
pub enum Stop {
    At(Instant),
    After { limit: u64, started: AtomicU64 },
}

impl Stop {
    pub fn may_start(&self) -> bool {
        match self {
            Stop::At(deadline) => Instant::now() < *deadline,
            Stop::After { limit, started } => started.fetch_add(1, Ordering::Relaxed) < *limit,
        }
    }
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        base: String::new(),
        stop: StopRule::Seconds(30),
        concurrency: 32,
        ticket: "vip".into(),
        threads: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a number: {value}"))
        };
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_string(),
            "--seconds" => options.stop = StopRule::Seconds(number()?),
            "--purchases" => options.stop = StopRule::Purchases(number()?),
            "--concurrency" => options.concurrency = number()?.max(1) as usize,
            "--ticket" => options.ticket = value,
            "--threads" => options.threads = number()?.max(1) as usize,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if options.base.is_empty() {
        return Err("--base is required".into());
    }
    Ok(options)
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("loadgen: {message}\n{USAGE}");
            std::process::exit(2);
        }
    };
    // The generator shares the machine with the server: a small runtime (one worker by default)
    // leaves the rest of the cores to the server, and its CPU time is reported with the results.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(options.threads)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(run(options)) {
        Ok(summary) => println!("{summary:#}"),
        Err(message) => {
            eprintln!("loadgen: {message}");
            std::process::exit(1);
        }
    }
}

async fn run(options: Options) -> Result<serde_json::Value, String> {
    let api = Arc::new(Api::new(&options.base, options.concurrency));
    let ticket = Arc::new(Ticket::fetch(&api, &options.ticket).await?);
    let run_id = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|since| since.as_millis())
        .unwrap_or_default();
    let cpu_before = stats::cpu_seconds();
    let started = Instant::now();
    let stop = Arc::new(match options.stop {
        StopRule::Seconds(seconds) => Stop::At(started + Duration::from_secs(seconds)),
        StopRule::Purchases(limit) => Stop::After {
            limit,
            started: AtomicU64::new(0),
        },
    });

    let buyers: Vec<_> = (0..options.concurrency)
        .map(|number| {
            let buyer = Buyer {
                api: api.clone(),
                ticket: ticket.clone(),
                email_prefix: format!("load-{run_id}-{number}"),
            };
            let stop = stop.clone();
            tokio::spawn(async move { buyer.buy_until(&stop).await })
        })
        .collect();
    let mut record = stats::Record::default();
    for buyer in buyers {
        record.merge(buyer.await.map_err(|error| format!("a buyer panicked: {error}"))?);
    }
    let elapsed = started.elapsed();
    let cpu = stats::cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);

    Ok(record.summary(&ticket, options.concurrency, elapsed, cpu))
}
