"""Copy and paste positions and games: FEN and PDN.  (The position as words is the window's
``position_text`` -- the notation preference and the rule set's names of the sides -- put
here with :func:`set_text`.)"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

from dame_desktop.core import DameError, Position, RuleSet

if TYPE_CHECKING:  # the PDN reader and writer load when first used
    from dame_desktop.pdn import Game


def set_text(text: str) -> None:
    clipboard = QGuiApplication.clipboard()
    clipboard.setText(text)


def text() -> str:
    return QGuiApplication.clipboard().text()


def copy_fen(position: Position) -> str:
    fen = position.fen()
    set_text(fen)
    return fen


def copy_pdn(game: Game) -> str:
    from dame_desktop.pdn.writer import write_game

    pdn = write_game(game)
    set_text(pdn)
    return pdn


@dataclass
class Pasted:
    """What the clipboard held: a position (FEN) or a game (PDN)."""

    position: Position | None = None
    game: Game | None = None


def parse(content: str, rules: RuleSet) -> Pasted:
    """Read a FEN (with ``rules``) or a PDN game; raises ValueError naming the problem."""
    content = content.strip()
    if not content:
        raise ValueError(QCoreApplication.translate("clipboard", "the clipboard is empty"))
    first_line = content.splitlines()[0].strip().strip('"')
    if first_line[:1].upper() in ("W", "B") and ":" in first_line and "[" not in content:
        try:
            return Pasted(position=Position.from_fen(first_line, rules))
        except DameError as exc:
            raise ValueError(
                QCoreApplication.translate(
                    "clipboard", "not a FEN this program can read: %1"
                ).replace("%1", str(exc))
            ) from None
    from dame_desktop.pdn import Game, read_game

    game = read_game(io.StringIO(content), default_rules=rules)
    if not isinstance(game, Game):
        raise ValueError(
            QCoreApplication.translate(
                "clipboard", "the clipboard holds neither a FEN nor a PDN game"
            )
        )
    if game.errors and not game.variations:
        raise ValueError(
            QCoreApplication.translate("clipboard", "not a readable PDN game: %1").replace(
                "%1", game.errors[0].message
            )
        )
    return Pasted(game=game)
