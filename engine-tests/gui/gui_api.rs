//! HTTP API tests of `chimera gui`: each test starts the server in-process
//! on a free port and talks HTTP/1.1 to it over a plain TCP socket.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use chimera::gui::{self, RunningServer};
use chimera::variants::VariantId;
use serde_json::{json, Value};

struct Client {
    server: Option<RunningServer>,
    port: u16,
}

impl Client {
    fn start() -> Client {
        let server = gui::start(0).expect("server starts on a free port");
        assert!(server.url.starts_with("http://127.0.0.1:"));
        Client {
            port: server.port,
            server: Some(server),
        }
    }

    /// Sends one request; returns the status and the raw body.
    fn raw(&self, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let host = format!("127.0.0.1:{}", self.port);
        self.raw_with(method, path, body, &host, None)
    }

    fn raw_with(
        &self,
        method: &str,
        path: &str,
        body: &[u8],
        host: &str,
        origin: Option<&str>,
    ) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{origin}Connection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).unwrap();
        let split = response
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header block");
        let head = String::from_utf8_lossy(&response[..split]).to_string();
        let status: u16 = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status code");
        let mut body = response[split + 4..].to_vec();
        if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            body = dechunk(&body);
        }
        (status, body)
    }

    fn request(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let text = body.map(|b| b.to_string()).unwrap_or_default();
        let (status, raw) = self.raw(method, path, text.as_bytes());
        let value = serde_json::from_slice(&raw)
            .unwrap_or_else(|e| panic!("{method} {path}: body is not JSON ({e})"));
        (status, value)
    }

    fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, value) = self.request(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {value}");
        value
    }

    /// Asserts a refusal with `status` whose message contains `needle`.
    fn refused(&self, method: &str, path: &str, body: Option<Value>, status: u16, needle: &str) {
        let (got, value) = self.request(method, path, body);
        assert_eq!(got, status, "{method} {path}: {value}");
        let message = value["error"].as_str().expect("an error message");
        assert!(
            message.to_lowercase().contains(&needle.to_lowercase()),
            "{method} {path}: error {message:?} lacks {needle:?}"
        );
    }

    fn new_game(&self, variant: &str, fen: Option<&str>) -> Value {
        let mut body = json!({ "variant": variant });
        if let Some(f) = fen {
            body["fen"] = json!(f);
        }
        self.ok("POST", "/api/new", Some(body))
    }

    /// Export PGN's text.
    fn pgn(&self) -> String {
        self.ok("GET", "/api/pgn", None)["pgn"]
            .as_str()
            .expect("the export is a string")
            .to_string()
    }

    fn play(&self, token: &str) -> Value {
        self.ok("POST", "/api/move", Some(json!({ "token": token })))
    }

    /// Polls the state until `done` holds (at most 20 s).
    fn wait_for(&self, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let state = self.ok("GET", "/api/state", None);
            if done(&state) {
                return state;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out; last state {state}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(s) = self.server.take() {
            s.shutdown();
        }
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = body.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&body[..eol]).trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[eol + 2..eol + 2 + size]);
        body = &body[eol + 4 + size..];
    }
}

fn tokens(state: &Value) -> Vec<String> {
    state["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["token"].as_str().unwrap().to_string())
        .collect()
}

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn serves_the_embedded_page_and_its_files() {
    let c = Client::start();
    let (status, body) = c.raw("GET", "/", b"");
    assert_eq!(status, 200);
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("<svg id=\"board\""));
    assert!(
        !html.contains("https://"),
        "the page must load nothing from the net"
    );
    for path in ["/app.js", "/style.css", "/favicon.svg", "/index.html"] {
        let (status, body) = c.raw("GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(!body.is_empty(), "{path}");
    }
    let (status, body) = c.raw("GET", "/nope.js", b"");
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("error"));
}

#[test]
fn every_registered_variant_starts_with_drawable_turns() {
    let c = Client::start();
    let list = c.ok("GET", "/api/variants", None);
    let names: Vec<&str> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, VariantId::ALL.map(VariantId::name));
    for v in list["variants"].as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let state = c.new_game(name, None);
        assert_eq!(state["variant"], name);
        assert_eq!(state["fen"], v["start_fen"]);
        assert_eq!(state["geometry"], v["geometry"]);
        assert_eq!(state["white_to_move"], true);
        assert!(state["result"].is_null());
        let files = state["geometry"]["files"].as_u64().unwrap();
        let ranks = state["geometry"]["ranks"].as_u64().unwrap();
        let missing = state["geometry"]["missing"].as_array().unwrap();
        let exists = |sq: &str| {
            let f = (sq.as_bytes()[0] - b'a') as u64;
            let r: u64 = sq[1..].parse().unwrap();
            f < files && (1..=ranks).contains(&r) && !missing.iter().any(|m| m == sq)
        };
        for p in state["board"].as_array().unwrap() {
            assert!(exists(p["square"].as_str().unwrap()), "{name}: piece {p}");
        }
        let turns = state["turns"].as_array().unwrap();
        assert!(!turns.is_empty(), "{name} has no turns at the start");
        for t in turns {
            for part in t["parts"].as_array().unwrap() {
                for end in ["from", "to"] {
                    let sq = part[end].as_str().unwrap();
                    assert!(
                        sq == "off" || exists(sq),
                        "{name}: turn {t} leaves the board"
                    );
                }
            }
        }
        // An offered turn is accepted and reported back.
        let first = turns[0]["token"].as_str().unwrap().to_string();
        let after = c.play(&first);
        assert_eq!(moves(&after), vec![first.clone()]);
        assert_eq!(after["white_to_move"], false);
        assert_eq!(after["last_move"]["parts"], turns[0]["parts"]);
    }
}

#[test]
fn chess_turns_are_played_and_taken_back() {
    let c = Client::start();
    let start = c.new_game("chess", None);
    let v0 = start["version"].as_u64().unwrap();
    let mut t = tokens(&start);
    t.sort();
    assert_eq!(t.len(), 20);
    assert!(t.contains(&"g1f3".to_string()) && t.contains(&"e2e4".to_string()));
    let s = c.play("e2e4");
    assert_eq!(s["version"].as_u64().unwrap(), v0 + 1);
    assert_eq!(
        s["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    c.play("e7e5");
    let s = c.ok("POST", "/api/undo", Some(json!({ "plies": 2 })));
    assert_eq!(moves(&s), Vec::<String>::new());
    assert_eq!(s["fen"], start["fen"]);
    // Taking back more than was played takes back what there is.
    let s = c.ok("POST", "/api/undo", Some(json!({ "plies": 5 })));
    assert_eq!(s["fen"], start["fen"]);
}

#[test]
fn bad_requests_get_clear_errors_and_change_nothing() {
    let c = Client::start();
    c.new_game("chess", None);
    c.play("d2d4");
    let before = c.ok("GET", "/api/state", None);
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "token": "d4d6" })),
        400,
        "illegal",
    );
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "token": "" })),
        400,
        "illegal",
    );
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "token": "e7e5,e2e4" })),
        400,
        "illegal",
    );
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "move": "e7e5" })),
        400,
        "bad JSON",
    );
    c.refused(
        "POST",
        "/api/new",
        Some(json!({ "variant": "xiangqi" })),
        400,
        "unknown variant",
    );
    c.refused(
        "POST",
        "/api/new",
        Some(json!({ "variant": "chess", "fen": "8/8/8 w - - 0 1" })),
        400,
        "FEN",
    );
    c.refused("POST", "/api/new", Some(json!({ "variant": "chess", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" })), 400, "FEN");
    c.refused(
        "POST",
        "/api/new",
        Some(json!({ "variant": "chess", "fen": "k7/8/8/8/8/8/8/8 w - - 0 1" })),
        400,
        "FEN",
    );
    c.refused(
        "POST",
        "/api/go",
        Some(json!({ "mode": "forever" })),
        400,
        "unknown search mode",
    );
    c.refused(
        "POST",
        "/api/undo",
        Some(json!({ "plies": -1 })),
        400,
        "bad JSON",
    );
    c.refused("GET", "/api/nothing", None, 404, "no API route");
    c.refused("DELETE", "/api/state", None, 404, "no API route");
    let (status, body) = c.raw("POST", "/api/move", b"{not json");
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    let (status, _) = c.raw("POST", "/api/move", &[0xff, 0xfe, b'{', b'}']);
    assert_eq!(status, 400);
    let big = vec![b' '; 200_000];
    let (status, body) = c.raw("POST", "/api/move", &big);
    assert_eq!(status, 400);
    assert!(String::from_utf8_lossy(&body).contains("too large"));
    let after = c.ok("GET", "/api/state", None);
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["variant"], "chess");
}

#[test]
fn the_engine_replies_with_a_legal_turn() {
    let c = Client::start();
    let s = c.new_game("chess", None);
    let legal_for_black = tokens(&c.play("e2e4"));
    let version = s["version"].as_u64().unwrap() + 1;
    let live = c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 200 })),
    );
    assert_eq!(live["mode"], "move");
    assert_eq!(live["version"], version);
    let s = c.wait_for(|s| !s["search"]["running"].as_bool().unwrap());
    let m = moves(&s);
    assert_eq!(m.len(), 2, "the engine played: {s}");
    assert!(legal_for_black.contains(&m[1]), "{} is not legal", m[1]);
    assert_eq!(s["search"]["played"], m[1].as_str());
    assert!(s["search"]["depth"].as_i64().unwrap() >= 1);
    assert_eq!(s["white_to_move"], true);

    // At the weakest level: a legal reply, from a one-ply search.
    let legal_for_black = tokens(&c.play("d2d4"));
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 200, "elo": 1110 })),
    );
    let s = c.wait_for(|s| !s["search"]["running"].as_bool().unwrap());
    let m = moves(&s);
    assert_eq!(m.len(), 4, "the engine played: {s}");
    assert!(legal_for_black.contains(&m[3]), "{} is not legal", m[3]);
    assert_eq!(s["search"]["depth"], 1);
}

#[test]
fn analysis_runs_until_stopped_and_plays_nothing() {
    let c = Client::start();
    c.new_game("atomic", None);
    c.ok("POST", "/api/go", Some(json!({ "mode": "analyse" })));
    let s = c.wait_for(|s| s["search"]["depth"].as_i64().unwrap_or(0) >= 3);
    assert_eq!(s["search"]["running"], true);
    assert!(!s["search"]["pv"].as_array().unwrap().is_empty());
    assert!(s["search"]["score"].is_object());
    // The score's win/draw/loss chances for White, per mille.
    let wdl: Vec<u64> = s["search"]["wdl"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(wdl.iter().sum::<u64>(), 1000, "{wdl:?}");
    let s = c.ok("POST", "/api/stop", None);
    assert_eq!(s["search"]["running"], false);
    assert!(moves(&s).is_empty());
    // A turn played during analysis stops it.
    c.ok("POST", "/api/go", Some(json!({ "mode": "analyse" })));
    let s = c.play("e2e4");
    assert_eq!(s["search"]["running"], false);
    assert_eq!(moves(&s), vec!["e2e4"]);
}

#[test]
fn a_move_search_stopped_or_overtaken_plays_nothing() {
    let c = Client::start();
    c.new_game("chess", None);
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 60_000 })),
    );
    std::thread::sleep(Duration::from_millis(100));
    let s = c.ok("POST", "/api/stop", None);
    assert!(moves(&s).is_empty());
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 60_000 })),
    );
    let s = c.new_game("atomic", None);
    assert_eq!(s["variant"], "atomic");
    std::thread::sleep(Duration::from_millis(100));
    assert!(moves(&c.ok("GET", "/api/state", None)).is_empty());
}

#[test]
fn move_now_plays_the_best_turn_found_so_far() {
    let c = Client::start();
    let legal = tokens(&c.new_game("atomic", None));
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 60_000 })),
    );
    c.wait_for(|s| s["search"]["depth"].as_i64().unwrap_or(0) >= 2);
    let s = c.ok("POST", "/api/stop", Some(json!({ "move_now": true })));
    let m = moves(&s);
    assert_eq!(m.len(), 1, "{s}");
    assert!(legal.contains(&m[0]));
    assert_eq!(s["search"]["running"], false);
    // An analysis has nothing to play.
    c.ok("POST", "/api/go", Some(json!({ "mode": "analyse" })));
    c.wait_for(|s| s["search"]["depth"].as_i64().unwrap_or(0) >= 2);
    let s = c.ok("POST", "/api/stop", Some(json!({ "move_now": true })));
    assert_eq!(moves(&s).len(), 1);
}

#[test]
fn results_and_their_reasons() {
    let c = Client::start();
    // Fool's mate.
    c.new_game("chess", None);
    for t in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        c.play(t);
    }
    let s = c.ok("GET", "/api/state", None);
    assert_eq!(
        s["result"],
        json!({ "score": "0-1", "winner": "black", "reason": "checkmate" })
    );
    assert!(s["turns"].as_array().unwrap().is_empty());
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "token": "e2e4" })),
        400,
        "game is over",
    );
    c.refused(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move" })),
        409,
        "game is over",
    );
    let pgn = c.pgn();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    assert!(!pgn.contains("[FEN"), "{pgn}");

    // Stalemate.
    let s = c.new_game("chess", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(s["result"]["score"], "1/2-1/2");
    assert_eq!(s["result"]["reason"], "stalemate");

    // Threefold repetition: the start position for the third time.
    c.new_game("chess", None);
    for t in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        assert!(c.play(t)["result"].is_null());
    }
    let s = c.play("f6g8");
    assert_eq!(s["result"]["reason"], "threefold repetition");
    assert_eq!(s["result"]["score"], "1/2-1/2");

    // 50-move rule: the 100th quiet ply.
    let s = c.new_game("chess", Some("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert!(s["result"].is_null());
    let s = c.play("a1a2");
    assert_eq!(s["result"]["reason"], "50-move rule");
    let pgn = c.pgn();
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("80. Ra2 1/2-1/2"), "{pgn}");

    // Atomic: a capture next to the king explodes it.
    let s = c.new_game(
        "atomic",
        Some("rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"),
    );
    let nxd7 = s["turns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["token"] == "e5d7")
        .expect("Nxd7 is legal");
    let mut vanished: Vec<&str> = nxd7["vanished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    vanished.sort();
    assert_eq!(vanished, ["c8", "d7", "d8", "e8"]);
    let s = c.play("e5d7");
    assert_eq!(
        s["result"],
        json!({ "score": "1-0", "winner": "white", "reason": "king exploded" })
    );
}

#[test]
fn black_to_move_fens_number_the_pgn_from_their_move() {
    let c = Client::start();
    c.new_game(
        "chess",
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
    );
    c.play("e7e5");
    c.play("g1f3");
    let pgn = c.pgn();
    assert!(pgn.contains("1... e5 2. Nf3 *"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
}

/// The move list (`notation`) and the PGN export: SAN for chess, atomic and
/// Omega; for avalanche and Dynamo the PGN keeps the token and adds the
/// variant's own notation as a comment, which the move list shows.
#[test]
fn moves_are_shown_and_exported_in_san_or_the_variants_notation() {
    let c = Client::start();
    let pgn = || c.pgn();
    let notation = |s: &Value| -> Vec<String> {
        s["notation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };

    c.new_game("omega", None);
    c.play("a1b4");
    let s = c.play("l12k9");
    assert_eq!(notation(&s), ["Wb4", "Wk9"]);
    assert_eq!(moves(&s), ["a1b4", "l12k9"]);
    let text = pgn();
    assert!(text.contains("[Variant \"omega\"]"), "{text}");
    assert!(text.contains("\n1. Wb4 Wk9 *"), "{text}");

    // Atomic: the capture that explodes the king is a mate.
    c.new_game(
        "atomic",
        Some("rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"),
    );
    let s = c.play("e5d7");
    assert_eq!(notation(&s), ["Nxd7#"]);
    assert!(pgn().contains("1. Nxd7# 1-0"), "{}", pgn());

    c.new_game("avalanche", None);
    let s = c.play("g1f3,c7c6");
    assert_eq!(notation(&s), ["Nf3/c6"]);
    assert!(pgn().contains("1. g1f3,c7c6 {Nf3/c6} *"), "{}", pgn());

    c.new_game("dynamo", None);
    let s = c.play("g1f3");
    assert_eq!(notation(&s), ["Nf3"]);
    assert!(pgn().contains("1. g1f3 {Nf3} *"), "{}", pgn());
}

#[test]
fn only_the_boards_own_page_may_drive_it() {
    let c = Client::start();
    let own = format!("127.0.0.1:{}", c.port);
    let body = br#"{"variant":"atomic"}"#;
    // Another web site (cross-origin request) or a rebound DNS name.
    let (status, _) = c.raw_with("POST", "/api/new", body, &own, Some("http://evil.example"));
    assert_eq!(status, 403);
    let (status, _) = c.raw_with("POST", "/api/new", body, "evil.example:80", None);
    assert_eq!(status, 403);
    let (status, _) = c.raw_with("GET", "/", b"", "evil.example", None);
    assert_eq!(status, 403);
    assert_eq!(c.ok("GET", "/api/state", None)["variant"], "chess");
    // The page itself, by either local name.
    let origin = format!("http://{own}");
    let (status, _) = c.raw_with("POST", "/api/new", body, &own, Some(&origin));
    assert_eq!(status, 200);
    let local = format!("localhost:{}", c.port);
    let (status, _) = c.raw_with("GET", "/api/state", b"", &local, None);
    assert_eq!(status, 200);
    assert_eq!(c.ok("GET", "/api/state", None)["variant"], "atomic");
}

#[test]
fn chess960_games_start_from_a_960_position_and_castle_king_takes_rook() {
    let c = Client::start();
    let list = c.ok("GET", "/api/variants", None);
    let with_960: Vec<&str> = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["chess960"] == true)
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = VariantId::ALL
        .into_iter()
        .filter(|&v| chimera_test_support::variants::has_chess960(v))
        .map(VariantId::name)
        .collect();
    assert_eq!(with_960, expected);
    assert!(with_960.contains(&"atomic"), "{with_960:?}");

    // Without a FEN: one of the 960 starts, its rights in rook files.
    let s = c.ok(
        "POST",
        "/api/new",
        Some(json!({ "variant": "atomic", "chess960": true })),
    );
    assert_eq!(s["chess960"], true);
    let fen = s["fen"].as_str().unwrap();
    let back_rank = fen
        .split('/')
        .next_back()
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(back_rank.len(), 8, "{fen}");
    assert_eq!(back_rank.matches('R').count(), 2, "{fen}");
    let turns = tokens(&s);
    for file in 'a'..='h' {
        for to in [3, 4] {
            assert!(
                turns.contains(&format!("{file}2{file}{to}")),
                "{fen}: {turns:?}"
            );
        }
    }

    // The king takes its rook, and the page's part says so; the SAN and the
    // PGN tags are Chess960's.
    let s = c.ok(
        "POST",
        "/api/new",
        Some(json!({ "variant": "chess", "chess960": true, "fen": "r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1" })),
    );
    assert_eq!(s["fen"], "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1");
    let castle = s["turns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["token"] == "e1g1")
        .expect("castling with the g-rook");
    assert_eq!(castle["parts"][0]["from"], "e1");
    assert_eq!(castle["parts"][0]["to"], "g1");
    let s = c.play("e1g1");
    assert_eq!(s["fen"], "r3k2r/8/8/8/8/8/8/1R3RK1 b ha - 1 1");
    assert_eq!(s["notation"][0], "O-O");
    let text = c.pgn();
    assert!(text.contains("[Variant \"chess960\"]"), "{text}");
    assert!(
        text.contains("[FEN \"r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1\"]"),
        "{text}"
    );

    // Variants without a Chess960 form say so.
    c.refused(
        "POST",
        "/api/new",
        Some(json!({ "variant": "omega", "chess960": true })),
        400,
        "no Chess960 form",
    );
}

/// The analysis's lines (MultiPV) as the page lists them: each line's
/// score from White's side and its turns in the variant's notation.
#[test]
fn analysis_lines_are_scored_for_white_and_written_in_the_variants_notation() {
    let c = Client::start();
    let lines_at = |s: &Value, depth: i64, count: usize| {
        let lines = s["search"]["lines"].as_array().cloned().unwrap_or_default();
        lines.len() == count
            && lines.iter().all(|l| {
                l["depth"].as_i64().unwrap_or(0) >= depth
                    && !l["notation"].as_array().unwrap().is_empty()
            })
    };
    // White mates on the back rank; three lines asked for.
    c.new_game("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "analyse", "lines": 3 })),
    );
    let s = c.wait_for(|s| lines_at(s, 4, 3));
    let lines = s["search"]["lines"].as_array().unwrap().clone();
    c.ok("POST", "/api/stop", None);
    assert_eq!(lines[0]["multipv"], 1);
    assert_eq!(lines[0]["score"], json!({ "mate": 1 }), "{lines:?}");
    assert_eq!(lines[0]["pv"][0], "a1a8");
    assert_eq!(lines[0]["notation"], json!(["Ra8#"]));
    assert_eq!(s["search"]["score"], json!({ "mate": 1 }));
    let firsts: Vec<&str> = lines.iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert!(firsts[1] != firsts[0] && firsts[2] != firsts[1] && firsts[2] != firsts[0]);
    assert!(lines[1]["score"]["cp"].is_i64(), "{lines:?}");

    // Black mates: the score is White's, negative.
    c.new_game("chess", Some("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"));
    c.ok("POST", "/api/go", Some(json!({ "mode": "analyse" })));
    let s = c.wait_for(|s| lines_at(s, 3, 1));
    c.ok("POST", "/api/stop", None);
    assert_eq!(s["search"]["lines"][0]["score"], json!({ "mate": -1 }));
    assert_eq!(s["search"]["lines"][0]["notation"], json!(["Ra1#"]));

    // Avalanche and Dynamo: each line's turns as the move list writes them
    // once played (`Nf3/c6`), never tokens.
    for variant in ["avalanche", "dynamo"] {
        c.new_game(variant, None);
        c.ok(
            "POST",
            "/api/go",
            Some(json!({ "mode": "analyse", "lines": 2 })),
        );
        let s = c.wait_for(|s| lines_at(s, 3, 2));
        c.ok("POST", "/api/stop", None);
        for line in s["search"]["lines"].as_array().unwrap() {
            let pv = line["pv"].as_array().unwrap();
            let notation = line["notation"].as_array().unwrap();
            assert_eq!(pv.len(), notation.len(), "{variant}: {line}");
            let played = c.play(pv[0].as_str().unwrap());
            assert_eq!(played["notation"][0], notation[0], "{variant}: {line}");
            if pv.len() > 1 {
                let second = c.play(pv[1].as_str().unwrap());
                assert_eq!(second["notation"][1], notation[1], "{variant}: {line}");
            }
            c.ok("POST", "/api/undo", Some(json!({ "plies": 2 })));
        }
        if variant == "avalanche" {
            // Avalanche's every opening turn pushes a pawn: `Nf3/c6`.
            let first = s["search"]["lines"][0]["notation"][0].as_str().unwrap();
            assert!(first.contains('/') && !first.contains(','), "{first}");
        }
    }

    // Out of range: refused, nothing changes.
    let before = c.ok("GET", "/api/state", None);
    for lines in [0, 6] {
        c.refused(
            "POST",
            "/api/go",
            Some(json!({ "mode": "analyse", "lines": lines })),
            400,
            "lines must be 1 to 5",
        );
    }
    let after = c.ok("GET", "/api/state", None);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["search"]["running"], false);
}

/// The move tree: going back and forward, a different turn from an earlier
/// position as a variation beside the main line, take-backs removing turns.
#[test]
fn moves_form_a_tree_that_can_be_walked_and_branched() {
    let c = Client::start();
    let start = c.new_game("chess", None);
    let start_fen = start["fen"].as_str().unwrap().to_string();
    for t in ["e2e4", "e7e5", "g1f3"] {
        c.play(t);
    }
    let s = c.ok("GET", "/api/state", None);
    let tree = &s["tree"];
    assert_eq!(tree["root"], json!([1]));
    assert_eq!(tree["current"], 3);
    let written: Vec<&str> = tree["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["notation"].as_str().unwrap())
        .collect();
    assert_eq!(written, ["e4", "e5", "Nf3"]);
    assert_eq!(tree["nodes"][2]["ply"], 3);

    // Back to after 1. e4; the main line stays.
    let s = c.ok("POST", "/api/goto", Some(json!({ "node": 1 })));
    assert_eq!(moves(&s), ["e2e4"]);
    assert_eq!(
        s["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(s["tree"]["nodes"].as_array().unwrap().len(), 3);
    // 1... d5 instead: a variation of 1... e5.
    let s = c.play("d7d5");
    assert_eq!(moves(&s), ["e2e4", "d7d5"]);
    assert_eq!(s["tree"]["current"], 4);
    assert_eq!(s["tree"]["nodes"][0]["children"], json!([2, 4]));
    assert_eq!(s["tree"]["nodes"][3]["notation"], "d5");
    assert_eq!(s["tree"]["nodes"][3]["parent"], 1);
    // From the variation to the main line's end.
    let s = c.ok("POST", "/api/goto", Some(json!({ "node": 3 })));
    assert_eq!(moves(&s), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(s["notation"], json!(["e4", "e5", "Nf3"]));
    // A turn already in the tree is followed, not added again.
    c.ok("POST", "/api/goto", Some(json!({ "node": 1 })));
    let s = c.play("e7e5");
    assert_eq!(s["tree"]["current"], 2);
    assert_eq!(s["tree"]["nodes"].as_array().unwrap().len(), 4);
    let s = c.ok("POST", "/api/goto", Some(json!({ "node": 0 })));
    assert_eq!(s["fen"], start_fen.as_str());
    assert!(moves(&s).is_empty());

    // Unknown turns are refused and change nothing.
    let before = c.ok("GET", "/api/state", None);
    c.refused(
        "POST",
        "/api/goto",
        Some(json!({ "node": 99 })),
        400,
        "no turn 99",
    );
    c.refused(
        "POST",
        "/api/goto",
        Some(json!({ "node": -1 })),
        400,
        "bad JSON",
    );
    c.refused("POST", "/api/goto", Some(json!({})), 400, "bad JSON");
    let after = c.ok("GET", "/api/state", None);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["tree"], before["tree"]);

    // Taking back removes the turn and what follows it.
    c.ok("POST", "/api/goto", Some(json!({ "node": 3 })));
    let s = c.ok("POST", "/api/undo", Some(json!({ "plies": 2 })));
    assert_eq!(moves(&s), ["e2e4"]);
    let ids: Vec<u64> = s["tree"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [1, 4]);
    c.refused(
        "POST",
        "/api/goto",
        Some(json!({ "node": 3 })),
        400,
        "no turn 3",
    );

    // Chimera's turns go into the tree too.
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 100 })),
    );
    let s = c.wait_for(|s| !s["search"]["running"].as_bool().unwrap());
    let played = s["search"]["played"].as_str().unwrap();
    let current = s["tree"]["current"].as_u64().unwrap();
    let node = s["tree"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["id"] == current)
        .unwrap();
    assert_eq!(node["token"], played);
    assert_eq!(node["parent"], 1);
}

/// Export PGN writes the whole tree, wherever the board stands: the main
/// line with the result of its end, and every other turn tried as a
/// variation, nested as it was played.
#[test]
fn export_pgn_writes_the_whole_move_tree() {
    let c = Client::start();
    c.new_game("chess", None);
    for token in ["e2e4", "e7e5", "g1f3"] {
        c.play(token);
    }
    // 1... d5 instead of 1... e5, and in it 2. exd5 instead of 2. e5.
    c.ok("POST", "/api/goto", Some(json!({ "node": 1 })));
    let d5 = c.play("d7d5")["tree"]["current"].clone();
    c.play("e4e5");
    c.ok("POST", "/api/goto", Some(json!({ "node": d5 })));
    c.play("e4d5");
    // Shown: the start position; exported: everything.
    c.ok("POST", "/api/goto", Some(json!({ "node": 0 })));
    let pgn = c.pgn();
    let movetext = pgn.lines().last().unwrap();
    assert_eq!(
        movetext, "1. e4 e5 (1... d5 2. e5 (2. exd5)) 2. Nf3 *",
        "{pgn}"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");

    // The main line's end decides the result, even seen from move 1.
    c.new_game("chess", None);
    for token in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        c.play(token);
    }
    c.ok("POST", "/api/goto", Some(json!({ "node": 1 })));
    c.play("e7e6");
    let pgn = c.pgn();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(
        pgn.ends_with("1. f3 e5 (1... e6) 2. g4 Qh4# 0-1\n"),
        "{pgn}"
    );
}

/// Load PGN: the first game of the text, its variant and start from its
/// tags, shown at its end; a broken game changes nothing.
#[test]
fn pgn_games_are_loaded_from_their_tags_or_refused_whole() {
    let c = Client::start();
    let two = "[Event \"one\"]\n[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ng5 *\n\n\
               [Event \"two\"]\n\n1. e4 e5 *\n";
    let s = c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": two })));
    assert_eq!(s["variant"], "atomic");
    assert_eq!(moves(&s), ["g1f3", "d7d5", "f3g5"]);
    assert_eq!(s["notation"], json!(["Nf3", "d5", "Ng5"]));
    assert_eq!(s["notice"], "the PGN holds 2 games; the first is loaded");
    assert_eq!(s["tree"]["current"], 3);
    assert_eq!(s["tree"]["root"], json!([1]));
    // The start position is one step away in the tree.
    let s = c.ok("POST", "/api/goto", Some(json!({ "node": 0 })));
    assert!(moves(&s).is_empty());

    // A set-up position, Black to move, and a single game: no notice.
    let pgn = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\n1... Kd7 2. e4 *";
    let s = c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": pgn })));
    assert_eq!(s["variant"], "chess", "no Variant tag: chess");
    assert_eq!(s["start_fen"], "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    assert_eq!(moves(&s), ["e8d7", "e2e4"]);
    assert!(s.get("notice").is_none(), "{s}");

    // The board's own export reads back: an avalanche game's tokens.
    c.new_game("avalanche", None);
    c.play("g1f3,c7c6");
    c.play("d7d5,e2e3");
    let exported = c.pgn();
    c.new_game("chess", None);
    let s = c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": exported })));
    assert_eq!(s["variant"], "avalanche");
    assert_eq!(moves(&s), ["g1f3,c7c6", "d7d5,e2e3"]);

    // Refusals: the game stays as it was.
    let before = c.ok("GET", "/api/state", None);
    c.refused(
        "POST",
        "/api/load-pgn",
        Some(json!({ "pgn": "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *" })),
        400,
        "game 1 (A - B): ply 3: illegal move Ke3",
    );
    c.refused(
        "POST",
        "/api/load-pgn",
        Some(json!({ "pgn": "[Variant \"xiangqi\"]\n\n1. e4 *" })),
        400,
        "unknown variant \"xiangqi\"",
    );
    c.refused(
        "POST",
        "/api/load-pgn",
        Some(json!({ "pgn": "" })),
        400,
        "no game",
    );
    c.refused("POST", "/api/load-pgn", Some(json!({})), 400, "bad JSON");
    let after = c.ok("GET", "/api/state", None);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(moves(&after), moves(&before));
    // A large file of games fits (a FEN's limit does not apply).
    let many = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(3000);
    assert!(many.len() > 100_000);
    let s = c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": many })));
    assert_eq!(s["notice"], "the PGN holds 3000 games; the first is loaded");
}

/// "Analyse game": the whole-game pass on the main line, polled until done;
/// the blunder 3. Qxe5+?? is marked at its ply, and the annotated PGN is
/// what `chimera analyse` writes.
#[test]
fn analyse_game_marks_the_blunder_and_exports_the_annotated_pgn() {
    let c = Client::start();
    c.refused("GET", "/api/analyse-game", None, 409, "no game analysis");
    c.refused(
        "POST",
        "/api/analyse-game",
        None,
        400,
        "no moves to analyse",
    );
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *\n";
    c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": pgn })));
    // A variation off the main line is not analysed.
    c.ok("POST", "/api/goto", Some(json!({ "node": 1 })));
    c.play("c7c5");
    for bad in [
        json!({ "nodes": 0 }),
        json!({ "nodes": 100, "depth": 3 }),
        json!({ "movetime_ms": 100_000 }),
        json!({ "lines": 2 }),
    ] {
        c.refused("POST", "/api/analyse-game", Some(bad), 400, "");
    }
    let started = c.ok("POST", "/api/analyse-game", Some(json!({ "nodes": 20000 })));
    assert_eq!(started["total"], 7);
    assert_eq!(started["budget"], "20000 nodes per position");
    let view = wait_for_analysis(&c);
    assert_eq!(view["done"], 7);
    assert_eq!(view["cancelled"], false);
    let points = view["points"].as_array().unwrap();
    assert_eq!(points.len(), 7);
    assert_eq!(points[0]["node"], 0);
    let moves = view["moves"].as_array().unwrap();
    let written: Vec<&str> = moves
        .iter()
        .map(|m| m["notation"].as_str().unwrap())
        .collect();
    assert_eq!(written, ["e4", "e5", "Qh5", "Nc6", "Qxe5+", "Nxe5"]);
    assert_eq!(moves[4]["ply"], 5);
    assert_eq!(moves[4]["judgement"], "blunder", "{view}");
    assert_eq!(view["white"]["blunders"], 1, "{view}");
    // The queen is lost: Black is far ahead after 3... Nxe5.
    assert!(points[6]["cp"].as_i64().unwrap() < -500, "{view}");
    // A click on the graph goes to the move's turn in the tree.
    let node = moves[4]["node"].as_u64().unwrap();
    let s = c.ok("POST", "/api/goto", Some(json!({ "node": node })));
    assert_eq!(s["notation"].as_array().unwrap().last().unwrap(), "Qxe5+");

    let text = c.ok("GET", "/api/analyse-game/pgn", None)["pgn"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains("[White \"A\"]"), "{text}");
    assert!(text.contains("[Annotator \"Chimera"), "{text}");
    assert!(text.contains("3. Qxe5+ $4 {[%eval"), "{text}");
    assert!(text.contains("Blunder."), "{text}");
    assert!(
        !text.contains("c5"),
        "the variation is not the main line: {text}"
    );

    // Cancelled: the pass stops early and has nothing to export.
    let long = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 *";
    c.ok("POST", "/api/load-pgn", Some(json!({ "pgn": long })));
    c.refused("GET", "/api/analyse-game", None, 409, "no game analysis");
    c.ok(
        "POST",
        "/api/analyse-game",
        Some(json!({ "movetime_ms": 2000 })),
    );
    let view = c.ok("POST", "/api/analyse-game/cancel", None);
    assert_eq!(view["running"], false);
    assert_eq!(view["cancelled"], true);
    assert!(view["done"].as_u64().unwrap() < 15, "{view}");
    assert!(view["points"].as_array().unwrap().is_empty());
    c.refused(
        "GET",
        "/api/analyse-game/pgn",
        None,
        409,
        "has not finished",
    );
}

fn wait_for_analysis(c: &Client) -> Value {
    let start = Instant::now();
    loop {
        let view = c.ok("GET", "/api/analyse-game", None);
        if view["running"] == false {
            return view;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{view}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Clocks in play mode: the mover's time runs and gets the increment, a
/// side out of time loses, and Chimera plays on its own clock.
#[test]
fn clocks_run_with_increment_and_a_flag_loses_on_time() {
    let c = Client::start();
    c.new_game("chess", None);
    // 5+3 style: 60 s and 2 s a turn.
    let s = c.ok(
        "POST",
        "/api/clock",
        Some(json!({ "base_ms": 60_000, "increment_ms": 2000 })),
    );
    assert_eq!(s["clock"]["running"], "white");
    assert_eq!(s["clock"]["increment_ms"], 2000);
    std::thread::sleep(Duration::from_millis(100));
    let s = c.play("e2e4");
    let white = s["clock"]["white_ms"].as_u64().unwrap();
    assert!((61_000..=61_900).contains(&white), "{}", s["clock"]);
    assert!(s["clock"]["black_ms"].as_u64().unwrap() <= 60_000);
    assert_eq!(s["clock"]["running"], "black");

    // Refusals leave the clocks as they were.
    for bad in [
        json!({ "base_ms": 0 }),
        json!({ "base_ms": 1000, "increment_ms": 99_999_999_999u64 }),
        json!({ "increment_ms": 1000 }),
    ] {
        c.refused("POST", "/api/clock", Some(bad), 400, "base_ms must be");
    }
    c.refused(
        "POST",
        "/api/clock",
        Some(json!({ "minutes": 5 })),
        400,
        "bad JSON",
    );
    let s = c.ok("GET", "/api/state", None);
    assert_eq!(s["clock"]["running"], "black");
    assert_eq!(s["clock"]["increment_ms"], 2000);

    // Chimera thinks on its clock (2 s + 0.1 s), not the 60 s asked for.
    c.new_game("chess", None);
    c.ok(
        "POST",
        "/api/clock",
        Some(json!({ "base_ms": 2000, "increment_ms": 100 })),
    );
    c.play("e2e4");
    c.ok(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move", "movetime_ms": 60_000 })),
    );
    let s = c.wait_for(|s| !s["search"]["running"].as_bool().unwrap());
    assert_eq!(moves(&s).len(), 2, "{s}");
    assert!(s["result"].is_null(), "{s}");
    let black = s["clock"]["black_ms"].as_u64().unwrap();
    assert!(black > 1000 && black < 2100, "{}", s["clock"]);
    assert_eq!(s["clock"]["running"], "white");

    // A tiny clock: White does not move and loses on time.
    c.new_game("chess", None);
    c.ok(
        "POST",
        "/api/clock",
        Some(json!({ "base_ms": 150, "increment_ms": 0 })),
    );
    std::thread::sleep(Duration::from_millis(300));
    let s = c.ok("GET", "/api/state", None);
    assert_eq!(
        s["result"],
        json!({ "score": "0-1", "winner": "black", "reason": "time forfeit" })
    );
    assert_eq!(s["clock"]["flagged"], "white");
    assert_eq!(s["clock"]["white_ms"], 0);
    assert_eq!(s["clock"]["black_ms"], 150);
    assert!(s["clock"].get("running").is_none(), "{}", s["clock"]);
    assert!(s["turns"].as_array().unwrap().is_empty());
    c.refused(
        "POST",
        "/api/move",
        Some(json!({ "token": "e2e4" })),
        400,
        "the game is over (0-1 by time forfeit)",
    );
    c.refused(
        "POST",
        "/api/go",
        Some(json!({ "mode": "move" })),
        409,
        "time forfeit",
    );
    let pgn = c.pgn();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");

    // Black's bare king could never mate: White's flag draws (FIDE 6.9).
    c.new_game("chess", Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    c.ok(
        "POST",
        "/api/clock",
        Some(json!({ "base_ms": 150, "increment_ms": 0 })),
    );
    std::thread::sleep(Duration::from_millis(300));
    let s = c.ok("GET", "/api/state", None);
    assert_eq!(
        s["result"],
        json!({ "score": "1/2-1/2", "reason": "time forfeit against insufficient material" })
    );
    assert_eq!(s["clock"]["flagged"], "white");
    let pgn = c.pgn();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");

    // No clocks: the game goes on.
    let s = c.ok("POST", "/api/clock", Some(json!({})));
    assert!(s["clock"].is_null());
    assert!(s["result"].is_null());
    c.play("e2e4");
}
