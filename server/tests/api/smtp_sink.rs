//! A real SMTP server (mailin-embedded) that keeps every message it receives,
//! and can be switched to answering "421 Service not available", as a server
//! that is down for maintenance does.

use std::net::{IpAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mailin_embedded::response::{NO_SERVICE, OK};
use mailin_embedded::{Handler, Response, Server, SslConfig};

#[derive(Clone, Default)]
struct Collector {
    received: Arc<Mutex<Vec<Vec<u8>>>>,
    unavailable: Arc<AtomicBool>,
    current: Vec<u8>,
}

impl Collector {
    fn open_or(&self, response: Response) -> Response {
        if self.unavailable.load(Ordering::SeqCst) {
            NO_SERVICE
        } else {
            response
        }
    }
}

impl Handler for Collector {
    fn helo(&mut self, _ip: IpAddr, _domain: &str) -> Response {
        self.open_or(OK)
    }

    fn mail(&mut self, _ip: IpAddr, _domain: &str, _from: &str) -> Response {
        self.open_or(OK)
    }

    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, _to: &[String]) -> Response {
        self.current.clear();
        OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.extend_from_slice(buf);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.received.lock().unwrap().push(std::mem::take(&mut self.current));
        OK
    }
}

pub struct SmtpSink {
    pub port: u16,
    received: Arc<Mutex<Vec<Vec<u8>>>>,
    unavailable: Arc<AtomicBool>,
}

impl SmtpSink {
    pub fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let collector = Collector::default();
        let (received, unavailable) = (collector.received.clone(), collector.unavailable.clone());
        let mut server = Server::new(collector);
        server
            .with_name("smtp.test")
            // A connection per thread: enough for two instances' pools of concurrent sends, as
            // a relay serves them (with mailin's default of four, pooled idle connections queue
            // the rest until they time out).
            .with_num_threads(32)
            .with_ssl(SslConfig::None)
            .unwrap()
            .with_addr(("127.0.0.1", port))
            .unwrap();
        // The server blocks; it lives as long as the test process.
        std::thread::spawn(move || {
            let _ = server.serve();
        });
        std::thread::sleep(Duration::from_millis(100));
        Self {
            port,
            received,
            unavailable,
        }
    }

    /// Refuses every message with 421 until `set_available(true)`.
    pub fn set_available(&self, available: bool) {
        self.unavailable.store(!available, Ordering::SeqCst);
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn messages(&self) -> Vec<Vec<u8>> {
        self.received.lock().unwrap().clone()
    }

    /// Waits until at least `count` messages arrived (or 15 seconds passed).
    pub async fn wait_for(&self, count: usize) -> Vec<Vec<u8>> {
        for _ in 0..150 {
            if self.received.lock().unwrap().len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.messages()
    }
}
