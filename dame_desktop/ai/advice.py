"""What the UI asks the engine: a move at a level, a hint, an analysis, draw offers, huffing."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence

from ..core.game import HuffChoice
from ..core.position import Position
from ..core.rules import Color, RuleSet
from .book import BookMemory
from .levels import Level
from .search import Limit, SearchMemory, SearchResult, StopFlag, random_seed, search
from .timeman import GameClock

HINT_LIMIT = Limit(movetime=1.0)
DRAW_LIMIT = Limit(movetime=0.5)
HUFF_LIMIT = Limit(movetime=0.3)
DRAW_MARGIN = 15  # hundredths of a man that still count as "equal"


def choose_move(
    position: Position,
    level: Level,
    rng: random.Random | None = None,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    quiet_plies: int = 0,
    memory: SearchMemory | None = None,
    clock: GameClock | None = None,
    book: BookMemory | None = None,
) -> SearchResult:
    """The engine's move at ``level``; ``rng`` varies the weaker levels' choices reproducibly.

    ``memory`` keeps the engine's tables from its previous move of the same game.  ``clock``
    (for a level with ``clock``) spreads the level's time over the game.  ``book`` (for a
    level with ``book``; None or disabled: no book) answers from the opening book first,
    with depth 0 and no nodes in the result.
    """
    if book is not None and level.book:
        move = book.choose(position, rng)
        if move is not None:
            return SearchResult(move, 0, 0, 0, [move], 0.0)
    seed = random_seed(rng) if level.noise else 0
    timer = clock.plan() if clock is not None and level.clock else None
    began = time.perf_counter()
    result = search(
        position,
        position.rules,
        level.effective_limit,
        should_stop,
        history=history,
        quiet_plies=quiet_plies,
        noise=level.noise,
        seed=seed,
        memory=memory,
        timer=timer,
    )
    if timer is not None and clock is not None:
        clock.spend(time.perf_counter() - began)
    return result


def hint(
    position: Position,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    quiet_plies: int = 0,
) -> SearchResult:
    """The best move for the side to move (one second by default)."""
    return search(
        position, position.rules, limit or HINT_LIMIT, should_stop,
        history=history, quiet_plies=quiet_plies,
    )


def analyse(
    position: Position,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    *,
    history: Iterable[Position] = (),
    quiet_plies: int = 0,
    on_iteration: Callable[[SearchResult], None] | None = None,
) -> SearchResult:
    """Score and principal variation of ``position`` from the side to move.

    ``on_iteration`` receives the result of every finished depth (for a live display);
    ``Limit()`` with a ``should_stop`` analyses until stopped.
    """
    return search(
        position, position.rules, limit or HINT_LIMIT, should_stop,
        history=history, quiet_plies=quiet_plies, on_iteration=on_iteration,
    )


def accept_draw(
    position: Position,
    rules: RuleSet | None = None,
    engine: Color | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
) -> bool:
    """Whether the engine (``engine``, by default the side to move) accepts a draw offer.

    It accepts when the position is equal or worse for it.
    """
    rules = rules or position.rules
    result = search(position, rules, limit or DRAW_LIMIT, should_stop)
    if result.move is None:
        return True  # the game is over anyway
    score = result.score
    if engine is not None and engine is not position.turn:
        score = -score
    return score <= DRAW_MARGIN


def should_huff(
    before: Position,
    after: Position,
    rules: RuleSet | None = None,
    candidates: Sequence[int] | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
) -> tuple[HuffChoice, int | None]:
    """Decide on the opponent's missed capture: accept, blow (which square) or correct.

    ``before`` is the position in which the opponent ignored a capture and ``after`` the one
    after its move (the engine to move).  ``candidates`` are the squares (after the move) of
    the pieces that could have captured, as ``core.PendingHuff.candidates``; they are worked out
    from the two positions when not given.  Returns the choice best for the engine and the
    square to blow (None unless BLOW).  Raises ValueError when ``after`` does not follow from
    ``before`` by a move of the side to move.
    """
    rules = rules or before.rules
    if after.turn is before.turn:
        raise ValueError("after must have the other side to move than before")
    if candidates is None:
        candidates = _offenders(before, after)
    options: list[tuple[int, int, HuffChoice, int | None]] = []
    each = limit or HUFF_LIMIT
    accept = search(after, rules, each, should_stop)
    options.append((accept.score, 2, HuffChoice.ACCEPT, None))
    if before.legal_moves():
        corrected = search(before, rules, each, should_stop)
        options.append((-corrected.score, 0, HuffChoice.CORRECT, None))
    for sq in candidates:
        blown = after.without(sq)
        result = search(blown, rules, each, should_stop)
        options.append((result.score, 1, HuffChoice.BLOW, sq))
    options.sort(key=lambda o: (-o[0], -o[1]))
    _, _, choice, square = options[0]
    return choice, square


def _offenders(before: Position, after: Position) -> list[int]:
    """Squares (after the move) of the offender's pieces that had a capture before it."""
    own_before = before.white if before.turn is Color.WHITE else before.black
    own_after = after.white if before.turn is Color.WHITE else after.black
    moved_from = own_before & ~own_after
    moved_to = own_after & ~own_before
    geo = before.geometry
    from_sq = geo.squares_of(moved_from)
    to_sq = geo.squares_of(moved_to)
    out = []
    for sq in sorted({m.from_sq for m in before.legal_moves() if m.is_capture}):
        if from_sq and sq == from_sq[0] and to_sq:
            sq = to_sq[0]
        out.append(sq)
    return out
