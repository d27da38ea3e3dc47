"""Finding puzzles: positions where the side to move has one winning line, and that line.

A position qualifies when, searched to ``depth`` plies:

- the best move wins at least :attr:`MineSettings.gain` (two men, in hundredths of a man) of
  material by the end of a line of at most ``max_solver_moves`` moves of the solver, or wins
  the game by force within it;
- at every move of the solver, every other move is at least :attr:`MineSettings.margin` (1.5
  men) worse than the one chosen (a forced move, the only legal one, needs no margin, but the
  first move must be a real choice);
- the first move is not simply the greedy capture (the capture that takes the most at once)
  in a line of one move: that needs no thought;
- the same tests hold again at the deeper ``verify_depth`` (each puzzle is verified again at a
  deeper search than the one that found it).

Every search here is a fixed referee's (``search(..., referee=True)``): it judges with the
hand-set evaluation, not the learned weights the engine plays, and its tree leaves out the
search settings that came after the sets were checked.  The margin and the scores are a
referee's measures, and a set mined and checked once stays valid when the engine changes.

The defender's moves are the search's best replies.  The line ends once the gain stands in a
quiet position (nobody has a capture pending) or the game is won.

Material is counted in men (hundredths of a man): a man 1, a king :attr:`MineSettings.king_value`
(where the rule set's kings move along straight lines, Turkish, the engine's own value of five
men, so that the search's scores and the material counted agree).  With towers (Bashni) nothing
leaves the board: a captured piece goes under the capturing tower and comes free again when the
tower's top is taken.  There a side's material is the pieces of its own colour in the columns it
tops (see :func:`material`): a capture takes one of the opponent's pieces out of play (a man
worse for the opponent, as in every rule set), and a capture that frees the capturer's own
pieces from under the opponent's top wins those back as well.

Before the full search, a shallow one (:attr:`MineSettings.screen_depth` plies) must see the
side to move at least :attr:`MineSettings.screen` (a man) better than the material on the
board; a position where even that finds nothing is not searched deeply.  Of the puzzles
shipped before the screen existed, 95 to 100 per cent per rule set pass it, and it spares the
deep search of about two positions in three.  The screen only chooses which positions are
examined; it never lets one pass that fails a test above.

A puzzle's difficulty is the depth the search needs before it finds the first move with its
margin; its starting rating follows from that and the length of the line.  Themes describe what
the line does (see :data:`THEMES`).

Standard library only; the miner is slow work for the CPU, so ``mine_positions`` takes a stop
flag and the command line runs games in several processes (``--jobs``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from ..ai.evaluate import STRAIGHT_KING
from ..ai.search import WIN_BOUND, Limit, SearchResult, search
from ..core import Color, Position, RuleSet
from ..core.move import Move
from ..core.position import Kind
from ..core.rules import CaptureRule, Directions, Removal

# what a line does; the window offers them as filters
THEMES: tuple[str, ...] = (
    "shot",  # the solver gives material first, then wins more (a combination)
    "multi-capture",  # a solver move takes three or more pieces at once
    "breakthrough",  # a solver man crowns during the line
    "ending",  # eight pieces or fewer on the board
    "forced-win",  # the line wins the game by force
    "quiet-start",  # the first move is not a capture
    # a capture of the line stops short: a piece it jumped still stands in the way (pieces
    # leave at the end of a capture); never in Turkish draughts, where they leave at once
    "turkish-strike",
    "tower-capture",  # towers: a solver capture takes the top off a column of two or more
    "liberation",  # towers: a solver capture frees own pieces from under the opponent's top
)

MAN = 100


@dataclass(frozen=True)
class MineSettings:
    depth: int = 6
    verify_depth: int = 8
    margin: int = 150
    gain: int = 200
    max_solver_moves: int = 8
    # a king, in hundredths of a man, when counting the material won; None: 250, or the
    # engine's value where kings move along straight lines (see :func:`king_worth`)
    king_value: int | None = None
    screen: int = 100  # the least a shallow search must see won to examine a position at all
    screen_depth: int = 3
    # examine only positions with at most this many kings on top (None: every position); a
    # position-selection choice like the screen: king endings with towers take seconds each
    max_kings: int | None = None


@dataclass(frozen=True)
class Puzzle:
    """A position, the solver's line (solver and defender alternating) and what it is about."""

    id: str
    rules: str
    fen: str
    solution: tuple[str, ...]
    alternatives: tuple[tuple[str, ...], ...]
    themes: tuple[str, ...]
    rating: int
    source: str
    depth: int = 0

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "fen": self.fen,
            "solution": list(self.solution),
            "alternatives": [list(a) for a in self.alternatives],
            "themes": list(self.themes),
            "rating": self.rating,
            "source": self.source,
            "depth": self.depth,
        }


@dataclass
class MineCounts:
    """How many candidate positions each filter removed (for the report)."""

    positions: int = 0
    no_choice: int = 0
    screened: int = 0
    no_gain: int = 0
    not_unique: int = 0
    greedy: int = 0
    line_fails: int = 0
    not_verified: int = 0
    duplicates: int = 0
    many_kings: int = 0
    found: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def add(self, other: MineCounts) -> None:
        for name in (
            "positions",
            "no_choice",
            "screened",
            "no_gain",
            "not_unique",
            "greedy",
            "line_fails",
            "not_verified",
            "duplicates",
            "many_kings",
            "found",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self) -> str:
        return (
            f"positions {self.positions}: no choice {self.no_choice}, screened {self.screened},"
            f" no gain {self.no_gain},"
            f" not unique {self.not_unique}, greedy {self.greedy}, line fails "
            f"{self.line_fails}, not verified {self.not_verified}, duplicates "
            f"{self.duplicates}"
            + (f", many kings {self.many_kings}" if self.many_kings else "")
            + f"; puzzles {self.found}"
        )


def king_worth(rules: RuleSet, king_value: int | None = None) -> int:
    """A king in hundredths of a man: ``king_value`` when given; else 250, or the engine's
    value of a king on straight lines (Turkish: five men) where the search counts it so."""
    if king_value is not None:
        return king_value
    if rules.directions is Directions.ORTHOGONAL and rules.flying_kings:
        return STRAIGHT_KING
    return 250


def _side_material(position: Position, colour: Color, king: int) -> int:
    value = MAN * position.count(colour, Kind.MAN) + king * position.count(colour, Kind.KING)
    if position.stacks:
        # the own pieces under the side's own tops count; prisoners under them do not (they
        # are the opponent's, out of play), nor the side's pieces under the opponent's tops
        tops = position.white if colour is Color.WHITE else position.black
        own = "wW" if colour is Color.WHITE else "bB"
        for bit, below in position.stacks:
            if (tops >> bit) & 1:
                for letter in below:
                    if letter in own:
                        value += king if letter.isupper() else MAN
    return value


def material(position: Position, colour: Color, king_value: int | None = None) -> int:
    """Material of ``colour`` minus the other side's, in hundredths of a man.

    With towers a side's material is the pieces of its own colour in the columns it tops: a
    piece under the opponent's top is out of its owner's play until it comes free."""
    king = king_worth(position.rules, king_value)
    return _side_material(position, colour, king) - _side_material(position, colour.opponent, king)


def _taken(position: Position, move: Move, king_value: int | None) -> int:
    if position.rules.towers:
        # nothing leaves the board: what a capture takes is the material it wins at once
        # (a prisoner, and the own pieces it frees)
        colour = position.turn
        return material(position.play(move), colour, king_value) - material(
            position, colour, king_value
        )
    king_value = king_worth(position.rules, king_value)
    value = 0
    for sq in move.captured:
        piece = position.piece_at(sq)
        value += king_value if piece is not None and piece.is_king else MAN
    return value


def greedy_move(position: Position, king_value: int | None = None) -> Move | None:
    """The capture that takes the most material at once, when exactly one does."""
    moves = position.legal_moves()
    if not moves or not moves[0].is_capture:
        return None
    best = max(_taken(position, m, king_value) for m in moves)
    top = [m for m in moves if _taken(position, m, king_value) == best]
    return top[0] if len(top) == 1 else None


def referee(
    position: Position,
    limit: Limit,
    *,
    only: list[Move] | None = None,
    noise: int = 0,
    seed: int = 0,
) -> SearchResult:
    """A search of ``position`` with the hand-set evaluation (see the module docstring)."""
    return search(position, limit=limit, only=only, noise=noise, seed=seed, referee=True)


@dataclass(frozen=True)
class _Step:
    move: Move
    score: int
    second: int | None  # the best other move's score; None when the move was the only one


def best_two(position: Position, depth: int, floor: int | None = None) -> _Step | None:
    """The best move with its score and the best other move's score.

    With ``floor``, a best score below it ends the work early: the step comes back without
    the second search (``second`` is the best score itself, so the step is never unique).
    Most positions a miner looks at win nothing, and this spares them half the searching."""
    moves = position.legal_moves()
    if not moves:
        return None
    limit = Limit(depth=depth)
    best = referee(position, limit)
    if best.move is None:
        return None
    if len(moves) == 1:
        return _Step(best.move, best.score, None)
    if floor is not None and best.score < floor and best.score <= WIN_BOUND:
        return _Step(best.move, best.score, best.score)
    others = [m for m in moves if m != best.move]
    second = referee(position, limit, only=others)
    return _Step(best.move, best.score, second.score)


def is_unique(step: _Step, margin: int) -> bool:
    if step.second is None:
        return True
    if step.score > WIN_BOUND and step.second > WIN_BOUND:
        return False  # two ways to win by force
    return step.score - step.second >= margin


def _line(
    position: Position, settings: MineSettings, depth: int, first: _Step | None = None
) -> list[tuple[Position, Move, _Step | None]] | None:
    """The solver's line from ``position`` (with each solver step's search), or None.

    ``first`` is the first step's search at ``depth`` when the caller has made it already."""
    solver = position.turn
    start = material(position, solver, settings.king_value)
    line: list[tuple[Position, Move, _Step | None]] = []
    current = position
    solver_moves = 0
    while True:
        if current.turn == solver:
            if solver_moves == settings.max_solver_moves:
                return None
            reuse = first is not None and current is position
            step = first if reuse else best_two(current, depth)
            if step is None:
                return None  # the solver is stuck: no puzzle
            if not is_unique(step, settings.margin):
                return None
            line.append((current, step.move, step))
            current = current.play(step.move)
            solver_moves += 1
        else:
            moves = current.legal_moves()
            if not moves:
                return line  # the defender cannot move: won
            reply = referee(current, Limit(depth=depth))
            if reply.move is None:
                return line
            line.append((current, reply.move, None))
            current = current.play(reply.move)
        if current.turn == solver and not current.has_capture():
            after_reply = current.with_turn(solver.opponent)
            if (
                not after_reply.has_capture()
                and material(current, solver, settings.king_value) - start >= settings.gain
            ):
                return line


def _themes(
    position: Position,
    line: list[tuple[Position, Move, _Step | None]],
    settings: MineSettings,
    forced: bool,
) -> tuple[str, ...]:
    solver = position.turn
    start = material(position, solver, settings.king_value)
    themes: list[str] = []
    lowest = start
    for before, move, _step in line:
        after = before.play(move)
        lowest = min(lowest, material(after, solver, settings.king_value))
    if lowest < start and len([s for s in line if s[2] is not None]) > 1:
        themes.append("shot")
    if any(step is not None and len(move.captured) >= 3 for _b, move, step in line):
        themes.append("multi-capture")
    if any(step is not None and move.promotes for _b, move, step in line):
        themes.append("breakthrough")
    if len(position.pieces()) <= 8:
        themes.append("ending")
    if forced:
        themes.append("forced-win")
    if not line[0][1].is_capture:
        themes.append("quiet-start")
    if any(stops_short(before, move) for before, move, _step in line):
        themes.append("turkish-strike")
    if position.rules.towers:
        solver_moves = [(before, move) for before, move, step in line if step is not None]
        if any(_takes_from_tower(before, move) for before, move in solver_moves):
            themes.append("tower-capture")
        if any(_frees(before, move) for before, move in solver_moves):
            themes.append("liberation")
    return tuple(themes)


def solution_themes(
    position: Position, solution: Iterable[str], forced: bool, settings: MineSettings
) -> tuple[str, ...]:
    """The themes of a puzzle's solution (solver and defender alternating, the move list's
    texts), as the miner gives them; ``forced``: the line wins the game by force."""
    line: list[tuple[Position, Move, _Step | None]] = []
    current = position
    for index, text in enumerate(solution):
        move = current.parse_move(text)
        line.append((current, move, _Step(move, 0, None) if index % 2 == 0 else None))
        current = current.play(move)
    return _themes(position, line, settings, forced)


def stops_short(before: Position, move: Move) -> bool:
    """Whether a capture ends although its piece could take more were the pieces it jumped
    already gone: one of them stands in the way (the Turkish strike).  Only where jumped
    pieces leave at the end of the move; a capture that crowns its man is not counted."""
    rules = before.rules
    if rules.removal is not Removal.AT_END or rules.towers or not move.is_capture:
        return False
    if move.promotes:
        return False
    after = before.play(move)
    # the same side again, free to take with any piece (no maximum rule hides a short capture)
    free = dataclasses.replace(rules, capture_rule=CaptureRule.FREE)
    again = Position(free, after.white, after.black, after.kings, before.turn)
    return any(m.is_capture and m.path[0] == move.path[-1] for m in again.legal_moves())


def _takes_from_tower(before: Position, move: Move) -> bool:
    return any(len(before.tower(sq)) >= 2 for sq in move.captured)


def _frees(before: Position, move: Move) -> bool:
    """Whether the solver's capture leaves own pieces on top that were under the opponent's."""
    if not move.captured:
        return False
    colour = before.turn
    after = before.play(move)
    for sq in set(move.captured):
        column = after.tower(sq)
        if column and column[0].color is colour:
            return True
    return False


def _alternatives(
    line: list[tuple[Position, Move, _Step | None]], texts: list[str]
) -> tuple[tuple[str, ...], ...]:
    """The same line with a solver capture spelt along another of its routes (a retry)."""
    found: list[tuple[str, ...]] = []
    for index, (before, move, step) in enumerate(line):
        if step is None or len(move.paths) < 2:
            continue
        for route in move.paths:
            if route == move.path:
                continue
            other = before.move_text(move.with_path(route), style="full")
            if other != texts[index]:
                found.append((*texts[:index], other, *texts[index + 1 :]))
    return tuple(found[:8])


def _needed_depth(position: Position, move: Move, margin: int, upto: int) -> int:
    for depth in range(1, upto + 1):
        step = best_two(position, depth)
        if step is not None and step.move == move and is_unique(step, margin):
            return depth
    return upto


def puzzle_id(rules: RuleSet, fen: str) -> str:
    return rules.key + "-" + hashlib.sha1(f"{rules.key} {fen}".encode()).hexdigest()[:10]


def examine(
    position: Position, source: str, settings: MineSettings, counts: MineCounts | None = None
) -> Puzzle | None:
    """The puzzle this position makes, or None (``counts`` records why not)."""
    counts = counts if counts is not None else MineCounts()
    counts.positions += 1
    moves = position.legal_moves()
    if len(moves) < 2:
        counts.no_choice += 1
        return None
    solver = position.turn
    start = material(position, solver, settings.king_value)
    if settings.screen_depth and settings.screen_depth < settings.depth:
        shallow = referee(position, Limit(depth=settings.screen_depth))
        if shallow.score - start < settings.screen and shallow.score <= WIN_BOUND:
            counts.screened += 1
            return None
    first = best_two(position, settings.depth, floor=start + settings.gain)
    if first is None or not (first.score > WIN_BOUND or first.score - start >= settings.gain):
        counts.no_gain += 1
        return None
    if not is_unique(first, settings.margin):
        counts.not_unique += 1
        return None
    line = _line(position, settings, settings.depth, first)
    if not line:
        counts.line_fails += 1
        return None
    solver_moves = sum(1 for _b, _m, step in line if step is not None)
    greedy = greedy_move(position, settings.king_value)
    if greedy is not None and greedy == line[0][1] and solver_moves == 1:
        counts.greedy += 1
        return None
    deep = _line(position, settings, settings.verify_depth)
    if deep is None or [m for _b, m, _s in deep] != [m for _b, m, _s in line]:
        counts.not_verified += 1
        return None
    while line and line[-1][2] is None:
        line.pop()  # the puzzle ends with the solver's move; the defender's last reply is shown
    texts = [before.move_text(move) for before, move, _s in line]
    forced = first.score > WIN_BOUND
    depth = _needed_depth(position, line[0][1], settings.margin, settings.depth)
    rating = 900 + 100 * depth + 60 * (solver_moves - 1)
    counts.found += 1
    fen = position.fen()
    return Puzzle(
        puzzle_id(position.rules, fen),
        position.rules.key,
        fen,
        tuple(texts),
        _alternatives(line, texts),
        _themes(position, line, settings, forced),
        rating,
        source,
        depth,
    )


def mine_positions(
    positions: Iterable[tuple[Position, str]],
    settings: MineSettings,
    counts: MineCounts | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Iterator[Puzzle]:
    """Puzzles from (position, source) pairs, each position once."""
    counts = counts if counts is not None else MineCounts()
    seen: set[tuple[int, int, int, bool]] = set()
    for position, source in positions:
        if should_stop is not None and should_stop():
            return
        if position.key in seen:
            counts.duplicates += 1
            continue
        seen.add(position.key)
        if settings.max_kings is not None and position.kings.bit_count() > settings.max_kings:
            counts.many_kings += 1
            continue
        puzzle = examine(position, source, settings, counts)
        if puzzle is not None:
            # the positions along its line are the same puzzle, shorter: not again
            current = position
            for text in puzzle.solution:
                current = current.play(current.parse_move(text))
                seen.add(current.key)
            yield puzzle


def self_play_positions(
    rules: RuleSet, games: int, seed: int, plies: int = 120, depth: int = 3, first_random: int = 6
) -> Iterator[tuple[Position, str]]:
    """Positions of seeded self-play games at a low depth, with a few random first moves."""
    rng = random.Random(seed)
    for game in range(games):
        position = Position.start(rules)
        for ply in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            if ply >= first_random:
                yield position, f"self-play seed {seed} game {game + 1} ply {ply}"
            if ply < first_random or rng.random() < 0.15:
                move = rng.choice(moves)
            else:
                found = referee(
                    position, Limit(depth=depth), noise=30, seed=rng.randrange(1 << 30)
                ).move
                move = found if found is not None else moves[0]
            position = position.play(move)
