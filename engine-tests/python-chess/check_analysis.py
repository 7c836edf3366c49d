"""Reads `chimera analyse` output with python-chess: usage
check_analysis.py ANALYSED.pgn VARIANT GAMES.

For each game: chess.pgn.read_game reports no error (so every move and every
variation is legal on python-chess's own board for the variant), every move
of the main line has an evaluation that `node.eval()` reads, a move marked
`$6`, `$2` or `$4` has the engine's better line as a variation whose first
move differs from it, and the last comment gives each side's totals."""

import sys

import chess
import chess.pgn
import chess.variant

BOARD = {"chess": chess.Board, "atomic": chess.variant.AtomicBoard, "chess960": chess.Board}
JUDGED = {chess.pgn.NAG_DUBIOUS_MOVE, chess.pgn.NAG_MISTAKE, chess.pgn.NAG_BLUNDER}


def main():
    path, variant, expected = sys.argv[1], sys.argv[2], int(sys.argv[3])
    games = 0
    evals = 0
    judged = 0
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            assert not game.errors, game.errors
            assert isinstance(game.board(), BOARD[variant]), type(game.board())
            assert game.headers["Annotator"].startswith("Chimera "), game.headers
            node = game
            moves = 0
            while node.variations:
                parent, node = node, node.variations[0]
                moves += 1
                score = node.eval()
                assert score is not None, f"game {games}, ply {moves}: no eval in {node.comment!r}"
                evals += 1
                if node.nags & JUDGED:
                    judged += 1
                    assert len(parent.variations) == 2, f"game {games}, ply {moves}: no line"
                    assert parent.variations[1].move != node.move
                    assert "was best." in " ".join(node.comment.split()), node.comment
            assert moves > 0
            last = " ".join(node.comment.split())
            assert "White: " in last and "average loss" in last, last
    assert games == expected, (games, expected)
    print(f"{path}: {games} analysed {variant} games read, {evals} evaluations, {judged} judged moves")


main()
