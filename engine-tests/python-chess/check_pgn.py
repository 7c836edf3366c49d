"""Reads a `chimera match` PGN with python-chess and checks every game
against what Chimera played: usage check_pgn.py CHIMERA VARIANT PGN LOGDIR GAMES.

For each game: chess.pgn.read_game reports no error, the board class follows
the Variant tag (chess.Board, chess.variant.AtomicBoard; a Chess960 board for
`chess960`, played with `chimera match --chess960`), every move is
written as python-chess writes its SAN (suffix included), the moves are
the UCI tokens the engines played (the last `position` command and the
`bestmove` answering it in the match log), PlyCount and Result agree, and the
final position equals the FEN Chimera reports (`d`) after those tokens."""

import re
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn
import chess.variant

BOARD = {"chess": chess.Board, "atomic": chess.variant.AtomicBoard, "chess960": chess.Board}
# What Chimera is told: the UCI_Variant and whether UCI_Chess960 is on.
ENGINE_VARIANT = {"chess": ("chess", False), "atomic": ("atomic", False), "chess960": ("chess", True)}


def played_tokens(log: Path):
    """Start (`startpos` or `fen ...`) and tokens of the game in a match log."""
    position, last = None, None
    for line in log.read_text().splitlines():
        if line.startswith("#"):
            continue
        words = line.split()
        # `  0.153 name > text...`
        arrow = words.index(">") if ">" in words else words.index("<")
        text = words[arrow + 1 :]
        if words[arrow] == ">" and text[:1] == ["position"]:
            position, last = text[1:], None
        elif words[arrow] == "<" and text[:1] == ["bestmove"] and position:
            last = text[1]
    if position is None or last is None:
        sys.exit(f"{log}: no position and bestmove")
    if "moves" in position:
        cut = position.index("moves")
        start, tokens = position[:cut], position[cut + 1 :]
    else:
        start, tokens = position, []
    return start, tokens + [last]


def written_moves(pgn_text):
    """The move words of each game's movetext, without comments, move
    numbers and results (python-chess keeps no written SAN)."""
    games = []
    for block in re.split(r"\n\n(?=\[)", pgn_text.strip()):
        movetext = block.split("\n\n", 1)[1]
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        words = [w for w in movetext.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", w)]
        games.append(words)
    return games


def chimera_fen(exe, variant, start, tokens):
    """The FEN Chimera's `d` shows after `position <start> moves <tokens>`."""
    command = " ".join(["position", *start, "moves", *tokens])
    engine = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    # `quit` is obeyed at once, so it goes only after `readyok`.
    uci_variant, chess960 = ENGINE_VARIANT[variant]
    setup = f"setoption name UCI_Variant value {uci_variant}\nsetoption name UCI_Chess960 value {str(chess960).lower()}"
    engine.stdin.write(f"uci\n{setup}\n{command}\nd\nisready\n")
    engine.stdin.flush()
    fen = None
    for line in engine.stdout:
        if line.startswith("Fen: "):
            fen = line[len("Fen: ") :].strip()
        if line.strip() == "readyok":
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(timeout=30)
    if fen is None:
        sys.exit(f"no Fen line from {exe} after {command}")
    return fen


def main():
    exe, variant, pgn_path, log_dir, games = sys.argv[1:6]
    seen = 0
    from_fen = 0
    written = written_moves(Path(pgn_path).read_text())
    with open(pgn_path) as pgn:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            seen += 1
            number = game.headers["Round"]
            where = f"{variant} game {number}"
            if game.errors:
                sys.exit(f"{where}: python-chess errors {game.errors}")
            board = game.board()
            from_fen += "FEN" in game.headers
            if type(board) is not BOARD[variant]:
                sys.exit(f"{where}: board {type(board).__name__}")
            chess960 = ENGINE_VARIANT[variant][1]
            if board.chess960 != chess960:
                sys.exit(f"{where}: python-chess reads chess960={board.chess960}")
            moves = list(game.mainline_moves())
            start, tokens = played_tokens(Path(log_dir) / f"game-{number}.log")
            if [m.uci() for m in moves] != tokens:
                sys.exit(f"{where}: python-chess reads {[m.uci() for m in moves]}, played {tokens}")
            if int(game.headers["PlyCount"]) != len(moves):
                sys.exit(f"{where}: PlyCount {game.headers['PlyCount']} for {len(moves)} moves")
            sans = []
            for move in moves:
                sans.append(board.san(move))
                board.push(move)
            if written[seen - 1] != sans:
                sys.exit(f"{where}: written {written[seen - 1]}, python-chess's SAN {sans}")
            expected = chimera_fen(exe, variant, start, tokens)
            # With UCI_Chess960 Chimera writes Shredder-FEN castling rights.
            final = board.fen(shredder=chess960)
            if final != expected:
                sys.exit(f"{where}: python-chess ends in {final}, Chimera in {expected}")
            result = game.headers["Result"]
            outcome = board.outcome(claim_draw=True)
            if outcome is not None and outcome.result() != result and game.headers["Termination"] == "normal":
                sys.exit(f"{where}: {result} but python-chess sees {outcome}")
    if seen != int(games):
        sys.exit(f"{variant}: {seen} games in {pgn_path}, expected {games}")
    print(f"python-chess: {seen} {variant} games read ({from_fen} from a FEN), final positions as Chimera's")


main()
