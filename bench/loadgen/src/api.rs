use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request, header};
use hyper_util::client::legacy::{Client, connect::HttpConnector};
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// A call that took longer than this counts as an error rather than stalling its buyer for ever.
const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a call did not answer 200 with JSON; counted by the summary under the call's name.
#[derive(Debug)]
pub enum CallError {
    Status(u16),
    Transport,
    Timeout,
    NotJson,
    /// `confirm-purchase` answered 200 without `"status": "paid"`.
    NotPaid,
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Status(status) => write!(f, "{status}"),
            CallError::Transport => f.write_str("connection error"),
            CallError::Timeout => f.write_str("timeout"),
            CallError::NotJson => f.write_str("not JSON"),
            CallError::NotPaid => f.write_str("not paid"),
        }
    }
}

/// The server's JSON API over plain HTTP/1.1 with pooled keep-alive connections, as a browser
/// would hold them.
pub struct Api {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

impl Api {
    pub fn new(base: &str, connections: usize) -> Self {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        let client = Client::builder(TokioExecutor::new())
            .pool_max_idle_per_host(connections)
            .build(connector);
        Api {
            client,
            base: base.to_string(),
        }
    }

    pub async fn get(&self, path: &str) -> Result<Value, CallError> {
        self.call(Method::GET, path, Bytes::new()).await
    }

    pub async fn post(&self, path: &str, body: &Value) -> Result<Value, CallError> {
        self.call(Method::POST, path, Bytes::from(body.to_string())).await
    }

    async fn call(&self, method: Method, path: &str, body: Bytes) -> Result<Value, CallError> {
        let request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(body))
            .expect("a valid request");
        let answer = async {
            let response = self.client.request(request).await.map_err(|_| CallError::Transport)?;
            let status = response.status();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|_| CallError::Transport)?
                .to_bytes();
            if !status.is_success() {
                return Err(CallError::Status(status.as_u16()));
            }
            serde_json::from_slice(&body).map_err(|_| CallError::NotJson)
        };
        tokio::time::timeout(CALL_TIMEOUT, answer)
            .await
            .map_err(|_| CallError::Timeout)?
    }
}
