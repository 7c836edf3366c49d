//! The HTTP layer: a `tiny_http` server on 127.0.0.1 that serves the
//! embedded page and hands `/api/` requests to [`App`], one at a time.

use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::thread::JoinHandle;

use anyhow::{anyhow, Context};
use serde_json::json;
use tiny_http::{Header, Request, Response, Server};

use super::api::{ApiError, App};
use super::assets;

/// Requests larger than this are refused (a FEN or a token is tiny).
const MAX_BODY: u64 = 64 * 1024;
/// PGN text to load may hold a whole file of games.
const MAX_PGN_BODY: u64 = 8 * 1024 * 1024;

/// A server running on its own thread.
pub struct RunningServer {
    /// `http://127.0.0.1:<port>/`
    pub url: String,
    pub port: u16,
    server: Arc<Server>,
    thread: Option<JoinHandle<()>>,
}

impl RunningServer {
    /// Blocks until the server stops (it normally never does).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops serving and waits for the server thread (and its search).
    pub fn shutdown(mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Binds 127.0.0.1:`port` (0 picks a free port) and serves on a thread.
pub fn start(port: u16) -> anyhow::Result<RunningServer> {
    let server = Server::http(("127.0.0.1", port))
        .map_err(|e| anyhow!("{e}"))
        .with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .context("the server has no IP address")?;
    let server = Arc::new(server);
    let serving = Arc::clone(&server);
    let thread = std::thread::Builder::new()
        .name("gui-server".into())
        .spawn(move || serve(&serving, port))?;
    Ok(RunningServer {
        url: format!("http://127.0.0.1:{port}/"),
        port,
        server,
        thread: Some(thread),
    })
}

/// Answers requests until the server is unblocked.
fn serve(server: &Server, port: u16) {
    let mut app = App::new();
    let local = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    for request in server.incoming_requests() {
        respond(&mut app, request, &local);
    }
}

/// Whether a request comes from this machine's own page: its `Host` names
/// the server (no DNS rebinding) and an `Origin`, if sent, is the page's
/// (no other web site driving the board).
fn from_own_page(request: &Request, local: &[String]) -> bool {
    let value = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    let host_ok = value("Host").is_some_and(|h| local.contains(&h));
    let origin_ok =
        value("Origin").is_none_or(|o| local.iter().any(|l| o == format!("http://{l}")));
    host_ok && origin_ok
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("static header is valid")
}

fn json_response(status: u16, body: &serde_json::Value) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_data(body.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json; charset=utf-8"))
        .with_header(header("Cache-Control", "no-store"))
}

fn respond(app: &mut App, mut request: Request, local: &[String]) {
    let method = request.method().as_str().to_ascii_uppercase();
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("/").to_string();

    if !from_own_page(&request, local) {
        let body = json!({ "error": "requests must come from the board's own page (Host/Origin)" });
        let _ = request.respond(json_response(403, &body));
        return;
    }

    if method == "GET" && !path.starts_with("/api/") {
        if let Some(asset) = assets::find(&path) {
            let response = Response::from_data(assets::body(asset))
                .with_header(header("Content-Type", asset.content_type))
                .with_header(header("Cache-Control", "no-cache"));
            let _ = request.respond(response);
            return;
        }
    }

    let limit = if path == "/api/load-pgn" {
        MAX_PGN_BODY
    } else {
        MAX_BODY
    };
    let mut body = String::new();
    let read = request
        .as_reader()
        .take(limit + 1)
        .read_to_string(&mut body);
    let outcome = if read.is_err() {
        Err(ApiError::bad_request("the request body is not UTF-8 text"))
    } else if body.len() as u64 > limit {
        Err(ApiError::bad_request("the request body is too large"))
    } else {
        // A bug must cost one request, never the server.
        catch_unwind(AssertUnwindSafe(|| app.handle(&method, &path, &body))).unwrap_or_else(|_| {
            Err(ApiError {
                status: 500,
                message: format!("internal error while handling {method} {path}"),
            })
        })
    };
    let response = match outcome {
        Ok(value) => json_response(200, &value),
        Err(e) => json_response(e.status, &json!({ "error": e.message })),
    };
    let _ = request.respond(response);
}
