"""Game review: analyse the main line of a PDN game, mark its mistakes, annotate the tree.

No Qt; the window calls :func:`review_game` from its AI thread (with a copy of the line it
shows, see :func:`line_of`) and :func:`annotate` in the main thread.

**One search per position.**  Positions P0 ... Pn of the main line are searched once each,
with the same limit.  The score after the move played at Pi is minus the search of P(i+1)
(one ply added to a forced end); the best move and ``best_score`` come from the search of Pi.
Consistency rules, because the two searches see different depths:

* the move played is the engine's own choice: ``best_score = score`` (no loss);
* the next search rates the move played at least as high as the engine's choice: the move
  played counts as best (no loss);
* a move that would be marked is checked once more: the position after the engine's move is
  searched with the same limit, so both moves are judged from the same depth; the lower of
  the two readings of the best move counts (the doubt goes to the player), and the mark
  follows the result;
* a forced move (one legal move, e.g. the only capture) is not searched, never marked, and
  its score is the next position's;
* the last position is searched too (for the last move's score) unless the game is over there.

**Loss and marks.**  ``loss = max(0, f(best_score) - f(score))`` with ``f(x) = 3 tanh(x/3)``
(:func:`~dame_desktop.engines.score.review_value`): the plain difference in men while the game
is close, much less when it is decided either way (+8 to +6 costs 0.08; a forced win counts as
the limit 3).  ``?!`` inaccuracy from 0.3, ``?`` mistake from 0.6, ``??`` blunder from 0.9 men
(a man dropped in a level position costs about 0.95).

**What the annotation writes** (and the next analysis replaces, never touching the user's):

* after every move of the main line ``[%eval 0.35]`` in men from the first player's side
  (``[%eval #7]`` / ``[%eval #-7]``: a forced win in 7 moves for the first / second player);
  an ``[%eval]`` already there is replaced (one evaluation per move);
* the mark as a NAG (``?!`` $6, ``?`` $2, ``??`` $4), recorded as ``[%review $4]`` in the same
  comment so that only NAGs we added are removed later; a move that already carries a move
  mark (NAG 1-6) keeps the user's and gets none of ours;
* for a marked move, the engine's better move with its line as a variation whose first move
  has the starting comment ``[%review line]`` (it is not added when that move already is a
  variation there); a later analysis removes it unless someone has annotated or extended it;
* in the game comment ``[%review White: 1 inaccuracy, 0 mistakes, 2 blunders, mean loss 0.21;
  Black: ...]`` (the first player first).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..ai.search import Limit
from ..core import Color, Move, Position
from ..pdn.tree import ChildNode, Game, GameNode, Nag
from .base import Analysis, Engine, StopFlag, quiet_count, terminal_score
from .score import Score, eval_command, review_value

INACCURACY = 0.3
MISTAKE = 0.6
BLUNDER = 0.9
MARKS: tuple[tuple[float, str, int], ...] = (
    (BLUNDER, "??", 4),
    (MISTAKE, "?", 2),
    (INACCURACY, "?!", 6),
)
NAG_OF_MARK = {"??": 4, "?": 2, "?!": 6}
MOVE_MARK_NAGS = frozenset(range(1, 7))  # ! ? !! ?? !? ?!
LINE_PLIES = 12  # moves of the engine's line kept in a variation
REVIEW = "review"  # our embedded command: [%review ...]

_EVAL_CMD = re.compile(r"\s*\[%eval\s+[^\]]*\]")
_REVIEW_CMD = re.compile(r"\s*\[%review\s+[^\]]*\]")
_REVIEW_NAG = re.compile(r"\[%review\s+\$([0-9]+)\s*\]")
_LINE_MARK = "[%review line]"

Progress = Callable[[int, int], None]


class ReviewCancelled(Exception):
    """``should_stop`` asked the review to end; nothing was written."""


@dataclass(frozen=True)
class MoveReview:
    """One ply of the main line, judged.  Scores are from the mover's side."""

    ply: int  # 1-based
    mover: Color
    move: Move
    best: Move
    score: Score  # of the position after the move played, for the mover
    best_score: Score  # of the position after the best move, for the mover
    loss: float
    mark: str | None
    forced: bool
    best_line: tuple[Move, ...]  # the engine's line, starting with ``best``
    reply_line: tuple[Move, ...]  # the engine's line after the move played (its refutation)
    depth: int


@dataclass(frozen=True)
class PlayerSummary:
    moves: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    mean_loss: float = 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "moves": self.moves,
            "inaccuracies": self.inaccuracies,
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "mean_loss": round(self.mean_loss, 2),
        }


@dataclass
class GameReview:
    """The review of a line: its moves, a summary per player, the engine that judged."""

    start: Position
    moves: list[MoveReview] = field(default_factory=list)
    engine: str = ""
    first: PlayerSummary = field(default_factory=PlayerSummary)
    second: PlayerSummary = field(default_factory=PlayerSummary)


def mark_for(loss: float) -> str | None:
    """``??``, ``?``, ``?!`` or None for a loss in men (see the thresholds above)."""
    for threshold, mark, _nag in MARKS:
        if loss >= threshold - 1e-9:
            return mark
    return None


def loss_between(best: Score, played: Score) -> float:
    """The loss of playing ``played`` instead of ``best`` (both from the mover's side)."""
    return max(0.0, review_value(best) - review_value(played))


# -- analysing ------------------------------------------------------------------------------


def line_of(game: GameNode) -> tuple[Position, list[Move]]:
    """The start position and the main-line moves of a game (a copy for another thread).

    The line ends at a ``/FEN/`` setup (the moves after it start from another position) and
    before a move that is not a strict legal move (a missed capture under huffing rules).
    """
    start = game.position()
    moves: list[Move] = []
    pos = start
    for node in game.mainline():
        legal = pos.legal_moves()
        if node.move not in legal:
            break
        moves.append(node.move)
        if node.setup is not None:
            break
        pos = pos.play(node.move)
    return start, moves


def review_game(
    game: Game,
    engine: Engine,
    limit: Limit,
    *,
    should_stop: StopFlag | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review the main line of ``game``; see :func:`review_line`."""
    start, moves = line_of(game)
    return review_line(start, moves, engine, limit, should_stop=should_stop, progress=progress)


def review_line(
    start: Position,
    moves: Sequence[Move],
    engine: Engine,
    limit: Limit,
    *,
    should_stop: StopFlag | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Judge every move of ``moves`` played from ``start``.

    ``progress(done, total)`` is called after each search; ``should_stop`` is polled (then
    ReviewCancelled is raised).  Raises EngineError when the engine fails and the core's
    IllegalMoveError when a move does not fit its position.
    """
    positions = [start]
    quiet = [0]
    for move in moves:
        pos = positions[-1]
        legal = pos.legal_moves()
        found = next((m for m in legal if m == move), None)
        if found is None:
            from ..core import IllegalMoveError

            raise IllegalMoveError(f"{move} is not a legal move in {pos.fen()}")
        quiet.append(quiet_count(pos.rules, pos, found, quiet[-1]))
        positions.append(pos.play(found))
    played = [next(m for m in positions[i].legal_moves() if m == mv) for i, mv in enumerate(moves)]
    count = len(played)
    forced = [len(positions[i].legal_moves()) == 1 for i in range(count)]
    to_search = [
        i for i in range(count + 1) if (i == count or not forced[i]) and positions[i].legal_moves()
    ]
    total = len(to_search)

    def cancelled() -> bool:
        return should_stop is not None and should_stop()

    def analyse(
        index: int,
        position: Position | None = None,
        history: Sequence[Position] | None = None,
        qp: int | None = None,
    ) -> Analysis:
        pos = positions[index] if position is None else position
        hist = positions[:index] if history is None else history
        plies = quiet[index] if qp is None else qp
        result = engine.analyse(
            pos, limit, history=hist, quiet_plies=plies, should_stop=should_stop
        )
        if cancelled():
            raise ReviewCancelled
        return result

    searched: dict[int, Analysis] = {}
    for done, index in enumerate(to_search, 1):
        if cancelled():
            raise ReviewCancelled
        searched[index] = analyse(index)
        if progress is not None:
            progress(done, total)

    def after_score(index: int) -> tuple[Score, tuple[Move, ...], int]:
        """The score of positions[index] from the side that just moved, and its line."""
        found = searched.get(index)
        if found is None:  # no legal move (the game is over) or a forced position
            pos = positions[index]
            if not pos.legal_moves():
                return terminal_score(pos).before_move(), (), 0
            nxt, line, depth = after_score(index + 1)  # forced: the same as one ply later
            return nxt.before_move(), (played[index], *line), depth
        return found.score.before_move(), found.pv, found.depth

    review = GameReview(start, engine=engine.name)
    for i, move in enumerate(played):
        pos = positions[i]
        score, reply, depth = after_score(i + 1)
        if forced[i] or i not in searched:
            review.moves.append(
                MoveReview(
                    i + 1,
                    pos.turn,
                    move,
                    move,
                    _after(score),
                    _after(score),
                    0.0,
                    None,
                    True,
                    (move, *reply),
                    reply,
                    depth,
                )
            )
            continue
        result = searched[i]
        best_line = result.best
        assert best_line is not None
        best, best_score, line = best_line.move, best_line.score, best_line.pv
        if best == move or score.sort_key() >= best_score.sort_key():
            best, best_score, line = move, score, (move, *reply)
        loss = loss_between(best_score, score)
        if mark_for(loss) is not None:
            # judge both moves from the same depth: search the position after the best move
            after = pos.play(best)
            history = positions[: i + 1]
            check = analyse(i, after, history, quiet_count(pos.rules, pos, best, quiet[i]))
            checked = (
                check.score.before_move() if check.lines else terminal_score(after).before_move()
            )
            if checked.sort_key() < best_score.sort_key():
                best_score = checked
                if check.lines:
                    line = (best, *check.pv)
            if score.sort_key() >= best_score.sort_key():
                best, best_score, line = move, score, (move, *reply)
            loss = loss_between(best_score, score)
        review.moves.append(
            MoveReview(
                i + 1,
                pos.turn,
                move,
                best,
                _after(score),
                _after(best_score),
                loss,
                mark_for(loss),
                False,
                line,
                reply,
                max(depth, best_line.depth),
            )
        )
    first = start.rules.first
    review.first = summarise([m for m in review.moves if m.mover is first])
    review.second = summarise([m for m in review.moves if m.mover is not first])
    return review


def _after(score: Score) -> Score:
    """A score counted from the position before a move, counted from the one after it."""
    if score.plies is None:
        return score
    return Score(0.0, max(score.plies - 1, 0), score.wins)


def summarise(moves: Sequence[MoveReview]) -> PlayerSummary:
    judged = [m for m in moves if not m.forced]
    marks = [m.mark for m in moves]
    mean = sum(m.loss for m in judged) / len(judged) if judged else 0.0
    return PlayerSummary(len(moves), marks.count("?!"), marks.count("?"), marks.count("??"), mean)


# -- annotating -----------------------------------------------------------------------------


def clear_review(game: Game) -> None:
    """Remove what an analysis wrote: its commands, the NAGs it recorded, its variations."""
    game.comment = _strip(game.comment, summary=True)
    node: GameNode = game
    while node.variations:
        for alt in list(node.variations[1:]):
            if _LINE_MARK in alt.starting_comment:
                if _pristine(alt):
                    node.remove_variation(alt)
                else:  # someone worked on it: it is theirs now
                    alt.starting_comment = alt.starting_comment.replace(_LINE_MARK, "").strip()
        child = node.variations[0]
        _clear_node(child)
        node = child


def _clear_node(node: ChildNode) -> None:
    for match in _REVIEW_NAG.finditer(node.comment):
        value = int(match.group(1))
        for nag in node.nags:
            if nag.value == value:
                node.nags.remove(nag)
                break
    node.comment = _strip(node.comment)


def _strip(comment: str, summary: bool = False) -> str:
    text = _REVIEW_CMD.sub("", comment)
    if not summary:
        text = _EVAL_CMD.sub("", text)
    return text.strip()


def _pristine(node: ChildNode) -> bool:
    """Our variation as we wrote it: one line, no NAGs, no words besides our commands."""
    current: GameNode = node
    first = True
    while True:
        assert isinstance(current, ChildNode)
        if current.nags or current.setup is not None or _strip(current.comment):
            return False
        start = (
            current.starting_comment.replace(_LINE_MARK, "").strip()
            if first
            else (current.starting_comment.strip())
        )
        if start:
            return False
        if len(current.variations) > 1:
            return False
        if not current.variations:
            return True
        current = current.variations[0]
        first = False


def annotate(game: Game, review: GameReview) -> int:
    """Write ``review`` into ``game`` (after clearing an earlier analysis).

    Moves are matched ply by ply against the main line; writing stops where the line no
    longer matches (the game was edited meanwhile).  Returns the number of moves annotated.
    """
    clear_review(game)
    first = game.rules.first
    node: GameNode = game
    written = 0
    if node.position() != review.start:
        return 0
    for item in review.moves:
        child = node.next()
        if child is None or child.move != item.move:
            break
        mover_first = item.mover is first
        parts = [eval_command(item.score, mover_first)]
        if item.mark is not None:
            nag = NAG_OF_MARK[item.mark]
            if not any(n.value in MOVE_MARK_NAGS for n in child.nags):
                child.nags.append(Nag(nag, item.mark))
                parts.append(f"[%{REVIEW} ${nag}]")
            _add_line(node, item, mover_first)
        child.comment = _join(child.comment, " ".join(parts))
        written += 1
        node = child
    if written:
        game.comment = _join(game.comment, summary_command(review, game))
    return written


def _add_line(node: GameNode, item: MoveReview, mover_first: bool) -> None:
    if item.best == item.move or node.has_variation(item.best):
        return
    line = list(item.best_line[:LINE_PLIES]) or [item.best]
    try:
        first = node.add_variation(
            line[0], starting_comment=_LINE_MARK, comment=eval_command(item.best_score, mover_first)
        )
        current: GameNode = first
        for move in line[1:]:
            current = current.add_variation(move)
    except ValueError:  # an engine line that does not replay: keep what did
        return


def summary_command(review: GameReview, game: Game) -> str:
    """``[%review White: 1 inaccuracy, ...; Black: ...]``, the first player first."""
    first = game.rules.first
    names = {Color.WHITE: "White", Color.BLACK: "Black"}
    parts = []
    for colour, summary in ((first, review.first), (first.opponent, review.second)):
        inaccuracies = _count(summary.inaccuracies, "inaccuracy", "inaccuracies")
        parts.append(
            f"{names[colour]}: {inaccuracies}"
            f", {_count(summary.mistakes, 'mistake', 'mistakes')}"
            f", {_count(summary.blunders, 'blunder', 'blunders')}"
            f", mean loss {summary.mean_loss:.2f}"
        )
    engine = f" ({review.engine})" if review.engine else ""
    return f"[%{REVIEW} {'; '.join(parts)}{engine}]"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _join(old: str, new: str) -> str:
    old = old.strip()
    return f"{old} {new}" if old else new


def mainline_evals(game: Game) -> list[Score | None]:
    """The ``[%eval]`` of every main-line move (first player's side), None where there is
    none or it cannot be read: the data of an evaluation graph."""
    from .score import parse_eval

    out: list[Score | None] = []
    for node in game.mainline():
        text = node.commands().get("eval")
        out.append(parse_eval(text) if text is not None else None)
    return out
