"""What the UI asks the engine: a move at a level, a hint, an analysis, draw offers, huffing."""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..core.game import HuffChoice, drawn_material
from ..core.position import Position
from ..core.rules import Color, RuleSet
from .book import BookMemory
from .levels import MEDIUM, DrawPolicy, Level, for_rules
from .search import Limit, SearchMemory, SearchResult, StopFlag, random_seed, search
from .timeman import GameClock

HINT_LIMIT = Limit(movetime=1.0)
DRAW_LIMIT = Limit(movetime=0.5)
HUFF_LIMIT = Limit(movetime=0.3)
DRAW_MARGIN = 15  # hundredths of a man that still count as "equal"
# with much play left, an edge up to this (hundredths) is not what a draw is declined for: the
# game has barely begun (the start itself may be judged a little better for the first player)
YOUNG_EDGE = 50
STEADY_LIMIT = Limit(movetime=0.1, depth=4)

Scorer = Callable[[Position, Limit, StopFlag | None], int]
"""How the decisions below get a position's value: its score for the side to move, in
hundredths of a man (the search's scale), within the limit.  By default the built-in search
(:func:`search_score`); an ``engines.Engine`` passes its own analysis, so the draw and huffing
policy is written once, whichever engine judges."""


def search_score(history: Iterable[Position] = (), quiet_plies: int = 0) -> Scorer:
    """The built-in search as a :data:`Scorer` (fresh tables, as the advice has always used)."""
    past = tuple(history)

    def score(position: Position, limit: Limit, should_stop: StopFlag | None) -> int:
        return search(
            position, position.rules, limit, should_stop, history=past, quiet_plies=quiet_plies
        ).score

    return score


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
    with depth 0 and no nodes in the result.  The level plays with the depth and noise of
    the position's rule set (``levels.for_rules``).
    """
    level = for_rules(level, position.rules.key)
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
        position,
        position.rules,
        limit or HINT_LIMIT,
        should_stop,
        history=history,
        quiet_plies=quiet_plies,
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
        position,
        position.rules,
        limit or HINT_LIMIT,
        should_stop,
        history=history,
        quiet_plies=quiet_plies,
        on_iteration=on_iteration,
    )


# -- draw offers ------------------------------------------------------------------------------


class DrawReason(enum.Enum):
    """Why the computer answered a draw offer as it did (the UI words it in one sentence)."""

    DEAD_DRAW = "dead-draw"  # accept: the material cannot win (drawn_material)
    STABLE_EQUAL = "stable-equal"  # accept: few pieces and an equal score for many moves
    STANDS_WORSE = "stands-worse"  # accept: the computer stands clearly worse
    MUCH_PLAY_LEFT = "much-play-left"  # decline: much of the game is left and it is not worse
    STANDS_BETTER = "stands-better"  # decline: the computer stands better
    UNDECIDED = "undecided"  # decline: few pieces, not worse, but not a dead draw yet
    GAME_OVER = "game-over"  # decline: there is nothing left to agree on


@dataclass(frozen=True)
class DrawAnswer:
    """The computer's answer to a draw offer in ``position``.

    ``score`` is the computer's view in hundredths of a man (None when no search was
    needed).  The answer belongs to ``position``: drop it if the game has moved on.
    """

    accept: bool
    reason: DrawReason
    position: Position
    score: int | None = None


def draw_policy(level: Level | None) -> DrawPolicy:
    """The draw policy of ``level`` (Medium's for None)."""
    return (level or MEDIUM).draw


def _much_play_left(position: Position, policy: DrawPolicy) -> bool:
    rules = position.rules
    start = 2 * rules.start_rows * (rules.squares // rules.board_size)
    on_board = position.count(Color.WHITE) + position.count(Color.BLACK)
    return on_board >= policy.much_play * start


def _stable_equal(score: int, recent_scores: Sequence[int], moves: int) -> bool:
    if len(recent_scores) < moves or abs(score) > DRAW_MARGIN:
        return False
    return all(abs(s) <= DRAW_MARGIN for s in recent_scores[-moves:])


def judge_draw_offer(
    position: Position,
    score: int,
    level: Level | None = None,
    recent_scores: Sequence[int] = (),
) -> DrawAnswer:
    """The answer to a draw offer when the computer's score is ``score`` (its own view).

    The policy without the search, so that each case can be checked on its own:
    a dead draw accepts; a score ``worse_margin`` or more below zero accepts (Beginner
    sooner than Master); a better score declines (with much play left, only a clear edge
    counts as better); with much play left a roughly equal position declines; with few
    pieces a long stable equal score (``recent_scores``: the computer's :func:`steady_score`
    after each of its last moves, oldest first) accepts, otherwise it declines as undecided.
    """
    policy = draw_policy(level)
    if not position.legal_moves():
        return DrawAnswer(False, DrawReason.GAME_OVER, position, score)
    if drawn_material(position):
        return DrawAnswer(True, DrawReason.DEAD_DRAW, position, score)
    if score <= -policy.worse_margin:
        return DrawAnswer(True, DrawReason.STANDS_WORSE, position, score)
    much_play = _much_play_left(position, policy)
    if score > (YOUNG_EDGE if much_play else DRAW_MARGIN):
        return DrawAnswer(False, DrawReason.STANDS_BETTER, position, score)
    if much_play:
        return DrawAnswer(False, DrawReason.MUCH_PLAY_LEFT, position, score)
    if _stable_equal(score, recent_scores, policy.stable_moves):
        return DrawAnswer(True, DrawReason.STABLE_EQUAL, position, score)
    return DrawAnswer(False, DrawReason.UNDECIDED, position, score)


def answer_draw_offer(
    position: Position,
    level: Level | None = None,
    *,
    engine: Color | None = None,
    recent_scores: Sequence[int] = (),
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    history: Iterable[Position] = (),
    quiet_plies: int = 0,
    scorer: Scorer | None = None,
) -> DrawAnswer:
    """The computer (``engine``, by default the side to move) answers a draw offer.

    It judges the position as a fair opponent at ``level`` (see :func:`judge_draw_offer`),
    searching ``limit`` (half a second by default, without the level's noise) unless the
    material alone decides.  ``recent_scores`` are the computer's scores after its last
    moves, oldest first, as :func:`steady_score` gives them.  ``scorer``: whose search
    (the built-in one by default; ``history`` and ``quiet_plies`` are then its).
    """
    if not position.legal_moves():
        return DrawAnswer(False, DrawReason.GAME_OVER, position)
    if drawn_material(position):
        return DrawAnswer(True, DrawReason.DEAD_DRAW, position)
    score_of = scorer or search_score(history, quiet_plies)
    score = score_of(position, limit or DRAW_LIMIT, should_stop)
    if engine is not None and engine is not position.turn:
        score = -score
    return judge_draw_offer(position, score, level, recent_scores)


def steady_score(
    position: Position,
    engine: Color | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    scorer: Scorer | None = None,
) -> int:
    """A short search's score of ``position`` for ``engine`` (by default the side to move),
    without the level's noise: the value to keep, after each of the computer's moves, for
    ``recent_scores``.  (The score of a noisy level's own move is jittered by its noise and
    would never look stable.)  About a tenth of a second at most.
    """
    if not position.legal_moves():
        return 0
    score = (scorer or search_score())(position, limit or STEADY_LIMIT, should_stop)
    return -score if engine is not None and engine is not position.turn else score


def accept_draw(
    position: Position,
    rules: RuleSet | None = None,
    engine: Color | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    *,
    level: Level | None = None,
    recent_scores: Sequence[int] = (),
) -> bool:
    """Whether the engine accepts a draw offer: :func:`answer_draw_offer`'s ``accept``.

    Kept for callers that need no reason; ``rules`` must be ``position.rules`` (the
    position carries its rule set).
    """
    if rules is not None and rules != position.rules:
        raise ValueError("rules must be the position's rule set")
    answer = answer_draw_offer(
        position,
        level,
        engine=engine,
        recent_scores=recent_scores,
        limit=limit,
        should_stop=should_stop,
    )
    return answer.accept


def should_offer_draw(
    position: Position,
    level: Level | None = None,
    *,
    recent_scores: Sequence[int] = (),
) -> bool:
    """Whether the computer, to move in ``position``, offers a draw itself.

    Only in dead-drawn positions: drawn material, or few pieces with a stable equal score
    for twice the level's ``stable_moves``.  No search (``recent_scores`` as for
    :func:`answer_draw_offer`).  The window asks after the computer's move and should not repeat an
    offer the human declined until the position changes in material.
    """
    if not position.legal_moves():
        return False
    if drawn_material(position):
        return True
    if not recent_scores:
        return False
    policy = draw_policy(level)
    if _much_play_left(position, policy):
        return False
    return _stable_equal(recent_scores[-1], recent_scores, 2 * policy.stable_moves)


def should_huff(
    before: Position,
    after: Position,
    rules: RuleSet | None = None,
    candidates: Sequence[int] | None = None,
    limit: Limit | None = None,
    should_stop: StopFlag | None = None,
    scorer: Scorer | None = None,
) -> tuple[HuffChoice, int | None]:
    """Decide on the opponent's missed capture: accept, blow (which square) or correct.

    ``before`` is the position in which the opponent ignored a capture and ``after`` the one
    after its move (the engine to move).  ``candidates`` are the squares (after the move) of
    the pieces that could have captured, as ``core.PendingHuff.candidates``; they are worked out
    from the two positions when not given.  Returns the choice best for the engine and the
    square to blow (None unless BLOW).  Raises ValueError when ``after`` does not follow from
    ``before`` by a move of the side to move.  ``scorer``: whose search judges (the built-in
    one by default).
    """
    rules = rules or before.rules
    score_of = scorer or search_score()
    if after.turn is before.turn:
        raise ValueError("after must have the other side to move than before")
    if candidates is None:
        candidates = _offenders(before, after)
    options: list[tuple[int, int, HuffChoice, int | None]] = []
    each = limit or HUFF_LIMIT
    options.append((score_of(after, each, should_stop), 2, HuffChoice.ACCEPT, None))
    if before.legal_moves():
        options.append((-score_of(before, each, should_stop), 0, HuffChoice.CORRECT, None))
    for sq in candidates:
        blown = after.without(sq)
        options.append((score_of(blown, each, should_stop), 1, HuffChoice.BLOW, sq))
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
