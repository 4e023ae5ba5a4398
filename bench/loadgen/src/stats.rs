use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};

use crate::api::CallError;
use crate::buyer::{Call, Ticket};

/// Every latency kept, so percentiles are exact: a 30 s run makes at most a few hundred thousand.
#[derive(Default)]
pub struct Record {
    purchases: Vec<Duration>,
    calls: [Vec<Duration>; 3],
    errors: BTreeMap<String, u64>,
}

impl Record {
    pub fn purchase(&mut self, took: Duration) {
        self.purchases.push(took);
    }

    pub fn call(&mut self, call: Call, took: Duration) {
        self.calls[call as usize].push(took);
    }

    pub fn error(&mut self, call: Call, error: &CallError) {
        *self.errors.entry(format!("{} {error}", call.path())).or_default() += 1;
    }

    pub fn merge(&mut self, other: Record) {
        self.purchases.extend(other.purchases);
        for (mine, theirs) in self.calls.iter_mut().zip(other.calls) {
            mine.extend(theirs);
        }
        for (error, count) in other.errors {
            *self.errors.entry(error).or_default() += count;
        }
    }

    pub fn summary(
        mut self,
        ticket: &Ticket,
        concurrency: usize,
        elapsed: Duration,
        cpu_seconds: Option<f64>,
    ) -> Value {
        let completed = self.purchases.len();
        let minutes = elapsed.as_secs_f64() / 60.0;
        let calls: serde_json::Map<String, Value> = Call::ALL
            .iter()
            .map(|&call| (call.path().to_string(), latencies(&mut self.calls[call as usize])))
            .collect();
        json!({
            "ticket": ticket.kind,
            "concurrency": concurrency,
            "seconds": round(elapsed.as_secs_f64(), 2),
            "purchases": completed,
            "errors": self.errors.values().sum::<u64>(),
            "errorsByCall": self.errors,
            "purchasesPerMinute": round(completed as f64 / minutes, 1),
            "purchaseMs": latencies(&mut self.purchases),
            "callMs": calls,
            "generatorCpuSeconds": cpu_seconds.map(|seconds| round(seconds, 2)),
        })
    }
}

fn latencies(samples: &mut [Duration]) -> Value {
    samples.sort_unstable();
    let ms = |p: f64| percentile(samples, p).map(|took| round(took.as_secs_f64() * 1000.0, 1));
    json!({ "p50": ms(50.0), "p99": ms(99.0), "max": ms(100.0) })
}

/// The nearest-rank percentile of sorted samples: the smallest sample with at least `p` percent
/// of the samples at or below it.
fn percentile(sorted: &[Duration], p: f64) -> Option<Duration> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

fn round(value: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (value * scale).round() / scale
}

/// User plus system CPU time of this process, from /proc (Linux only; `None` elsewhere).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: f64 = fields.next()?.parse().ok()?;
    let system: f64 = fields.next()?.parse().ok()?;
    // Linux reports these in USER_HZ, which is 100 on every architecture it exposes to user space.
    Some((user + system) / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|&v| Duration::from_millis(v)).collect()
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let samples = ms(&(1..=100).collect::<Vec<_>>());
        assert_eq!(percentile(&samples, 50.0), Some(Duration::from_millis(50)));
        assert_eq!(percentile(&samples, 99.0), Some(Duration::from_millis(99)));
        assert_eq!(percentile(&samples, 100.0), Some(Duration::from_millis(100)));
        assert_eq!(percentile(&ms(&[7]), 99.0), Some(Duration::from_millis(7)));
        assert_eq!(percentile(&[], 50.0), None);
    }

    #[test]
    fn a_small_sample_has_its_largest_value_as_p99() {
        assert_eq!(percentile(&ms(&[1, 2, 3]), 99.0), Some(Duration::from_millis(3)));
        assert_eq!(percentile(&ms(&[1, 2, 3, 4]), 50.0), Some(Duration::from_millis(2)));
    }
}
