//! Prometheus metrics at `GET /metrics`: calls by route, method and status with a latency
//! histogram (recorded by `middleware::trace_request`), and, read from the database at each
//! scrape, orders by kind and status, the email outbox by status, and the stock left of each
//! limited item. Served only to a scraper holding `METRICS_TOKEN`.

mod exposition;

use std::collections::HashMap;
use std::sync::Mutex;

use exposition::Exposition;

use crate::store::Store;

/// Upper bounds of the latency buckets, in seconds: from a cached read to a slow gateway.
const LATENCY_BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct CallKey {
    method: String,
    route: String,
    status: u16,
}

#[derive(Debug, Default)]
struct CallStats {
    count: u64,
    seconds: f64,
    /// Calls at or under each bound of `LATENCY_BUCKETS` (not cumulative; summed when rendered).
    buckets: [u64; LATENCY_BUCKETS.len()],
}

/// What this process has answered since it started.
#[derive(Debug, Default)]
pub struct Metrics {
    calls: Mutex<HashMap<CallKey, CallStats>>,
}

impl Metrics {
    /// Counts one answered call. `route` is the route's pattern, so the series stay few.
    pub fn record_call(&self, method: &str, route: &str, status: u16, seconds: f64) {
        // Any token is a method to HTTP: made-up ones share a series instead of growing the map.
        let method = match method {
            "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS" => method,
            _ => "OTHER",
        };
        let key = CallKey {
            method: method.to_owned(),
            route: route.to_owned(),
            status,
        };
        let mut calls = self.calls.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let stats = calls.entry(key).or_default();
        stats.count += 1;
        stats.seconds += seconds;
        if let Some(bucket) = LATENCY_BUCKETS.iter().position(|bound| seconds <= *bound) {
            stats.buckets[bucket] += 1;
        }
    }

    /// The text exposition format (version 0.0.4) of every metric.
    pub async fn render(&self, store: &Store) -> Result<String, sqlx::Error> {
        let (orders, outbox, stock) = (
            store.order_totals().await?,
            store.outbox_totals().await?,
            store.stock_levels().await?,
        );
        let mut out = Exposition::default();

        out.family(
            "conference_http_requests_total",
            "counter",
            "Calls answered, by route, method and status.",
        );
        let calls = self.sorted_calls();
        for (key, stats) in &calls {
            out.sample("conference_http_requests_total", &labels(key), stats.count);
        }
        out.family(
            "conference_http_request_duration_seconds",
            "histogram",
            "Time from a call's arrival to its answer, by route, method and status.",
        );
        for (key, stats) in &calls {
            let labels = labels(key);
            let mut cumulative = 0;
            let bounds = LATENCY_BUCKETS
                .iter()
                .map(ToString::to_string)
                .chain(["+Inf".to_owned()]);
            let counts = stats.buckets.iter().copied().chain([0]);
            for (le, count) in bounds.zip(counts) {
                cumulative += count;
                let mut with_bound = labels.clone();
                with_bound.push(("le", le));
                out.sample(
                    "conference_http_request_duration_seconds_bucket",
                    &with_bound,
                    cumulative,
                );
            }
            out.sample("conference_http_request_duration_seconds_sum", &labels, stats.seconds);
            out.sample("conference_http_request_duration_seconds_count", &labels, stats.count);
        }

        out.family(
            "conference_orders",
            "gauge",
            "Orders in the database, by kind and status.",
        );
        for totals in &orders {
            out.sample(
                "conference_orders",
                &[("kind", totals.kind.as_str()), ("status", totals.status.as_str())],
                totals.count,
            );
        }
        out.family(
            "conference_outbox_emails",
            "gauge",
            "Emails in the outbox, by status (failed: given up on).",
        );
        for (status, count) in &outbox {
            out.sample("conference_outbox_emails", &[("status", status.as_str())], *count);
        }
        out.family(
            "conference_stock_left",
            "gauge",
            "Units of each limited item not sold or held.",
        );
        for level in &stock {
            out.sample("conference_stock_left", &[("item", level.sku.as_str())], level.left);
        }
        out.family(
            "conference_stock_held",
            "gauge",
            "Units of each limited item held by unpaid checkouts.",
        );
        for level in &stock {
            out.sample("conference_stock_held", &[("item", level.sku.as_str())], level.held);
        }
        Ok(out.finish())
    }

    fn sorted_calls(&self) -> Vec<(CallKey, CallStats)> {
        let calls = self.calls.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut calls: Vec<_> = calls
            .iter()
            .map(|(key, stats)| {
                (
                    key.clone(),
                    CallStats {
                        count: stats.count,
                        seconds: stats.seconds,
                        buckets: stats.buckets,
                    },
                )
            })
            .collect();
        calls.sort_by(|(a, _), (b, _)| (&a.route, &a.method, a.status).cmp(&(&b.route, &b.method, b.status)));
        calls
    }
}

fn labels(key: &CallKey) -> Vec<(&'static str, String)> {
    vec![
        ("route", key.route.clone()),
        ("method", key.method.clone()),
        ("status", key.status.to_string()),
    ]
}

#[cfg(test)]
mod tests {
    use super::Metrics;

    #[test]
    fn calls_are_counted_into_cumulative_latency_buckets() {
        let metrics = Metrics::default();
        metrics.record_call("POST", "/api/register-waitlist", 200, 0.003);
        metrics.record_call("POST", "/api/register-waitlist", 200, 0.2);
        metrics.record_call("POST", "/api/register-waitlist", 422, 0.001);
        metrics.record_call("GET", "/healthz", 200, 30.0);
        metrics.record_call("BREW", "/healthz", 405, 0.001);
        metrics.record_call("PROPFIND", "/healthz", 405, 0.001);

        let calls = metrics.sorted_calls();
        let routes: Vec<_> = calls
            .iter()
            .map(|(key, stats)| (key.route.as_str(), key.status, stats.count))
            .collect();
        assert_eq!(
            routes,
            [
                ("/api/register-waitlist", 200, 2),
                ("/api/register-waitlist", 422, 1),
                ("/healthz", 200, 1),
                ("/healthz", 405, 2)
            ]
        );
        // 3 ms falls in the 5 ms bucket, 200 ms in the 250 ms one.
        assert_eq!(calls[0].1.buckets[2..=7], [1, 0, 0, 0, 0, 1]);
        // Beyond the last bound: only in +Inf, which is the count.
        assert_eq!(calls[2].1.buckets.iter().sum::<u64>(), 0);
    }
}
