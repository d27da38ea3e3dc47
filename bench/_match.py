"""Shared helpers for the engine benchmarks: play games between players, score, Elo."""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dame_desktop.ai import Level, Limit, SearchMemory, choose_move, evaluate, search
from dame_desktop.ai.book import BookMemory
from dame_desktop.ai.egtb import tables_for
from dame_desktop.ai.egtb_build import DRAW as TABLE_DRAW
from dame_desktop.ai.timeman import GameClock
from dame_desktop.core import Color, Game, Move, Position, RuleSet
from dame_desktop.core.movegen import generator

# the module (the package's ``search`` name is the function); Any: evaluating_with swaps its
# module-level evaluator, which is not part of its typed interface
search_module: Any = sys.modules["dame_desktop.ai.search"]

Player = Callable[[Game], Move]


def recent_history(game: Game) -> list[Position]:
    """Positions since the last capture or man move (the only ones that can come back)."""
    out: list[Position] = []
    for state in reversed(game.states[:-1]):
        out.append(state.position)
        if state.move is None or state.move.is_capture:
            break
        if state.position.kings == 0:
            break
    return out


def engine_player(limit: Limit, memory: bool = True, clock: bool = False) -> Player:
    """Our engine at ``limit``; with ``memory`` its tables live on from move to move, as in the
    app (and as the peer's do).  With ``clock`` ``limit.movetime`` is the time a move on
    average (a ``timeman.GameClock``): make one player per game."""
    kept = SearchMemory() if memory else None
    timer = GameClock(limit.movetime) if clock and limit.movetime else None

    def play(game: Game) -> Move:
        began = time.perf_counter()
        result = search(
            game.position,
            game.rules,
            limit,
            history=recent_history(game),
            quiet_plies=game.state.quiet_plies,
            memory=kept,
            timer=timer.plan() if timer is not None else None,
        )
        if timer is not None:
            timer.spend(time.perf_counter() - began)
        assert result.move is not None
        return result.move

    return play


class Counted:
    """Our engine at a limit, counting its nodes, CPU seconds and depths over a match."""

    def __init__(self) -> None:
        self.nodes = 0
        self.seconds = 0.0
        self.depths = 0
        self.moves = 0

    def count(self, nodes: int, depth: int, seconds: float) -> None:
        self.nodes += nodes
        self.depths += depth
        self.seconds += seconds
        self.moves += 1

    def player(self, limit: Limit, cpu: float | None = None) -> Player:
        """A player for one game (its tables kept from move to move); with ``cpu`` each
        search stops after that many CPU seconds of this process."""
        kept = SearchMemory()

        def play(game: Game) -> Move:
            began = time.process_time()

            def spent() -> bool:
                return cpu is not None and time.process_time() - began >= cpu

            result = search(
                game.position,
                game.rules,
                limit,
                spent if cpu is not None else None,
                history=recent_history(game),
                quiet_plies=game.state.quiet_plies,
                memory=kept,
            )
            self.count(result.nodes, result.depth, time.process_time() - began)
            assert result.move is not None
            return result.move

        return play

    def __str__(self) -> str:
        rate = self.nodes / self.seconds if self.seconds else 0.0
        depth = self.depths / self.moves if self.moves else 0.0
        each = self.seconds / self.moves if self.moves else 0.0
        return (
            f"{rate:,.0f} nodes/s (CPU), mean depth {depth:.2f}, {self.moves} moves, "
            f"{each:.3f} CPU s a move"
        )


def level_player(
    level: Level,
    seed: int = 0,
    memory: bool = True,
    book: bool = True,
    opening: BookMemory | None = None,
) -> Player:
    """``level`` as the app plays it: its game clock and (``book``) its opening book, for
    the levels that have them.  Make one player per game.

    ``opening`` is the level's book memory carried from game to game, as the app keeps it for
    one window: pass the same one for every game of a match, and the book's rule that two
    games in a row never repeat a line holds across the match.  None: a fresh one.
    """
    rng = random.Random(seed)
    kept = SearchMemory() if memory else None
    clock = GameClock(level.limit.movetime) if level.clock and level.limit.movetime else None
    if opening is None:
        opening = BookMemory(enabled=book)
    else:
        opening.enabled = book
        opening.new_game()

    def play(game: Game) -> Move:
        result = choose_move(
            game.position,
            level,
            rng,
            history=recent_history(game),
            quiet_plies=game.state.quiet_plies,
            memory=kept,
            clock=clock,
            book=opening,
        )
        assert result.move is not None
        return result.move

    return play


@dataclass
class Outcome:
    winner: Color | None
    plies: int
    reason: str


def table_draws(rules: RuleSet, defender: Color | None = None) -> Callable[[Game], bool] | None:
    """A judge that calls a game drawn once the endgame tables built here for ``rules`` say
    the position is a draw (a table's draw is one whatever the move counts; its wins are not
    judged: a count may still make them draws).  None where no tables are built.

    With ``defender`` (the side whose engine plays by these tables) only endings of kings alone
    in which that side has fewer pieces are judged: there the only side that could still lose
    the draw by a mistake is the one that keeps the tables' verdict.  Every other draw is
    played out, so that an engine without tables can still lose it."""
    tables = tables_for(rules)
    if tables is None:
        return None
    gen = generator(rules)
    most = tables.max_pieces

    def drawn(game: Game) -> bool:
        pos = game.position
        w, b, k = pos.white, pos.black, pos.kings
        wtm = pos.turn is Color.WHITE
        if (w | b).bit_count() > most or gen.has_capture(w, b, k, wtm):
            return False
        if defender is not None:
            mine, theirs = (w, b) if defender is Color.WHITE else (b, w)
            if (w | b) & ~k or mine.bit_count() >= theirs.bit_count():
                return False
        return tables.probe(w, b, k, wtm) == TABLE_DRAW

    return drawn


def play_game(
    game: Game,
    white: Player,
    black: Player,
    max_plies: int = 300,
    adjudicate: Callable[[Game], bool] | None = None,
) -> Outcome:
    """Play ``game`` to its end (or a draw at ``max_plies``, or where ``adjudicate`` calls
    it drawn: see :func:`table_draws`)."""
    plies = 0
    while not game.is_over and plies < max_plies:
        player = white if game.position.turn is Color.WHITE else black
        game.play(player(game))
        plies += 1
        if adjudicate is not None and not game.is_over and adjudicate(game):
            return Outcome(None, plies, "table-draw")
    if game.result is None:
        return Outcome(None, plies, "ply-limit")
    return Outcome(game.result.winner, plies, game.result.reason.value)


@dataclass
class Tally:
    """One side's wins, draws and losses over a match."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, winner: Color | None, side: Color) -> str:
        """Count a game for ``side`` and return its mark: ``+``, ``=`` or ``-``."""
        if winner is None:
            self.draws += 1
            return "="
        if winner is side:
            self.wins += 1
            return "+"
        self.losses += 1
        return "-"

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def __str__(self) -> str:
        return f"+{self.wins} ={self.draws} -{self.losses}"

    def summary(self) -> str:
        """ "+w =d -l, P %, Elo D ± M"."""
        diff, margin = elo(self.points / self.games, self.games)
        return f"{self}, {100 * self.points / self.games:.1f} %, Elo {diff:+.0f} ± {margin:.0f}"


def add_skip(parser: argparse.ArgumentParser) -> None:
    """``--skip N``: a match's first N openings left out (a stopped run resumed, same seed)."""
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        metavar="N",
        help="leave out the first N openings (a stopped run resumed: same seed, --skip N)",
    )


def parse_shard(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """``"I/N"`` as (I, N); a bad value ends the program through ``parser``."""
    try:
        shard, shards = (int(x) for x in text.split("/"))
        if not 0 <= shard < shards:
            raise ValueError
    except ValueError:
        parser.error(f"--shard wants I/N with 0 <= I < N, got {text!r}")
    return shard, shards


def shard_games(
    starts: Sequence[Position], games: int, shard: int = 0, shards: int = 1, skip: int = 0
) -> Iterator[tuple[int, Position, bool]]:
    """(opening index, opening, first player has White) of the games one shard plays.

    Each opening is played twice, colours swapped; game ``2 i`` and ``2 i + 1`` belong to
    opening ``i``, and a shard takes every ``shards``-th opening from ``shard`` on, leaving out
    the first ``skip`` openings (``--skip``, :func:`add_skip`).
    """
    for i, start in enumerate(starts):
        if i % shards != shard or i < skip:
            continue
        for first_white in (True, False):
            if 2 * i + (not first_white) >= games:
                return
            yield i, start, first_white


def elo(score: float, games: int) -> tuple[float, float]:
    """Elo difference for a score fraction and a rough 95 % margin."""
    p = min(max(score, 0.5 / games), 1 - 0.5 / games)
    diff = -400 * math.log10(1 / p - 1)
    sd = math.sqrt(p * (1 - p) / games)
    hi = min(p + 1.96 * sd, 1 - 0.5 / games)
    lo = max(p - 1.96 * sd, 0.5 / games)
    margin = (-400 * math.log10(1 / hi - 1) + 400 * math.log10(1 / lo - 1)) / 2
    return diff, margin


def weights_file(path: str) -> evaluate.Weights:
    """Weights from a file written like ``dame_desktop/ai/data/weights_10x10.json`` (a
    candidate, e.g. ``tools/tune_moves.py --out FILE.json``)."""
    try:
        return evaluate.read_weights(Path(path))
    except ValueError as exc:
        raise SystemExit(f"cannot load weights: {exc}") from None


def weighted(kind: str) -> Callable[[RuleSet, bool], evaluate.Evaluator]:
    """An evaluator factory with the ``kind`` weights: "fitted", "hand" or a weights file
    (for the board size it was written for; other boards keep their weights).  Its second
    argument, the search's ``learned_eval``, is ignored: ``kind`` decides."""
    cache: dict[RuleSet, evaluate.Evaluator] = {}
    from_file = weights_file(kind) if kind.endswith(".json") else None

    def make(rules: RuleSet, learned: bool = False) -> evaluate.Evaluator:
        if rules not in cache:
            weights: evaluate.Weights | None
            if from_file is not None:
                squares = rules.board_size * rules.board_size // 2
                # None: the ones in use
                weights = from_file if len(from_file.men_open) == squares else None
            elif kind == "fitted":
                weights = evaluate.FITTED.get(rules.board_size)
                if weights is None:
                    raise SystemExit(f"no fitted weights for {rules.board_size}x{rules.board_size}")
            else:
                weights = evaluate.hand_set(rules)
            cache[rules] = evaluate.Evaluator(rules, weights)
        return cache[rules]

    return make


@contextmanager
def evaluating_with(
    make: Callable[[RuleSet, bool], evaluate.Evaluator] | None,
) -> Iterator[None]:
    """Searches inside the block take their evaluator from ``make`` (None: unchanged)."""
    chosen = search_module.evaluator
    if make is not None:
        search_module.evaluator = make
    try:
        yield
    finally:
        search_module.evaluator = chosen


@contextmanager
def tuned(settings: dict[str, Any]) -> Iterator[None]:
    """Searches inside the block run with ``settings`` put on search.TUNING; the fields are
    put back as they were on leaving."""
    tuning = search_module.TUNING
    saved = {name: getattr(tuning, name) for name in settings}
    for name, value in settings.items():
        setattr(tuning, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(tuning, name, value)


def with_settings(player: Player, settings: dict[str, float], kind: str | None = None) -> Player:
    """``player`` with ``settings`` put on search.TUNING (and ``kind`` weights) for its moves
    only."""
    make = weighted(kind) if kind is not None else None

    def play(game: Game) -> Move:
        with tuned(settings), evaluating_with(make):
            return player(game)

    return play
