// Chimera board: draws what the server reports and sends the turns the user
// enters. It knows no rules: legal turns, board, geometry and results all
// come from /api/state (see docs/gui.md).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const SQ = 64; // pixels per square in the SVG's own units

// Filled glyphs for both colours (drawn white or black); other letters
// (Omega's champion C and wizard W, or any future piece) get a disc with
// their letter.
const GLYPHS = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
const NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn", c: "champion", w: "wizard" };

const ui = {
  state: null,
  variants: [],
  flipped: false,
  // The turn being entered: a chosen pending-promotion piece, the squares
  // clicked so far, and the candidate the user is hovering in the options.
  choice: null,
  clicks: [],
  preview: null,
  hoverSquare: null,
  pollTimer: null,
  goInFlight: false,
  pageLoaded: performance.now(),
};
window.chimeraBoard = ui; // for tests and the curious

const $ = (id) => document.getElementById(id);

// ---------- server ----------

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `bad answer from the server (${res.status})` };
  }
  if (!res.ok || data.error) {
    throw new Error(data.error || `HTTP ${res.status}`);
  }
  return data;
}

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = !message;
}

async function call(method, path, body) {
  try {
    const data = await api(method, path, body);
    showError("");
    return data;
  } catch (e) {
    showError(e.message);
    return null;
  }
}

// ---------- squares and turns ----------

function fileIndex(square) {
  return square.charCodeAt(0) - 97;
}
function rankIndex(square) {
  return parseInt(square.slice(1), 10) - 1;
}

// The squares a user clicks to enter a turn: each part's from and to, "off"
// left out, a square repeated at once (a stationary mover, a pushed piece
// where the pusher lands) clicked only once.
function turnKeys(turn) {
  const keys = [];
  for (const part of turn.parts) {
    for (const sq of [part.from, part.to]) {
      if (sq !== "off" && keys[keys.length - 1] !== sq) keys.push(sq);
    }
  }
  return keys;
}

// Does `clicks` match `keys` in order (first click on the first key, later
// clicks on any later keys)? Returns the index of the last matched key or -1.
function matchClicks(keys, clicks) {
  if (clicks.length === 0) return -1;
  if (keys[0] !== clicks[0]) return null;
  let k = 0;
  for (let i = 1; i < clicks.length; i++) {
    k++;
    while (k < keys.length && keys[k] !== clicks[i]) k++;
    if (k >= keys.length) return null;
  }
  return k;
}

function turnsForChoice() {
  const s = ui.state;
  if (!s) return [];
  return s.turns.filter((t) => !t.choice || (ui.choice && t.choice.piece === ui.choice));
}

function needsChoice() {
  const s = ui.state;
  return s && s.turns.length > 0 && s.turns.some((t) => t.choice) && !ui.choice;
}

function candidates(clicks) {
  return turnsForChoice().filter((t) => matchClicks(turnKeys(t), clicks) !== null);
}

// Squares that continue the current selection (the next square of each
// candidate turn; later ones may be clicked too), each with its turns.
function nextSquares() {
  const map = new Map();
  const clicks = ui.clicks;
  for (const t of turnsForChoice()) {
    const keys = turnKeys(t);
    if (clicks.length === 0) {
      add(map, keys[0], t);
      continue;
    }
    const k = matchClicks(keys, clicks);
    if (k === null || k + 1 >= keys.length) continue;
    add(map, keys[k + 1], t);
  }
  return map;
}
function add(map, key, t) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(t);
}

function pieceAt(square) {
  const p = ui.state && ui.state.board.find((x) => x.square === square);
  return p ? p.piece : null;
}

function pieceName(letter) {
  if (!letter) return "";
  const name = NAMES[letter.toLowerCase()] || letter.toUpperCase();
  return (letter === letter.toUpperCase() ? "white " : "black ") + name;
}

function describeTurn(turn) {
  const words = [];
  if (turn.choice) words.push(`${turn.choice.square} becomes ${NAMES[turn.choice.piece] || turn.choice.piece}`);
  turn.parts.forEach((part) => {
    const who = part.from === "off" ? "" : pieceLetterLabel(pieceAt(part.from));
    const to = part.to === "off" ? "off the board" : part.to;
    const stays = part.from === part.to ? ` ${part.from} stays` : ` ${part.from}\u2192${to}`;
    let text = who + stays;
    if (part.promotion) text += ` =${part.promotion.toUpperCase()}`;
    words.push(text.trim());
  });
  if (turn.vanished.length) words.push(`removes ${turn.vanished.join(" ")}`);
  return words.join(", ");
}

function pieceLetterLabel(letter) {
  if (!letter) return "";
  const g = GLYPHS[letter.toLowerCase()];
  return g ? g + "\uFE0E" : letter.toUpperCase();
}

// ---------- whose turn ----------

function mode() {
  return $("mode").value;
}
function humanIsWhite() {
  return $("side").value === "white";
}
function humanToMove() {
  const s = ui.state;
  if (!s || s.result || document.body.dataset.sending) return false;
  if (s.search && s.search.running && s.search.mode === "move") return false;
  if (mode() !== "engine") return true;
  return s.white_to_move === humanIsWhite();
}

// ---------- drawing ----------

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function screenXY(square) {
  const g = ui.state.geometry;
  const f = fileIndex(square);
  const r = rankIndex(square);
  const x = ui.flipped ? g.files - 1 - f : f;
  const y = ui.flipped ? r : g.ranks - 1 - r;
  return [x * SQ, y * SQ];
}

function center(square) {
  const [x, y] = screenXY(square);
  return [x + SQ / 2, y + SQ / 2];
}

function drawBoard() {
  const s = ui.state;
  const svg = $("board");
  const g = s.geometry;
  svg.setAttribute("viewBox", `0 0 ${g.files * SQ} ${g.ranks * SQ}`);
  svg.dataset.files = g.files;
  svg.dataset.ranks = g.ranks;
  svg.innerHTML = "";
  const missing = new Set(g.missing);
  const squares = el("g", { class: "squares" }, svg);
  const marks = el("g", { class: "marks" }, svg);
  const pieces = el("g", { class: "pieces" }, svg);
  const best = el("g", { class: "best" }, svg);
  const overlay = el("g", { class: "overlay" }, svg);

  const next = humanToMove() && !needsChoice() ? nextSquares() : new Map();
  const last = new Set();
  if (s.last_move) {
    for (const p of s.last_move.parts) for (const q of [p.from, p.to]) if (q !== "off") last.add(q);
  }
  const occupied = new Map(s.board.map((p) => [p.square, p.piece]));
  let checkedKing = null;
  if (s.in_check) {
    const king = s.white_to_move ? "K" : "k";
    const k = s.board.find((p) => p.piece === king);
    if (k) checkedKing = k.square;
  }

  const edge = edges(g, missing);
  for (let r = 0; r < g.ranks; r++) {
    for (let f = 0; f < g.files; f++) {
      const sq = String.fromCharCode(97 + f) + (r + 1);
      if (missing.has(sq)) continue;
      const [x, y] = screenXY(sq);
      const light = (f + r) % 2 === 1;
      const rect = el("rect", {
        x, y, width: SQ, height: SQ,
        class: `sq ${light ? "light" : "dark"}`,
        "data-square": sq,
      }, squares);
      rect.addEventListener("click", () => onSquare(sq));
      rect.addEventListener("mouseenter", () => { ui.hoverSquare = sq; drawOverlay(); });
      rect.addEventListener("mouseleave", () => { if (ui.hoverSquare === sq) { ui.hoverSquare = null; drawOverlay(); } });
      if (last.has(sq)) el("rect", { x, y, width: SQ, height: SQ, class: "last" }, marks);
      if (ui.clicks.includes(sq)) el("rect", { x, y, width: SQ, height: SQ, class: "selected" }, marks);
      if (sq === checkedKing) el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.48, class: "check" }, marks);
      if (next.has(sq) && ui.clicks.length > 0) {
        if (occupied.has(sq)) {
          el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.44, class: "target ring", "data-target": sq }, marks);
        } else {
          el("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.15, class: "target dot", "data-target": sq }, marks);
        }
      } else if (next.has(sq)) {
        el("rect", { x, y, width: SQ, height: SQ, class: "movable", "data-movable": sq }, marks);
      }
      // Coordinates on the lowest square of each file and the leftmost
      // square of each rank, as the board is drawn.
      const cls = `coord ${light ? "on-light" : "on-dark"}`;
      if (edge.bottom[f] === r) {
        const t = el("text", { x: x + SQ - 4, y: y + SQ - 4, class: cls, "text-anchor": "end" }, marks);
        t.textContent = String.fromCharCode(97 + f);
      }
      if (edge.left[r] === f) {
        const t = el("text", { x: x + 3, y: y + 13, class: cls }, marks);
        t.textContent = String(r + 1);
      }
    }
  }
  for (const p of s.board) drawPiece(pieces, p.square, p.piece);
  ui.overlayLayer = overlay;
  ui.bestLayer = best;
  drawOverlay();
  drawBest();
}

// The analysis's best turn as arrows, every part of it (an avalanche move
// and its push, a Dynamo mover and the piece it moves).
function drawBest() {
  const layer = ui.bestLayer;
  if (!layer || !ui.state) return;
  layer.innerHTML = "";
  const turn = analysisShown() ? bestTurn() : null;
  if (!turn) return;
  layer.dataset.token = turn.token;
  turn.parts.forEach((part, i) => drawArrow(layer, part, i, "best-arrow"));
}

// Whether the search shown is an analysis of the position on the board.
function analysisShown() {
  const s = ui.state;
  return Boolean(s && s.search && s.search.mode === "analyse" && s.search.version === s.version && s.search.lines && s.search.lines.length);
}

// The legal turn the best line starts with (the page knows turns only as
// the server lists them).
function bestTurn() {
  const line = ui.state.search.lines[0];
  return line && line.pv.length ? ui.state.turns.find((t) => t.token === line.pv[0]) : null;
}

// For each file the rank of its square nearest the bottom of the screen, for
// each rank the file of its square nearest the left.
function edges(g, missing) {
  const bottom = [];
  const left = [];
  for (let r = 0; r < g.ranks; r++) {
    for (let f = 0; f < g.files; f++) {
      if (missing.has(String.fromCharCode(97 + f) + (r + 1))) continue;
      if (bottom[f] === undefined || (ui.flipped ? r > bottom[f] : r < bottom[f])) bottom[f] = r;
      if (left[r] === undefined || (ui.flipped ? f > left[r] : f < left[r])) left[r] = f;
    }
  }
  return { bottom, left };
}

function drawPiece(layer, square, letter, extraClass) {
  const [cx, cy] = center(square);
  const white = letter === letter.toUpperCase();
  const colour = white ? "white" : "black";
  const g = el("g", { class: `piece ${colour} ${extraClass || ""}`, "data-piece": letter, "data-on": square }, layer);
  const glyph = GLYPHS[letter.toLowerCase()];
  if (glyph) {
    const t = el("text", { x: cx, y: cy + SQ * 0.02, class: "glyph", "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = glyph + "\uFE0E";
  } else {
    // Champion, wizard, or any other fairy piece: a disc with its letter.
    el("circle", { cx, cy, r: SQ * 0.36, class: "disc" }, g);
    if (letter.toLowerCase() === "w") {
      el("circle", { cx, cy, r: SQ * 0.29, class: "disc-inner" }, g);
    } else if (letter.toLowerCase() === "c") {
      el("rect", { x: cx - SQ * 0.25, y: cy - SQ * 0.25, width: SQ * 0.5, height: SQ * 0.5, class: "disc-inner", transform: `rotate(45 ${cx} ${cy})` }, g);
    }
    const t = el("text", { x: cx, y: cy + 1, class: "letter", "text-anchor": "middle", "dominant-baseline": "central" }, g);
    t.textContent = letter.toUpperCase();
  }
  const title = el("title", {}, g);
  title.textContent = `${pieceName(letter)} on ${square}`;
}

// Arrows and removal marks for the turn(s) being previewed.
function drawOverlay() {
  const layer = ui.overlayLayer;
  if (!layer || !ui.state) return;
  layer.innerHTML = "";
  let turns = [];
  if (ui.preview) {
    turns = [ui.preview];
  } else if (ui.hoverSquare && humanToMove() && ui.clicks.length > 0) {
    turns = nextSquares().get(ui.hoverSquare) || [];
  }
  if (turns.length === 0) return;
  const vanished = new Set();
  turns.forEach((t) => t.vanished.forEach((v) => vanished.add(v)));
  for (const sq of vanished) {
    const [x, y] = screenXY(sq);
    el("rect", { x, y, width: SQ, height: SQ, class: "vanish", "data-vanish": sq }, layer);
  }
  // Arrows only when one turn is meant: several would clutter.
  if (turns.length !== 1) return;
  turns[0].parts.forEach((part, i) => drawArrow(layer, part, i));
}

function drawArrow(layer, part, i, extra) {
  const cls = `arrow part${i}${extra ? " " + extra : ""}`;
  if (part.from === "off") return;
  const [x1, y1] = center(part.from);
  if (part.to === "off") {
    el("circle", { cx: x1, cy: y1, r: SQ * 0.4, class: `${cls} off` }, layer);
    const t = el("text", { x: x1, y: y1 - SQ * 0.3, class: "off-label", "text-anchor": "middle" }, layer);
    t.textContent = "off";
    return;
  }
  if (part.to === part.from) {
    el("circle", { cx: x1, cy: y1, r: SQ * 0.4, class: `${cls} stay` }, layer);
    return;
  }
  const [x2, y2] = center(part.to);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const head = SQ * 0.3;
  const ex = x2 - ux * head * 0.6;
  const ey = y2 - uy * head * 0.6;
  el("line", { x1, y1, x2: ex - ux * head * 0.5, y2: ey - uy * head * 0.5, class: cls }, layer);
  const px = -uy * head * 0.55;
  const py = ux * head * 0.55;
  el("polygon", {
    points: `${ex + ux * head * 0.5},${ey + uy * head * 0.5} ${ex - ux * head * 0.5 + px},${ey - uy * head * 0.5 + py} ${ex - ux * head * 0.5 - px},${ey - uy * head * 0.5 - py}`,
    class: `${cls} head`,
  }, layer);
}

function drawPanel() {
  const s = ui.state;
  $("variant-title").textContent = s.variant;
  $("variant").value = s.variant;
  const fen = $("fen");
  if (document.activeElement !== fen) fen.value = s.fen;
  document.body.dataset.version = s.version;
  document.body.dataset.plies = s.moves.length;
  document.body.dataset.thinking = s.search && s.search.running ? s.search.mode : "";

  const status = $("status");
  if (s.result) {
    const who = s.result.winner ? `${s.result.winner[0].toUpperCase()}${s.result.winner.slice(1)} wins` : "Draw";
    const loser = s.result.winner === "white" ? "Black" : "White";
    const flagged = s.clock && s.clock.flagged === "white" ? "White" : "Black";
    const why = s.result.reason === "time forfeit" ? `${loser} lost on time`
      : s.result.reason.startsWith("time forfeit") ? `${flagged} ran out of time, but the other side cannot win`
      : s.result.reason;
    status.textContent = `${s.result.score} \u2014 ${who} (${why})`;
    status.className = "over";
  } else {
    const side = s.white_to_move ? "White" : "Black";
    let text = `${side} to move${s.in_check ? " \u2014 check" : ""}`;
    if (s.search && s.search.running && s.search.mode === "move") text += " \u2014 Chimera is thinking\u2026";
    else if (needsChoice() && humanToMove()) text += ": first choose the promoted piece";
    status.textContent = text;
    status.className = "";
  }

  drawMoves();
  drawEngine();
  drawPicker();
  drawOptions();
  $("side-label").hidden = mode() !== "engine";
  $("movetime-label").hidden = mode() !== "engine" || Boolean(clockControl());
  $("clock-label").hidden = mode() !== "engine";
  $("multipv-label").hidden = mode() !== "analyse";
  $("level-label").hidden = mode() !== "engine";
}

// The move list from the tree: the main line, each variation in brackets
// after the turn it replaces (nested ones too), numbered from the start
// FEN's move number. A click on a turn shows its position.
function drawMoves() {
  const s = ui.state;
  const list = $("moves");
  list.innerHTML = "";
  const tree = s.tree;
  const nodes = new Map(tree.nodes.map((n) => [n.id, n]));
  const fields = s.start_fen.split(/\s+/);
  const firstNumber = parseInt(fields[5], 10) || 1;
  const blackFirst = fields[1] === "b";
  // Ply 1 is the start FEN's side's turn.
  const numberOf = (ply) => firstNumber + Math.floor((ply - 1 + (blackFirst ? 1 : 0)) / 2);
  const whiteMoves = (ply) => (ply - 1 + (blackFirst ? 1 : 0)) % 2 === 0;
  const children = (id) => (id === 0 ? tree.root : nodes.get(id).children);

  const writeLine = (first, parent) => {
    let id = first;
    let opening = true;
    while (id !== undefined) {
      const n = nodes.get(id);
      if (whiteMoves(n.ply)) parent.appendChild(span(`${numberOf(n.ply)}.`, "number"));
      else if (opening) parent.appendChild(span(`${numberOf(n.ply)}…`, "number"));
      opening = false;
      const m = span(n.notation || n.token, n.id === tree.current ? "move current" : "move");
      m.dataset.node = n.id;
      m.title = n.token;
      m.addEventListener("click", () => goTo(n.id));
      parent.appendChild(m);
      // The game analysis's judgement of the turn, as PGN writes it.
      const judged = judgements().get(n.id);
      if (judged) {
        const g = span(GLYPH_OF[judged], `glyph ${judged}`);
        g.title = judged;
        parent.appendChild(g);
      }
      // The other continuations of the position before this turn.
      const siblings = children(n.parent);
      if (siblings[0] === id) {
        for (const alt of siblings.slice(1)) {
          const v = span("", "variation");
          writeLine(alt, v);
          parent.appendChild(v);
        }
      }
      id = n.children[0];
      // A turn after variations starts again with its number.
      if (siblings.length > 1 && siblings[0] === n.id) opening = true;
    }
  };
  if (tree.root.length) writeLine(tree.root[0], list);
  if (s.result) list.appendChild(span(`${s.result.score} (${s.result.reason})`, "result"));
  const current = list.querySelector(".move.current");
  if (current) current.scrollIntoView({ block: "nearest" });
  document.body.dataset.current = tree.current;
}

// ---------- game analysis ----------

const GLYPH_OF = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// Judged turns of the finished game analysis, by tree id.
function judgements() {
  const a = ui.analysis;
  const map = new Map();
  if (a && !a.running) for (const m of a.moves) if (m.judgement) map.set(m.node, m.judgement);
  return map;
}

async function analyseGame() {
  const v = parseFloat($("analysis-time").value);
  const ms = Math.round((isFinite(v) && v > 0 ? v : 1) * 1000);
  const a = await call("POST", "/api/analyse-game", { movetime_ms: Math.min(ms, 60000) });
  if (!a) return;
  ui.analysis = a;
  drawAnalysis();
  pollAnalysis();
}

function pollAnalysis() {
  if (ui.analysisTimer) return;
  ui.analysisTimer = setInterval(async () => {
    let a;
    try {
      a = await api("GET", "/api/analyse-game");
    } catch (e) {
      a = null;
    }
    if (!a || !a.running) {
      clearInterval(ui.analysisTimer);
      ui.analysisTimer = null;
    }
    ui.analysis = a;
    drawAnalysis();
    if (a && !a.running) drawMoves();
  }, 300);
}

async function cancelAnalysis() {
  const a = await call("POST", "/api/analyse-game/cancel");
  if (a) {
    ui.analysis = a;
    drawAnalysis();
  }
}

async function exportAnnotated() {
  const data = await call("GET", "/api/analyse-game/pgn");
  if (data) offerPgn(data.pgn, `chimera-${ui.state.variant}-annotated.pgn`);
}

// White's winning chances from -1 to 1 for the graph's height (lichess's
// curve, so that a few pawns fill most of it).
function chances(cp) {
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

function drawAnalysis() {
  const a = ui.analysis;
  const status = $("analysis-status");
  const graph = $("graph");
  $("analysis-cancel").hidden = !(a && a.running);
  $("analysis-export").hidden = !(a && !a.running && a.points.length);
  document.body.dataset.analysis = a ? (a.running ? "running" : a.cancelled ? "cancelled" : "done") : "";
  $("analysis-totals").textContent = "";
  if (!a) {
    status.textContent = "";
    // An SVG element has no `hidden` property: the attribute it is.
    graph.toggleAttribute("hidden", true);
    return;
  }
  if (a.running) status.textContent = `analysing ${a.done} of ${a.total} positions (${a.budget})…`;
  else if (a.error) status.textContent = `the analysis failed: ${a.error}`;
  else if (a.cancelled) status.textContent = `cancelled after ${a.done} of ${a.total} positions`;
  else status.textContent = `${a.total} positions analysed (${a.budget})`;
  graph.toggleAttribute("hidden", !a.points.length);
  graph.innerHTML = "";
  if (!a.points.length) return;
  const W = 640;
  const H = 120;
  const n = a.points.length;
  const x = (ply) => (n === 1 ? W / 2 : (ply / (n - 1)) * W);
  const y = (cp) => H / 2 - (chances(cp) * H) / 2;
  const curve = a.points.map((p) => `${x(p.ply).toFixed(1)},${y(p.cp).toFixed(1)}`);
  el("polygon", { points: `0,${H} ${curve.join(" ")} ${W},${H}`, class: "white-area" }, graph);
  el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "mid" }, graph);
  const here = a.points.find((p) => ui.state && p.node === ui.state.tree.current);
  if (here) el("line", { x1: x(here.ply), y1: 0, x2: x(here.ply), y2: H, class: "here", "data-ply": here.ply }, graph);
  for (const m of a.moves) {
    if (!m.judgement) continue;
    const c = el("circle", { cx: x(m.ply), cy: y(a.points[m.ply].cp), r: 5, class: `mark ${m.judgement}`, "data-ply": m.ply, "data-judgement": m.judgement }, graph);
    const t = el("title", {}, c);
    t.textContent = `${m.notation}: ${m.judgement}${m.best ? ` (${m.best} was best)` : ""}`;
  }
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const side = (name, t) =>
    `${name}: ${count(t.inaccuracies, "inaccuracy", "inaccuracies")}, ${count(t.mistakes, "mistake", "mistakes")}, ` +
    `${count(t.blunders, "blunder", "blunders")}, average loss ${t.average_loss} cp`;
  if (a.white) $("analysis-totals").textContent = `${side("White", a.white)}. ${side("Black", a.black)}.`;
}

// A click on the graph shows the position nearest to it.
function onGraphClick(e) {
  const a = ui.analysis;
  if (!a || !a.points.length) return;
  const box = $("graph").getBoundingClientRect();
  const n = a.points.length;
  const ply = Math.round(((e.clientX - box.left) / box.width) * (n - 1));
  const point = a.points[Math.max(0, Math.min(n - 1, ply))];
  goTo(point.node);
}

// Shows the position after turn `id` of the tree (0: the start).
async function goTo(id) {
  if (!ui.state || id === ui.state.tree.current) return;
  const s = await call("POST", "/api/goto", { node: id });
  if (s) setState(s);
}

// Back: the turn before; forward: the current line's next turn.
function step(forward) {
  const tree = ui.state && ui.state.tree;
  if (!tree) return;
  const here = tree.nodes.find((n) => n.id === tree.current);
  if (forward) {
    const next = here ? here.children[0] : tree.root[0];
    if (next !== undefined) goTo(next);
  } else if (here) {
    goTo(here.parent);
  }
}

function span(text, cls) {
  const e = document.createElement("span");
  e.className = cls;
  e.textContent = text;
  return e;
}

// A score from White's side: +0.35, or M3 / -M3 for a mate in 3.
function formatScore(score) {
  if (!score) return "";
  if (score.mate !== undefined) return score.mate > 0 ? `M${score.mate}` : `-M${-score.mate}`;
  const v = score.cp / 100;
  return (v > 0 ? "+" : "") + v.toFixed(2);
}

function drawEngine() {
  const l = ui.state.search;
  const info = $("engine-info");
  if (!l || (!l.running && !l.depth)) {
    info.textContent = "idle";
    $("engine-pv").textContent = "";
    return;
  }
  const what = l.running ? (l.mode === "analyse" ? "analysing" : "thinking") : "done";
  const knps = Math.round(l.nps / 1000);
  // Win/draw/loss for White in per cent, from the variant's fitted model.
  const wdl = l.wdl ? ` \u00b7 W/D/L ${l.wdl.map((x) => Math.round(x / 10)).join("/")}%` : "";
  info.textContent = `${what} \u00b7 depth ${l.depth} \u00b7 ${formatScore(l.score)}${wdl} \u00b7 ${l.nodes.toLocaleString()} nodes \u00b7 ${knps} knps`;
  info.dataset.depth = l.depth;
  $("engine-pv").textContent = analysisShown() ? "" : l.pv.join(" ");
  drawLines();
  drawEvalBar();
  drawBest();
}

// The analysis's lines, each in the variant's notation with move numbers;
// a click on a line's first turn plays it.
function drawLines() {
  const box = $("lines");
  box.innerHTML = "";
  if (!analysisShown()) return;
  const s = ui.state;
  const fields = s.fen.split(/\s+/);
  const number = parseInt(fields[fields.length - 1], 10) || 1;
  for (const line of s.search.lines) {
    if (!line.pv.length) continue;
    const row = document.createElement("div");
    row.className = "line";
    row.dataset.multipv = line.multipv;
    row.appendChild(span(formatScore(line.score), "line-score"));
    let n = number;
    let white = s.white_to_move;
    line.notation.forEach((text, i) => {
      let label = text;
      if (white) label = `${n}. ${text}`;
      else if (i === 0) label = `${n}… ${text}`;
      if (i === 0) {
        const b = document.createElement("button");
        b.className = "line-move";
        b.dataset.token = line.pv[0];
        b.textContent = label;
        b.title = "play this turn";
        b.addEventListener("click", () => {
          const turn = ui.state.turns.find((t) => t.token === line.pv[0]);
          if (turn) playTurn(turn);
        });
        row.appendChild(b);
      } else {
        row.appendChild(span(label, "line-rest"));
      }
      if (!white) n++;
      white = !white;
    });
    box.appendChild(row);
  }
}

// White's share of the game by the best line's win/draw/loss (all of it
// for a mate), filled from White's side of the board.
function drawEvalBar() {
  const bar = $("eval-bar");
  const shown = analysisShown();
  bar.hidden = !shown;
  if (!shown) return;
  const l = ui.state.search;
  const score = l.lines[0].score;
  let white = 0.5;
  if (score.mate !== undefined) white = score.mate > 0 ? 1 : 0;
  else if (l.wdl) white = (l.wdl[0] + l.wdl[1] / 2) / 1000;
  const fill = $("eval-fill");
  fill.style.height = `${(white * 100).toFixed(1)}%`;
  bar.classList.toggle("flipped", ui.flipped);
  const text = formatScore(score);
  $("eval-text").textContent = text;
  bar.dataset.score = text;
  bar.dataset.white = white.toFixed(3);
  bar.title = `${text} (White's side)`;
}

// The pending-promotion choice (before the turn) and the promotion picker
// (when several turns differ only in the promoted piece).
function drawPicker() {
  const picker = $("picker");
  picker.innerHTML = "";
  picker.hidden = true;
  if (!humanToMove()) return;
  let options = [];
  let title = "";
  if (needsChoice()) {
    const pieces = [...new Set(ui.state.turns.filter((t) => t.choice).map((t) => t.choice.piece))];
    const sq = ui.state.turns.find((t) => t.choice).choice.square;
    title = `Your pawn on ${sq} becomes:`;
    options = pieces.map((p) => ({ label: p, action: () => { ui.choice = p; ui.clicks = []; render(); } }));
  } else if (ui.clicks.length > 0) {
    const c = candidates(ui.clicks);
    const promos = promotionChoices(c);
    if (promos) {
      title = "Promote to:";
      options = promos.map(([p, t]) => ({ label: p, action: () => playTurn(t) }));
    }
  }
  if (options.length === 0) return;
  picker.hidden = false;
  picker.appendChild(span(title, "picker-title"));
  const white = ui.state.white_to_move;
  for (const o of options) {
    const b = document.createElement("button");
    b.className = "pick";
    b.dataset.piece = o.label;
    const letter = white ? o.label.toUpperCase() : o.label.toLowerCase();
    b.textContent = `${pieceLetterLabel(letter)} ${NAMES[o.label.toLowerCase()] || o.label}`;
    b.addEventListener("click", o.action);
    picker.appendChild(b);
  }
}

// When every candidate has the same clicked squares, all clicked, and they
// differ only in a promotion letter: [letter, turn] pairs; else null.
function promotionChoices(c) {
  if (c.length < 2) return null;
  const keys = turnKeys(c[0]).join(" ");
  if (!c.every((t) => turnKeys(t).join(" ") === keys)) return null;
  if (matchClicks(turnKeys(c[0]), ui.clicks) !== turnKeys(c[0]).length - 1) return null;
  const out = [];
  for (const t of c) {
    const promo = t.parts.map((p) => p.promotion).find((p) => p);
    if (!promo) return null;
    out.push([promo, t]);
  }
  return out;
}

// The list of turns the selection could still mean, each playable.
function drawOptions() {
  const box = $("options");
  box.innerHTML = "";
  box.hidden = true;
  if (!humanToMove() || ui.clicks.length === 0) return;
  let c = candidates(ui.clicks);
  if (c.length === 0 || promotionChoices(c)) return;
  // Single-part turns need no list: the next click says which. Multi-part
  // ones are listed once few remain or the first part is settled.
  const multi = c.filter((t) => t.parts.length > 1);
  if (multi.length === 0) return;
  const firstPart = (t) => `${t.parts[0].from}${t.parts[0].to}`;
  const settled = multi.every((t) => firstPart(t) === firstPart(multi[0]));
  if (!(multi.length <= 8 || (settled && multi.length <= 16))) return;
  c = multi;
  box.hidden = false;
  const only = c.length === 1 && candidates(ui.clicks).length === 1;
  box.appendChild(span(only ? "Play this turn?" : "Or pick one:", "options-title"));
  for (const t of c) {
    const b = document.createElement("button");
    b.className = "option";
    b.dataset.token = t.token;
    b.textContent = describeTurn(t);
    b.title = t.token;
    b.addEventListener("click", () => playTurn(t));
    b.addEventListener("mouseenter", () => { ui.preview = t; drawOverlay(); });
    b.addEventListener("mouseleave", () => { ui.preview = null; drawOverlay(); });
    box.appendChild(b);
  }
  if (only) {
    ui.preview = c[0];
    const cancel = document.createElement("button");
    cancel.className = "cancel";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => { clearSelection(); render(); });
    box.appendChild(cancel);
  }
}

function render() {
  if (!ui.state) return;
  if (ui.clicks.length === 0 || candidates(ui.clicks).length !== 1) ui.preview = null;
  drawPanel();
  drawBoard();
}

// ---------- input ----------

function clearSelection() {
  ui.clicks = [];
  ui.preview = null;
}

function onSquare(sq) {
  if (!humanToMove() || needsChoice()) return;
  const firsts = new Set(turnsForChoice().map((t) => turnKeys(t)[0]));
  if (ui.clicks.length === 0) {
    if (firsts.has(sq)) ui.clicks = [sq];
    render();
    return;
  }
  if (ui.clicks.length === 1 && ui.clicks[0] === sq) {
    clearSelection();
    render();
    return;
  }
  const clicks = [...ui.clicks, sq];
  const c = candidates(clicks);
  if (c.length === 0) {
    clearSelection();
    if (firsts.has(sq)) ui.clicks = [sq];
    render();
    return;
  }
  ui.clicks = clicks;
  // Everything clicked and one turn meant: play it. Otherwise the picker or
  // the options list (with the turn's effect previewed) asks.
  const exact = c.filter((t) => matchClicks(turnKeys(t), clicks) === turnKeys(t).length - 1);
  if (c.length === 1 && exact.length === 1) {
    playTurn(c[0]);
    return;
  }
  render();
}

async function playTurn(turn) {
  clearSelection();
  ui.choice = null;
  document.body.dataset.sending = "1";
  render();
  const s = await call("POST", "/api/move", { token: turn.token });
  delete document.body.dataset.sending;
  if (s) setState(s);
  else render();
}

// ---------- the engine ----------

function movetimeMs() {
  const v = parseFloat($("movetime").value);
  return Math.round((isFinite(v) && v > 0 ? v : 1) * 1000);
}

async function maybeEngine() {
  const s = ui.state;
  if (!s || ui.goInFlight) return;
  const running = s.search && s.search.running;
  if (s.result) return;
  let request = null;
  if (mode() === "engine" && s.white_to_move !== humanIsWhite() && !running) {
    request = { mode: "move", movetime_ms: movetimeMs() };
    if ($("level").value !== "full") request.elo = Number($("level").value);
  } else if (mode() === "analyse" && !(running && s.search.version === s.version && s.search.mode === "analyse" && ui.analysisLines === linesWanted())) {
    request = { mode: "analyse", lines: linesWanted() };
  }
  if (!request) return;
  ui.goInFlight = true;
  if (request.lines) ui.analysisLines = request.lines;
  const live = await call("POST", "/api/go", request);
  ui.goInFlight = false;
  if (live) {
    ui.state.search = live;
    render();
    startPolling();
  }
}

// ---------- clocks ----------

// The chosen time control as [base ms, increment ms], or null: "5+3" is
// five minutes and three seconds a turn.
function clockControl() {
  const m = /^([\d.]+)\+([\d.]+)$/.exec($("clock").value || "");
  if (!m) return null;
  const base = Math.round(parseFloat(m[1]) * 60000);
  const inc = Math.round(parseFloat(m[2]) * 1000);
  return base > 0 ? [base, inc] : null;
}

// Sets the clocks of the game on the server (none outside play mode).
async function applyClock() {
  const control = mode() === "engine" ? clockControl() : null;
  const body = control ? { base_ms: control[0], increment_ms: control[1] } : {};
  const hasClock = Boolean(ui.state && ui.state.clock);
  if (!control && !hasClock) return;
  const s = await call("POST", "/api/clock", body);
  if (s) setState(s);
}

function formatClock(ms) {
  const total = Math.max(0, ms);
  const minutes = Math.floor(total / 60000);
  const seconds = Math.floor((total % 60000) / 1000);
  const text = `${minutes}:${String(seconds).padStart(2, "0")}`;
  // Tenths once under ten seconds.
  return total < 10000 ? `${text}.${Math.floor((total % 1000) / 100)}` : text;
}

// The clocks as the server last said, the running one counted down here;
// at zero the server is asked, which declares the loss on time.
function drawClocks() {
  const c = ui.state && ui.state.clock;
  $("clocks").hidden = !c;
  if (!c) return;
  const spent = performance.now() - ui.clockAt;
  for (const side of ["white", "black"]) {
    const e = $(`clock-${side}`);
    let ms = c[`${side}_ms`];
    if (c.running === side) ms -= spent;
    e.textContent = formatClock(ms);
    e.className = "clock";
    if (c.running === side) e.classList.add("running");
    if (ms < 10000) e.classList.add("low");
    if (c.flagged === side) e.classList.add("flagged");
    e.dataset.ms = Math.max(0, Math.round(ms));
    if (c.running === side && ms <= 0 && !ui.askedAtZero) {
      ui.askedAtZero = true;
      api("GET", "/api/state").then(setState).catch(() => {}).finally(() => { ui.askedAtZero = false; });
    }
  }
}

function linesWanted() {
  return Number($("multipv").value) || 1;
}

function startPolling() {
  if (ui.pollTimer) return;
  ui.pollTimer = setInterval(async () => {
    let s;
    try {
      s = await api("GET", "/api/state");
    } catch (e) {
      return;
    }
    // A reply overtaken by a newer state (a move's answer arrived while
    // this poll was on its way) shows a board that is gone: drop it, and
    // keep polling, as the newer state decides whether to.
    if (s.version < ui.state.version) return;
    const changed = s.version !== ui.state.version;
    if (!s.search.running) {
      clearInterval(ui.pollTimer);
      ui.pollTimer = null;
    }
    if (changed || !s.search.running) {
      setState(s);
    } else {
      ui.state.search = s.search;
      drawEngine();
    }

  }, 150);
}

function setState(s) {
  // Versions only grow on the server; an older one is a late reply.
  if (ui.state && s.version < ui.state.version) return;
  const changed = !ui.state || s.version !== ui.state.version;
  if (changed) {
    clearSelection();
    ui.choice = null;
    if (ui.state && s.search.played && s.moves.length > 0 && ui.firstEngineMoveMs === undefined) {
      ui.firstEngineMoveMs = Math.round(performance.now() - ui.pageLoaded);
      document.body.dataset.firstEngineMoveMs = ui.firstEngineMoveMs;
    }
  }
  ui.state = s;
  ui.clockAt = performance.now();
  drawClocks();
  $("chess960").checked = Boolean(s.chess960);
  $("chess960").disabled = !hasChess960(s.variant);
  $("pgn-text").hidden = true;
  $("pgn-download").hidden = true;
  render();
  drawAnalysis();
  if (s.search.running) startPolling();
  maybeEngine();
}

// ---------- buttons ----------

// Whether the variant has a Chess960 form (chess, atomic).
function hasChess960(name) {
  const v = ui.variants.find((v) => v.name === name);
  return Boolean(v && v.chess960);
}

// A new game on the server drops its game analysis.
function forgetAnalysis() {
  ui.analysis = null;
  drawAnalysis();
}

async function newGame(fen, variant) {
  showNotice("");
  const body = { variant: variant || $("variant").value };
  if (fen) body.fen = fen;
  if ($("chess960").checked && hasChess960(body.variant)) body.chess960 = true;
  const s = await call("POST", "/api/new", body);
  if (s) {
    forgetAnalysis();
    // Clocks start with the game (the engine mode's time control).
    const control = mode() === "engine" ? clockControl() : null;
    if (control) {
      const timed = await call("POST", "/api/clock", { base_ms: control[0], increment_ms: control[1] });
      if (timed) {
        ui.flipped = !humanIsWhite();
        setState(timed);
        return true;
      }
    }
    ui.flipped = mode() === "engine" && !humanIsWhite();
    setState(s);
  } else if (ui.state) {
    $("variant").value = ui.state.variant;
  }
  return Boolean(s);
}

function showNotice(message) {
  const el = $("notice");
  el.textContent = message || "";
  el.hidden = !message;
}

// Loads the first game of PGN text; against Chimera the board turns to two
// humans, so that a loaded game is not played on at once.
async function loadPgn(text) {
  const s = await call("POST", "/api/load-pgn", { pgn: text });
  if (!s) return;
  if (mode() === "engine") $("mode").value = "humans";
  ui.flipped = false;
  $("pgn-load").hidden = true;
  forgetAnalysis();
  setState(s);
  showNotice(s.notice);
}

async function takeBack() {
  const s = ui.state;
  if (!s) return;
  let plies = 1;
  const thinking = s.search && s.search.running && s.search.mode === "move";
  if (mode() === "engine" && !thinking && s.white_to_move === humanIsWhite() && s.moves.length >= 2) plies = 2;
  const next = await call("POST", "/api/undo", { plies });
  if (next) setState(next);
}

async function exportPgn() {
  const data = await call("GET", "/api/pgn");
  if (data) offerPgn(data.pgn, `chimera-${ui.state.variant}.pgn`);
}

// Shows PGN text and offers it as a file.
function offerPgn(pgn, name) {
  const text = $("pgn-text");
  text.value = pgn;
  text.hidden = false;
  const link = $("pgn-download");
  link.href = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
  link.download = name;
  link.hidden = false;
}

async function init() {
  const data = await call("GET", "/api/variants");
  if (data) {
    ui.variants = data.variants;
    const select = $("variant");
    for (const v of data.variants) {
      const o = document.createElement("option");
      o.value = v.name;
      o.textContent = v.name;
      select.appendChild(o);
    }
  }
  // The variant can be picked by URL: /?variant=atomic&mode=humans.
  const params = new URLSearchParams(location.search);
  for (const key of ["mode", "side", "movetime", "level", "multipv"]) {
    if (params.get(key)) $(key).value = params.get(key);
  }
  // Any "minutes+seconds" from the URL, e.g. clock=0.005+0 for a test.
  if (params.get("clock")) {
    const o = document.createElement("option");
    o.value = o.textContent = params.get("clock");
    $("clock").appendChild(o);
    $("clock").value = o.value;
  }
  $("clock").addEventListener("change", () => newGame());
  setInterval(drawClocks, 100);
  $("variant").addEventListener("change", () => newGame());
  $("chess960").addEventListener("change", () => newGame());
  $("mode").addEventListener("change", async () => {
    // Clocks belong to play mode.
    if (mode() !== "engine" && ui.state && ui.state.clock) await applyClock();
    if (mode() === "humans") {
      const s = await call("POST", "/api/stop");
      if (s) setState(s);
    } else {
      render();
      maybeEngine();
    }
  });
  $("side").addEventListener("change", async () => {
    ui.flipped = !humanIsWhite();
    // A move Chimera is thinking about may now be the user's to make.
    const s = await call("POST", "/api/stop");
    if (s) setState(s);
  });
  $("multipv").addEventListener("change", () => maybeEngine());
  $("new").addEventListener("click", () => newGame());
  $("undo").addEventListener("click", takeBack);
  $("back").addEventListener("click", () => step(false));
  $("forward").addEventListener("click", () => step(true));
  $("flip").addEventListener("click", () => { ui.flipped = !ui.flipped; render(); drawEvalBar(); });
  // Stop: Chimera plays the best turn it has found so far; an analysis ends
  // (and the board goes back to two humans).
  $("stop").addEventListener("click", async () => {
    if (mode() === "analyse") $("mode").value = "humans";
    const s = await call("POST", "/api/stop", { move_now: mode() === "engine" });
    if (s) setState(s);
  });
  $("load-fen").addEventListener("click", () => newGame($("fen").value.trim()));
  $("copy-fen").addEventListener("click", () => {
    const fen = ui.state ? ui.state.fen : "";
    if (navigator.clipboard) navigator.clipboard.writeText(fen).catch(() => {});
    $("fen").value = fen;
    $("fen").select();
  });
  $("pgn").addEventListener("click", exportPgn);
  $("analyse-game").addEventListener("click", analyseGame);
  $("analysis-cancel").addEventListener("click", cancelAnalysis);
  $("analysis-export").addEventListener("click", exportAnnotated);
  $("graph").addEventListener("click", onGraphClick);
  $("load-pgn").addEventListener("click", () => {
    $("pgn-load").hidden = !$("pgn-load").hidden;
    if (!$("pgn-load").hidden) $("pgn-input").focus();
  });
  $("pgn-load-text").addEventListener("click", () => loadPgn($("pgn-input").value));
  $("pgn-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) loadPgn(await file.text());
    e.target.value = "";
  });
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName)) return;
    if (e.key === "Escape") { clearSelection(); render(); }
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      step(e.key === "ArrowRight");
    }
    if (e.key === "Enter" && ui.preview) playTurn(ui.preview);
  });

  const wanted = params.get("variant");
  if (!wanted || !(await newGame(params.get("fen") || undefined, wanted))) {
    const s = await api("GET", "/api/state").catch((e) => showError(e.message));
    if (s) {
      ui.flipped = mode() === "engine" && !humanIsWhite();
      setState(s);
    }
  }
  document.body.dataset.ready = "1";
}

init();
