// End-to-end test of `chimera gui` in headless Chromium.
//
// For every registered variant: open the page, play a legal turn by
// clicking squares (a two-part turn where the variant has them: an
// avalanche push, a Dynamo push), wait for Chimera's reply, take a
// screenshot. Also: atomic's explosion preview on hover, a promotion via the
// picker, and the time from page load to the engine's first move.
//
// Environment: CHIMERA_BIN (default ../../target/release/chimera),
// CHROMIUM (default /usr/bin/chromium), ARTIFACTS (default
// ../artifacts/browser), DOCS_IMAGES=1 to also write docs/images/<variant>.png.

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const bin = process.env.CHIMERA_BIN || join(root, "target/release/chimera");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const artifacts = resolve(process.env.ARTIFACTS || join(root, "engine-tests/artifacts/browser"));
const docsImages = process.env.DOCS_IMAGES === "1" ? join(root, "docs/images") : null;
const MOVETIME_S = 0.3;

let passed = 0;
let failed = 0;
const timings = [];

async function check(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

// Starts the server and resolves to its URL.
function startServer() {
  return new Promise((resolveUrl, reject) => {
    const child = spawn(bin, ["gui", "--no-browser", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no URL from ${bin}: ${out}`)), 15000);
    child.on("error", reject);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) {
        clearTimeout(timer);
        resolveUrl({ url: m[0], child });
      }
    });
  });
}

// The squares the page expects clicked for a turn (its documented input
// model: each part's from and to, "off" left out, a repeated square once).
function turnKeys(turn) {
  const keys = [];
  for (const part of turn.parts) {
    for (const sq of [part.from, part.to]) {
      if (sq !== "off" && keys[keys.length - 1] !== sq) keys.push(sq);
    }
  }
  return keys;
}

// A turn worth testing: a push/pull where the variant has them, else a
// pawn's double step, else the first turn.
function pickTurn(turns) {
  const sorted = [...turns].sort((a, b) => (a.token < b.token ? -1 : 1));
  const twoPart = sorted.filter(
    (t) => t.parts.length === 2 && t.parts[1].to !== "off" && t.parts[0].from !== t.parts[0].to,
  );
  if (twoPart.length) return twoPart[Math.floor(twoPart.length / 2)];
  const stationary = sorted.filter((t) => t.parts.length === 2);
  if (stationary.length) return stationary[0];
  return sorted.find((t) => ["e2e4", "f3f5", "f3f6"].includes(t.token)) || sorted[0];
}

async function boardState(page) {
  return page.evaluate(() => window.chimeraBoard.state);
}

async function plies(page) {
  return Number(await page.getAttribute("body", "data-plies"));
}

// Clicks a turn in, confirming through the options list or picker if asked.
async function clickTurn(page, turn) {
  const before = await plies(page);
  for (const sq of turnKeys(turn)) {
    await page.click(`rect[data-square="${sq}"]`);
    await page.waitForSelector("body:not([data-sending])");
    if ((await plies(page)) !== before) break;
  }
  if ((await plies(page)) === before) {
    const option = page.locator(`button.option[data-token="${turn.token}"]`);
    const promo = turn.parts.map((p) => p.promotion).find((p) => p);
    if (await option.count()) {
      await option.click();
    } else if (promo) {
      await page.click(`button.pick[data-piece="${promo}"]`);
    }
  }
  await page.waitForFunction((n) => Number(document.body.dataset.plies) > n, before, { timeout: 5000 });
}

// A screenshot kept as an artifact (and for the docs when asked).
async function shoot(page, name, fullPage = false) {
  await page.screenshot({ path: join(artifacts, name), fullPage });
  if (docsImages) await page.screenshot({ path: join(docsImages, name), fullPage });
}

async function openBoard(page, base, query) {
  await page.goto(`${base}?${new URLSearchParams(query)}`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 10000 });
}

async function main() {
  mkdirSync(artifacts, { recursive: true });
  if (docsImages) mkdirSync(docsImages, { recursive: true });
  const { url, child } = await startServer();
  const profile = mkdtempSync(join(tmpdir(), "chimera-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
    viewport: { width: 1180, height: 760 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] || (await context.newPage());
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  // Offline: the page may load nothing but its own server's files.
  await page.route("**/*", (route) => {
    const u = route.request().url();
    return u.startsWith(url) ? route.continue() : route.abort();
  });

  const variants = (await (await fetch(`${url}api/variants`)).json()).variants.map((v) => v.name);
  console.log(`server ${url}, variants: ${variants.join(", ")}`);

  for (const variant of variants) {
    await check(`${variant}: a clicked turn, then Chimera's reply`, async () => {
      const loaded = Date.now();
      await openBoard(page, url, { variant, mode: "engine", side: "white", movetime: MOVETIME_S });
      const state = await boardState(page);
      assert(state.variant === variant, `page shows ${state.variant}`);
      const drawn = await page.locator("rect.sq").count();
      const g = state.geometry;
      assert(drawn === g.files * g.ranks - g.missing.length, `${drawn} squares drawn`);
      const pieces = await page.locator("g.piece").count();
      assert(pieces === state.board.length, `${pieces} pieces drawn, ${state.board.length} on the board`);
      const turn = pickTurn(state.turns);
      await clickTurn(page, turn);
      const after = await boardState(page);
      assert(after.moves[0] === turn.token, `played ${after.moves[0]}, meant ${turn.token}`);
      await page.waitForSelector('body[data-plies="2"]', { timeout: 20000 });
      const replied = Date.now();
      const reply = (await boardState(page)).moves[1];
      timings.push({ variant, turn: turn.token, reply, loadToReplyMs: replied - loaded });
      // Show the next turn's targets in the picture.
      const next = pickTurn((await boardState(page)).turns);
      await page.click(`rect[data-square="${turnKeys(next)[0]}"]`);
      await shoot(page, `${variant}.png`);
    });
  }

  if (variants.includes("chess")) {
    await check("chess: analysis shows the bar, the best arrow and 3 lines in SAN", async () => {
      await openBoard(page, url, { variant: "chess", mode: "analyse", multipv: 3, fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" });
      await page.waitForFunction(() => document.querySelectorAll("#lines .line").length === 3 && window.chimeraBoard.state.search.depth >= 4, null, { timeout: 10000 });
      assert((await page.getAttribute("#eval-bar", "data-score")) === "M1", "the bar says M1");
      assert((await page.textContent("#eval-text")) === "M1", "M1 written on the bar");
      const first = await page.textContent('#lines .line[data-multipv="1"]');
      assert(first.startsWith("M1") && first.includes("1. Ra8#"), `line 1: ${first}`);
      assert((await page.getAttribute("g.best", "data-token")) === "a1a8", "the arrow is Ra8");
      // Black mates: the bar reads from White's side.
      await openBoard(page, url, { variant: "chess", mode: "analyse", multipv: 1, fen: "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1" });
      await page.waitForFunction(() => document.querySelector("#eval-bar").dataset.score === "-M1", null, { timeout: 10000 });
      const line = await page.textContent("#lines .line");
      assert(line.includes("1… Ra1#"), `Black's line: ${line}`);
      const share = await page.getAttribute("#eval-bar", "data-white");
      assert(share === "0.000", `White's share ${share}`);
    });
  }

  if (variants.includes("atomic")) {
    await check("atomic: analysis sees the explosion that mates: bar, arrow, line", async () => {
      // Rxe7 explodes the pawn and the king beside it.
      await openBoard(page, url, { variant: "atomic", mode: "analyse", multipv: 2, fen: "4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1" });
      await page.waitForFunction(() => document.querySelectorAll("#lines .line").length === 2 && window.chimeraBoard.state.search.depth >= 4, null, { timeout: 10000 });
      assert((await page.getAttribute("#eval-bar", "data-score")) === "M1", "the bar says M1");
      assert((await page.getAttribute("g.best", "data-token")) === "e1e7", "the arrow is Rxe7");
      const first = await page.textContent('#lines .line[data-multipv="1"]');
      assert(first.startsWith("M1") && first.includes("1. Rxe7"), `line 1: ${first}`);
      await shoot(page, "atomic-analysis.png");
    });
  }

  if (variants.includes("omega")) {
    await check("omega: analysis shows the bar, the best arrow and 3 lines in SAN on the 10x10 board", async () => {
      await openBoard(page, url, { variant: "omega", mode: "analyse", multipv: 3 });
      await page.waitForFunction(() => document.querySelectorAll("#lines .line").length === 3 && window.chimeraBoard.state.search.depth >= 3, null, { timeout: 10000 });
      const s = await boardState(page);
      const best = s.search.lines[0];
      assert((await page.getAttribute("g.best", "data-token")) === best.pv[0], "the arrow is the best move");
      assert(await page.isVisible("#eval-bar"), "the bar is shown");
      const first = await page.textContent('#lines .line[data-multipv="1"]');
      assert(first.includes(`1. ${best.notation[0]}`) && !first.includes(best.pv[0]), `line 1 in SAN: ${first}`);
      await shoot(page, "omega-analysis.png");
    });
  }

  for (const variant of ["avalanche", "dynamo"].filter((v) => variants.includes(v))) {
    await check(`${variant}: the best turn's arrow shows both parts; a line's first turn is played by a click`, async () => {
      // Avalanche: every turn pushes a pawn. Dynamo: the rook's best turn
      // pushes the knight off the board (a5a7, a7 off).
      const fen = variant === "dynamo" ? "4k3/n7/8/R7/8/8/8/4K3 w - - 0 1" : undefined;
      const query = { variant, mode: "analyse", multipv: 2 };
      if (fen) query.fen = fen;
      await openBoard(page, url, query);
      await page.waitForFunction(() => document.querySelectorAll("#lines .line").length === 2 && window.chimeraBoard.state.search.depth >= 3, null, { timeout: 10000 });
      const s = await boardState(page);
      const best = s.search.lines[0].pv[0];
      const turn = s.turns.find((t) => t.token === best);
      assert(turn.parts.length === 2, `${best} has ${turn.parts.length} parts`);
      assert((await page.getAttribute("g.best", "data-token")) === best, "the arrow is the best turn");
      const drawn = await page.$$eval("g.best .best-arrow:not(.head)", (els) => els.map((e) => e.getAttribute("class")));
      assert(drawn.length === 2 && drawn.some((c) => c.includes("part1")), `arrows drawn: ${drawn}`);
      const button = await page.textContent(`#lines .line[data-multipv="1"] button.line-move`);
      assert(button.includes(s.search.lines[0].notation[0]) && !button.includes(","), `the line's first turn: ${button}`);
      await shoot(page, `${variant}-analysis.png`);
      // Read and click in one step: the lines change as the search deepens.
      const clicked = await page.evaluate(() => {
        const b = document.querySelector('#lines .line[data-multipv="1"] button.line-move');
        b.click();
        return b.dataset.token;
      });
      await page.waitForSelector('body[data-plies="1"]');
      const after = await boardState(page);
      assert(after.moves[0] === clicked, `clicked ${clicked}, the board played ${JSON.stringify(after.moves)} (tree ${JSON.stringify(after.tree)})`);
    });
  }

  if (variants.includes("atomic")) {
    await check("atomic: hovering a capture shows the explosion", async () => {
      const fen = "rnbqkbnr/pppppppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1";
      await openBoard(page, url, { variant: "atomic", mode: "humans", fen });
      await page.click('rect[data-square="e5"]');
      await page.hover('rect[data-square="d7"]');
      const marks = await page.$$eval("[data-vanish]", (els) => els.map((e) => e.dataset.vanish).sort());
      // Nxd7: the pawn on d7 and the non-pawns around it (c8, d8, e8) go;
      // the pawns c7, e7 stay (lichess atomic rules).
      assert(marks.join(" ") === "c8 d7 d8 e8", `explosion marks ${marks}`);
      await shoot(page, "atomic-explosion.png");
    });
  }

  if (variants.includes("avalanche")) {
    await check("avalanche: a pending promotion is chosen first, then move and push", async () => {
      // White's pawn on e8 waits for its owner's choice.
      const fen = "4P3/8/7k/2p5/8/8/8/4K3 w - - 0 1";
      await openBoard(page, url, { variant: "avalanche", mode: "humans", fen });
      await page.waitForSelector("button.pick", { timeout: 3000 });
      const choices = await page.$$eval("button.pick", (els) => els.map((e) => e.dataset.piece).sort());
      assert(choices.join("") === "bnqr", `choices ${choices}`);
      await page.click('button.pick[data-piece="r"]');
      for (const sq of ["e1", "d1", "c5"]) await page.click(`rect[data-square="${sq}"]`);
      // One turn left: it is previewed and waits for confirmation.
      await page.waitForSelector('button.option[data-token="e8=r,e1d1,c5c4"]');
      await page.click('button.option[data-token="e8=r,e1d1,c5c4"]');
      await page.waitForSelector('body[data-plies="1"]');
      const s = await boardState(page);
      assert(s.moves[0] === "e8=r,e1d1,c5c4", `played ${s.moves[0]}`);
      assert(s.board.some((p) => p.square === "e8" && p.piece === "R"), "e8 is a rook");
    });
  }

  if (variants.includes("dynamo")) {
    await check("dynamo: mover, then the piece; push and pull offered with their results", async () => {
      const fen = "4k3/8/3n4/8/3R4/8/8/4K3 w - - 0 1";
      await openBoard(page, url, { variant: "dynamo", mode: "humans", fen });
      await page.click('rect[data-square="d4"]');
      await page.click('rect[data-square="d6"]');
      const offered = await page.$$eval("button.option", (els) => els.map((e) => e.dataset.token).sort());
      // The rook pushes the knight two squares on (d6 to d8), or steps two
      // back and pulls it onto d4.
      assert(offered.join(" ") === "d4d2,d6d4 d4d6,d6d8", `offered ${offered}`);
      await page.hover('button.option[data-token="d4d2,d6d4"]');
      const arrows = await page.locator(".overlay line").count();
      assert(arrows === 2, `${arrows} arrows in the preview`);
      await shoot(page, "dynamo-pull.png");
      await page.click('button.option[data-token="d4d2,d6d4"]');
      await page.waitForSelector('body[data-plies="1"]');
      const s = await boardState(page);
      assert(s.board.some((p) => p.square === "d4" && p.piece === "n"), "the knight was pulled to d4");
    });
  }

  if (variants.includes("omega")) {
    await check("omega: the promotion picker offers champion and wizard", async () => {
      const fen = "1**********1/*9k*/*3P6*/*10*/*10*/*10*/*10*/*10*/*10*/*10*/*5K4*/1**********1 w - - 0 1";
      await openBoard(page, url, { variant: "omega", mode: "humans", fen });
      const drawn = await page.locator("rect.sq").count();
      assert(drawn === 104, `${drawn} squares drawn`);
      await page.click('rect[data-square="e10"]');
      await page.click('rect[data-square="e11"]');
      await page.waitForSelector("button.pick", { timeout: 3000 });
      const choices = await page.$$eval("button.pick", (els) => els.map((e) => e.dataset.piece).sort());
      assert(choices.join("") === "bcnqrw", `picker offers ${choices}`);
      await page.click('button.pick[data-piece="w"]');
      await page.waitForSelector('body[data-plies="1"]');
      assert((await boardState(page)).moves[0] === "e10e11w", "promoted to a wizard");
      await shoot(page, "omega-wizard.png");
    });
  }

  if (variants.includes("chess")) {
    await check("chess: promotion through the picker", async () => {
      const fen = "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1";
      await openBoard(page, url, { variant: "chess", mode: "humans", fen });
      await page.click('rect[data-square="e7"]');
      await page.click('rect[data-square="e8"]');
      await page.waitForSelector("button.pick", { timeout: 3000 });
      const choices = await page.$$eval("button.pick", (els) => els.map((e) => e.dataset.piece).sort());
      assert(choices.join("") === "bnqr", `picker offers ${choices}`);
      await page.click('button.pick[data-piece="n"]');
      await page.waitForSelector('body[data-plies="1"]');
      assert((await boardState(page)).moves[0] === "e7e8n", "promoted to a knight");
    });

    await check("chess960: the box starts a 960 game; the king castles by taking its rook", async () => {
      await openBoard(page, url, { variant: "chess", mode: "humans" });
      await page.check("#chess960");
      await page.waitForFunction(() => window.chimeraBoard.state && window.chimeraBoard.state.chess960);
      const start = (await boardState(page)).fen;
      assert(/ w [A-Ha-h]{4} - 0 1$/.test(start), `a 960 start with Shredder rights: ${start}`);
      // A position where the king stays on g1 when it castles short.
      await page.fill("#fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Hhf - 0 1");
      await page.click("#load-fen");
      await page.waitForFunction(() => window.chimeraBoard.state.fen.startsWith("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR"));
      assert(await page.isChecked("#chess960"), "the box stays ticked");
      await page.click('rect[data-square="g1"]');
      await page.click('rect[data-square="h1"]');
      await page.waitForSelector('body[data-plies="1"]');
      const s = await boardState(page);
      assert(s.moves[0] === "g1h1", `played ${s.moves[0]}`);
      assert(s.fen.startsWith("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 b hf"), `after castling: ${s.fen}`);
      assert(s.notation[0] === "O-O", `written ${s.notation[0]}`);
      await page.uncheck("#chess960");
      await page.waitForFunction(() => !window.chimeraBoard.state.chess960);
    });

    await check("chess: Chimera moves first when the user plays Black", async () => {
      const loaded = Date.now();
      await openBoard(page, url, { variant: "chess", mode: "engine", side: "black", movetime: MOVETIME_S });
      await page.waitForSelector('body[data-plies="1"]', { timeout: 20000 });
      const ms = Date.now() - loaded;
      const pageMs = Number(await page.getAttribute("body", "data-first-engine-move-ms"));
      timings.push({ variant: "chess", firstEngineMoveFromLoadMs: ms, pageMeasuredMs: pageMs });
      assert((await page.textContent("#status")).startsWith("Black to move"), "status after the engine's move");
    });

    await check("chess: at the weakest level Chimera replies from a one-ply search", async () => {
      await openBoard(page, url, { variant: "chess", mode: "engine", side: "black", movetime: MOVETIME_S, level: "1110" });
      assert(await page.isVisible("#level"), "the level selector is shown");
      assert((await page.inputValue("#level")) === "1110", "the level from the URL");
      await page.waitForSelector('body[data-plies="1"]', { timeout: 20000 });
      const s = await boardState(page);
      assert(s.search.depth === 1, `searched to depth ${s.search.depth}`);
      await page.selectOption("#level", "full");
    });

    await check("chess: a poll answered after a move does not bring the old board back", async () => {
      await openBoard(page, url, { variant: "chess", mode: "analyse" });
      await page.waitForFunction(() => window.chimeraBoard.state.search.running && window.chimeraBoard.state.search.depth >= 2, null, { timeout: 10000 });
      // Hold the analysis polls' replies: each is read from the server at
      // once (the board before the move) and handed to the page only after
      // the move's own reply.
      const held = [];
      let release;
      const released = new Promise((r) => { release = r; });
      await page.route("**/api/state", async (route) => {
        const response = await route.fetch();
        held.push(response);
        await released;
        await route.fulfill({ response });
      });
      for (let i = 0; i < 100 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await page.click('rect[data-square="e2"]');
      await page.click('rect[data-square="e4"]');
      await page.waitForSelector('body[data-plies="1"]');
      // Every ply count the page shows from now on (a fresh poll would hide
      // a brief return of the old board from a single look).
      await page.evaluate(() => {
        window.pliesShown = [];
        new MutationObserver(() => window.pliesShown.push(document.body.dataset.plies)).observe(document.body, { attributes: true, attributeFilter: ["data-plies"] });
      });
      release();
      const late = held.length;
      await page.unroute("**/api/state");
      await page.waitForTimeout(400);
      const shown = await page.evaluate(() => window.pliesShown);
      const s = await boardState(page);
      assert(late >= 1, "a poll was held");
      assert(!shown.includes("0"), `after ${late} late replies the page showed plies ${shown}`);
      assert(s.moves.length === 1 && s.moves[0] === "e2e4", `the board shows ${JSON.stringify(s.moves)}`);
      await page.click("#stop");
      await page.waitForFunction(() => !window.chimeraBoard.state.search.running);
    });

    await check("chess: live analysis, take back, flip, PGN export", async () => {
      await openBoard(page, url, { variant: "chess", mode: "analyse" });
      await page.waitForFunction(() => Number(document.querySelector("#engine-info").dataset.depth) >= 3, null, { timeout: 10000 });
      assert((await page.textContent("#lines .line")).trim().length > 0, "a line is shown");
      await page.click('rect[data-square="g1"]');
      await page.click('rect[data-square="f3"]');
      await page.waitForSelector('body[data-plies="1"]');
      // The analysis follows the new position.
      await page.waitForFunction(() => {
        const s = window.chimeraBoard.state;
        return s.search.running && s.search.version === s.version && s.search.depth >= 2;
      }, null, { timeout: 10000 });
      assert(!(await boardState(page)).search.pv[0].startsWith("g1"), "the PV is Black's");
      await page.click("#undo");
      await page.waitForSelector('body[data-plies="0"]');
      await page.click("#stop");
      await page.waitForFunction(() => !window.chimeraBoard.state.search.running);
      assert((await page.inputValue("#mode")) === "humans", "stop leaves analyse mode");
      const y = async () => Number(await page.getAttribute('rect[data-square="a1"]', "y"));
      assert((await y()) === 7 * 64, "a1 at the bottom");
      await page.click("#flip");
      assert((await y()) === 0, "a1 at the top after flipping");
      await page.click('rect[data-square="e2"]');
      await page.click('rect[data-square="e4"]');
      await page.waitForSelector('body[data-plies="1"]');
      const listed = await page.textContent("#moves");
      assert(listed.includes("e4") && !listed.includes("e2e4"), `move list in SAN: ${listed}`);
      await page.click("#pgn");
      await page.waitForSelector("#pgn-text:not([hidden])");
      const pgn = await page.inputValue("#pgn-text");
      assert(pgn.includes('[Variant "chess"]') && pgn.includes("1. e4 *"), `PGN ${pgn}`);
    });

    await check("chess: the move list walks back and forward and keeps a variation", async () => {
      await openBoard(page, url, { variant: "chess", mode: "humans" });
      const move = async (from, to, plies) => {
        await page.click(`rect[data-square="${from}"]`);
        await page.click(`rect[data-square="${to}"]`);
        await page.waitForSelector(`body[data-plies="${plies}"]`);
      };
      await move("e2", "e4", 1);
      await move("e7", "e5", 2);
      await move("g1", "f3", 3);
      await page.keyboard.press("ArrowLeft");
      await page.waitForSelector('body[data-plies="2"]');
      await page.keyboard.press("ArrowLeft");
      await page.waitForSelector('body[data-plies="1"]');
      // 1... d5 instead of 1... e5: a variation; the main line stays.
      await move("d7", "d5", 2);
      const main = await page.$$eval("#moves > .move", (els) => els.map((e) => e.textContent));
      assert(main.join(" ") === "e4 e5 Nf3", `main line ${main}`);
      const variation = await page.$$eval("#moves > .variation", (els) => els.map((e) => e.textContent));
      assert(variation.join("|") === "1\u2026d5", `variation ${variation}`);
      const numbers = await page.$$eval("#moves > .number", (els) => els.map((e) => e.textContent));
      assert(numbers.join(" ") === "1. 2.", `numbers ${numbers}`);
      assert((await page.textContent("#moves .move.current")) === "d5", "d5 is shown");
      // A click on Nf3 shows the main line's end.
      await page.click('#moves > .move:text-is("Nf3")');
      await page.waitForSelector('body[data-plies="3"]');
      assert((await boardState(page)).moves.join(" ") === "e2e4 e7e5 g1f3", "back on the main line");
      await page.keyboard.press("ArrowLeft");
      await page.waitForSelector('body[data-plies="2"]');
      assert((await page.textContent("#moves .move.current")) === "e5", "e5 is shown");
      await page.keyboard.press("ArrowRight");
      await page.waitForSelector('body[data-plies="3"]');
      for (const plies of [2, 1, 0]) {
        await page.click("#back");
        await page.waitForSelector(`body[data-plies="${plies}"]`);
      }
      await page.click("#forward");
      await page.waitForSelector('body[data-plies="1"]');
      await shoot(page, "chess-variation.png");
    });

    await check("chess: Load PGN from pasted text and from a file", async () => {
      await openBoard(page, url, { variant: "omega", mode: "engine" });
      await page.click("#load-pgn");
      await page.fill("#pgn-input", '[Event "a"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *\n\n[Event "b"]\n\n1. d4 *\n');
      await page.click("#pgn-load-text");
      await page.waitForSelector('body[data-plies="6"]');
      const main = await page.$$eval("#moves > .move", (els) => els.map((e) => e.textContent));
      assert(main.join(" ") === "e4 e5 Qh5 Nc6 Qxe5+ Nxe5", `moves ${main}`);
      assert((await page.textContent("#notice")) === "the PGN holds 2 games; the first is loaded", "the notice");
      assert((await page.inputValue("#mode")) === "humans", "a loaded game is not played on");
      assert((await boardState(page)).variant === "chess", "chess without a Variant tag");
      await page.setInputFiles("#pgn-file", {
        name: "game.pgn",
        mimeType: "application/x-chess-pgn",
        buffer: Buffer.from('[Variant "Atomic"]\n\n1. Nf3 d5 2. Ng5 *\n'),
      });
      await page.waitForFunction(() => window.chimeraBoard.state.variant === "atomic" && window.chimeraBoard.state.moves.length === 3);
      assert(await page.isHidden("#notice"), "one game: no notice");
      // A broken game: the message, and the board as it was.
      await page.click("#load-pgn");
      await page.fill("#pgn-input", "1. e4 e5 2. Ke3 *");
      await page.click("#pgn-load-text");
      await page.waitForSelector("#error:not([hidden])");
      assert((await page.textContent("#error")).includes("ply 3: illegal move Ke3"), "the error names the ply");
      assert((await boardState(page)).variant === "atomic", "the atomic game stays");
    });

    await check("chess: Analyse game marks 3. Qxe5+?? on the graph and in the list; export", async () => {
      await openBoard(page, url, { variant: "chess", mode: "humans" });
      await page.click("#load-pgn");
      await page.fill("#pgn-input", "1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *");
      await page.click("#pgn-load-text");
      await page.waitForSelector('body[data-plies="6"]');
      await page.fill("#analysis-time", "0.1");
      await page.click("#analyse-game");
      await page.waitForSelector('body[data-analysis="done"]', { timeout: 30000 });
      const marks = await page.$$eval("#graph circle.mark", (els) => els.map((e) => `${e.dataset.ply}:${e.dataset.judgement}`));
      assert(marks.includes("5:blunder"), `marks ${marks}`);
      const glyph = await page.$eval('#moves .move[data-node="5"] + .glyph', (e) => e.textContent);
      assert(glyph === "??", `Qxe5+ is marked ${glyph}`);
      assert((await page.textContent("#analysis-status")).startsWith("7 positions analysed"), "the status");
      const totals = await page.textContent("#analysis-totals");
      assert(/^White: \d+ inaccurac(y|ies), \d+ mistakes?, 1 blunder, average loss \d+ cp\. Black: /.test(totals), `totals ${totals}`);
      await shoot(page, "chess-game-analysis.png", true);
      // A click on the blunder's mark shows the position after it.
      await page.click('#graph circle.mark[data-ply="5"]');
      await page.waitForSelector('body[data-plies="5"]');
      assert((await page.textContent("#moves .move.current")) === "Qxe5+", "the blunder is shown");
      assert((await page.getAttribute("#graph line.here", "data-ply")) === "5", "the graph marks the position");
      await page.click("#analysis-export");
      await page.waitForSelector("#pgn-text:not([hidden])");
      const pgn = await page.inputValue("#pgn-text");
      // Words as written, whatever the 79-column wrapping.
      const words = pgn.replace(/\s+/g, " ");
      assert(words.includes("3. Qxe5+ $4 {[%eval") && pgn.includes("[Annotator"), `annotated PGN ${pgn}`);
      assert((await page.getAttribute("#pgn-download", "download")) === "chimera-chess-annotated.pgn", "the file's name");
      // A slow pass is cancelled.
      await page.fill("#analysis-time", "3");
      await page.click("#analyse-game");
      await page.waitForSelector("#analysis-cancel:not([hidden])");
      await page.click("#analysis-cancel");
      await page.waitForSelector('body[data-analysis="cancelled"]', { timeout: 10000 });
      assert(await page.isHidden("#analysis-export"), "nothing to export");
    });

    await check("chess: clocks tick with increment; Chimera plays on its clock; a flag loses on time, or draws against a bare king", async () => {
      await openBoard(page, url, { variant: "chess", mode: "engine", side: "white", clock: "1+1" });
      assert(await page.isVisible("#clocks"), "the clocks are shown");
      assert(await page.isHidden("#movetime-label"), "no seconds per move with a clock");
      assert((await page.getAttribute("#clock-white", "class")).includes("running"), "White's clock runs");
      const before = Number(await page.getAttribute("#clock-white", "data-ms"));
      await page.waitForTimeout(400);
      const ticked = Number(await page.getAttribute("#clock-white", "data-ms"));
      assert(ticked < before && ticked > 58000, `White's clock ticks: ${before} then ${ticked}`);
      await page.click('rect[data-square="e2"]');
      await page.click('rect[data-square="e4"]');
      await page.waitForSelector('body[data-plies="2"]', { timeout: 20000 });
      const s = await boardState(page);
      assert(s.clock.running === "white", `after Chimera's reply ${JSON.stringify(s.clock)}`);
      assert(s.clock.white_ms > 60000, `White got the increment: ${s.clock.white_ms}`);
      assert(s.clock.black_ms < 61000 && s.clock.black_ms > 50000, `Black's clock ${s.clock.black_ms}`);
      // About a minute left, running again: m:ss.
      const written = await page.textContent("#clock-white");
      assert(/^(1:0\d|0:5\d)$/.test(written), `White's clock written ${written}`);
      // 0.3 s for the game: White does not move and loses on time.
      await openBoard(page, url, { variant: "chess", mode: "engine", side: "white", clock: "0.005+0" });
      await page.waitForFunction(() => document.querySelector("#status").textContent.includes("lost on time"), null, { timeout: 5000 });
      assert((await page.textContent("#status")) === "0-1 \u2014 Black wins (White lost on time)", await page.textContent("#status"));
      assert((await page.getAttribute("#clock-white", "class")).includes("flagged"), "White's flag fell");
      assert((await page.textContent("#clock-white")) === "0:00.0", "White has no time");
      assert((await page.textContent("#clock-black")) === "0:00.3", "Black's time stays");
      await shoot(page, "chess-clock-flag.png");
      // The same flag against a bare king draws: Black could never mate.
      await openBoard(page, url, { variant: "chess", mode: "engine", side: "white", clock: "0.005+0", fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" });
      await page.waitForFunction(() => document.querySelector("#status").textContent.includes("out of time"), null, { timeout: 5000 });
      const drawn = await page.textContent("#status");
      assert(drawn === "1/2-1/2 \u2014 Draw (White ran out of time, but the other side cannot win)", drawn);
      await page.selectOption("#clock", "");
    });

    await check("chess: a broken FEN or unknown variant is refused with a message", async () => {
      await openBoard(page, url, { variant: "chess", mode: "humans" });
      await page.fill("#fen", "this is not a fen");
      await page.click("#load-fen");
      await page.waitForSelector("#error:not([hidden])");
      const text = await page.textContent("#error");
      assert(/FEN/i.test(text), `error says ${text}`);
      // An unknown variant in the URL: the message, and the board as it was.
      await openBoard(page, url, { variant: "nope" });
      const unknown = await page.textContent("#error");
      assert(/unknown variant/.test(unknown), `error says ${unknown}`);
      assert((await page.locator("rect.sq").count()) === 64, "the chess board is still drawn");
    });
  }

  if (pageErrors.length) {
    failed++;
    console.log(`FAIL page errors: ${pageErrors.join("; ")}`);
  }
  await context.close();
  child.kill();
  rmSync(profile, { recursive: true, force: true });
  console.log(`movetime ${MOVETIME_S} s; timings: ${JSON.stringify(timings)}`);
  console.log(`screenshots in ${artifacts}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
