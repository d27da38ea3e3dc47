"""The opening book: moves that strong players (or the engine's own games) chose, as data.

One JSON file per rule set in the package (``ai/data/book_<rules>.json``), written by
``tools/make_book.py``::

    {"format": 1, "rules": "international", "source": "...", "plies": 16,
     "positions": {"<FEN of the position>": [["32-28", count, score], ...], ...}}

A position is keyed by its FEN (``Position.fen()``, numeric squares): it names the pieces and
the side to move and nothing else, so the keys survive a rebuild of the program and of the
book.  A move is its text with every landing square (``Move.full_text()``); ``count`` is how
often it was played and ``score`` the mover's result in per mille (win 1000, draw 500).

:class:`BookMemory` is what a player keeps from one game to the next: the book line it
played in the last game, so that the next game does not repeat it exactly (see
:meth:`BookMemory.choose`).  Standard library only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from ..core.errors import DameError
from ..core.move import Move
from ..core.position import Position
from ..core.rules import RuleSet

FORMAT = 1
# Moves whose score is this far below the position's best book score are not chosen.
SCORE_WINDOW = 150  # per mille
# A move's weight: count ** WEIGHT_POWER (flatter than the counts: more variety).
WEIGHT_POWER = 0.7
# The rule sets with a book: their key -> the file in ai/data.
BOOKS = {
    "international": "book_international.json",
    "english": "book_english.json",
    "german": "book_german.json",
}


@dataclass(frozen=True)
class BookMove:
    move: Move
    count: int
    score: int  # the mover's result in per mille

    @property
    def weight(self) -> float:
        return float(self.count**WEIGHT_POWER)


@dataclass
class Book:
    """Positions (FEN) -> the moves played there, with counts and scores."""

    rules_key: str
    positions: dict[str, list[tuple[str, int, int]]]
    source: str = ""
    plies: int = 0

    def __len__(self) -> int:
        return len(self.positions)

    def entries(self, position: Position) -> list[tuple[str, int, int]]:
        return self.positions.get(position.fen(), [])

    def moves(self, position: Position) -> list[BookMove]:
        """The book's legal moves in ``position`` within the score window, most played first.

        A stored move that is not legal here (another rule set on the same board, a damaged
        file) is skipped.
        """
        entries = self.entries(position)
        if not entries:
            return []
        legal = position.legal_moves()
        found: list[BookMove] = []
        for text, count, score in entries:
            try:
                move = position.parse_move(text, legal)
            except DameError:
                continue
            if move.full_text() != text:
                continue  # another route of the same capture: not what the book means
            found.append(BookMove(move, count, score))
        if not found:
            return []
        best = max(m.score for m in found)
        good = [m for m in found if m.score >= best - SCORE_WINDOW]
        good.sort(key=lambda m: (-m.count, m.move.full_text()))
        return good

    @classmethod
    def from_json(cls, text: str) -> Book:
        """A book from its JSON text; ValueError names the problem."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ValueError(f"the book is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"the book is not in format {FORMAT}")
        raw = data.get("positions")
        rules_key = data.get("rules")
        if not isinstance(raw, dict) or not isinstance(rules_key, str):
            raise ValueError("the book has no positions or no rules")
        positions: dict[str, list[tuple[str, int, int]]] = {}
        for fen, moves in raw.items():
            if not isinstance(moves, list):
                raise ValueError(f"book entry {fen!r}: a list of moves expected")
            out = []
            for item in moves:
                if (
                    not isinstance(item, list)
                    or len(item) != 3
                    or not isinstance(item[0], str)
                    or not isinstance(item[1], int)
                    or not isinstance(item[2], int)
                ):
                    raise ValueError(
                        f"book entry {fen!r}: [move, count, score] expected, got {item!r}"
                    )
                out.append((item[0], item[1], item[2]))
            positions[str(fen)] = out
        return cls(rules_key, positions, str(data.get("source", "")), int(data.get("plies", 0)))

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "rules": self.rules_key,
            "source": self.source,
            "plies": self.plies,
            "positions": {
                fen: [list(m) for m in moves] for fen, moves in sorted(self.positions.items())
            },
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


@cache
def _load(rules_key: str) -> Book | None:
    name = BOOKS.get(rules_key)
    if name is None:
        return None
    try:
        text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    except (OSError, FileNotFoundError):
        return None
    return Book.from_json(text)


def book_for(rules: RuleSet) -> Book | None:
    """The book of ``rules`` (by its key), or None when there is none.

    A rule set with house rules switched on keeps its key; moves the book has that are not
    legal under them are skipped when the book is consulted.
    """
    return _load(rules.key)


@dataclass
class BookMemory:
    """A player's book state across games: the line played now and in the last game.

    ``enabled`` False turns the book off.  Call :meth:`new_game` when a game starts.
    """

    enabled: bool = True
    line: list[tuple[str, str]] = field(default_factory=list)  # (FEN, our move) this game
    last_line: list[tuple[str, str]] = field(default_factory=list)  # the same, last game
    _branches: list[int] = field(default_factory=list)  # choices there were, this game
    _last_branch: int = -1  # the last game's last position with a choice (index in last_line)

    def new_game(self) -> None:
        if self.line:
            self.last_line = self.line
            self._last_branch = max((i for i, n in enumerate(self._branches) if n > 1), default=-1)
        self.line = []
        self._branches = []

    def follow(self, history: Iterable[Position]) -> None:
        """Forget the book moves of this game that were taken back.

        ``history`` is every position of the game before the one to move now.  The line keeps
        its moves up to the first one made in a position that is no longer in it (an undo
        went back before it), so the next game is compared with the line the game really
        played.
        """
        seen = {position.fen() for position in history}
        keep = 0
        for fen, _move in self.line:
            if fen not in seen:
                break
            keep += 1
        del self.line[keep:]
        del self._branches[keep:]

    def choose(
        self, position: Position, rng: random.Random | None = None, book: Book | None = None
    ) -> Move | None:
        """A book move for ``position`` (weighted random among the good ones), or None.

        While this game has so far followed the last game's book line exactly, the move
        played last time at the last position of that line that had a choice is left out
        there, so two games in a row never repeat the same book line; every other choice is
        free.  ``rng`` makes the choice reproducible.
        """
        if not self.enabled:
            return None
        if book is None:
            book = book_for(position.rules)
        if book is None:
            return None
        options = book.moves(position)
        if not options:
            return None
        fen = position.fen()
        i = len(self.line)
        count = len(options)
        if (
            i == self._last_branch
            and i < len(self.last_line)
            and count > 1
            and self.line == self.last_line[:i]
            and self.last_line[i][0] == fen
        ):
            repeated = self.last_line[i][1]
            options = [m for m in options if m.move.full_text() != repeated]
        rng = rng if rng is not None else random.Random()
        total = sum(m.weight for m in options)
        pick = rng.random() * total
        chosen = options[-1]
        for m in options:
            pick -= m.weight
            if pick < 0:
                chosen = m
                break
        self.line.append((fen, chosen.move.full_text()))
        self._branches.append(count)
        return chosen.move
