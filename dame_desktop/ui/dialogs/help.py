"""In-app help: the rules of the game being played, strategy tips and the keyboard.

The rules page is written from the RuleSet's parameters -- the same values the rules core
enforces -- so a house rule switched on in the rules dialog shows up here at once.  Each
sentence is a translatable literal; the numbers come from the rule set.
"""

from __future__ import annotations

import importlib
import platform
from html import escape

from PySide6.QtCore import QCoreApplication, QEvent, Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import CaptureRule, Color, Landing, Promotion, RuleSet
from dame_desktop.core.rules import Directions, Numbering, Removal
from dame_desktop.ui.words import texts
from dame_desktop.ui.words.names import colour_text

translate = QCoreApplication.translate


def rules_sections(rules: RuleSet) -> list[tuple[str, list[str]]]:
    """The rules of ``rules`` as (heading, sentences), in the current language."""
    n = rules.board_size
    first = colour_text(rules, rules.first)
    bottom = colour_text(rules, Color.WHITE)  # the side at the lower edge of the diagram
    straight = rules.directions is Directions.ORTHOGONAL
    if rules.names_squares:
        setup = [
            translate("HelpDialog", "The board has %1×%1 squares, and all %2 are played on.")
            .replace("%1", str(n))
            .replace("%2", str(rules.squares)),
            translate(
                "HelpDialog",
                "Each side starts with %1 men filling %2 rows; the row "
                "behind them, its first, stays empty.",
            )
            .replace("%1", str(rules.start_rows * n))
            .replace("%2", str(rules.start_rows)),
        ]
    else:
        setup = [
            translate(
                "HelpDialog", "The board has %1×%1 squares; only the %2 dark squares are played on."
            )
            .replace("%1", str(n))
            .replace("%2", str(rules.squares)),
            translate(
                "HelpDialog",
                "Each side starts with %1 men on the dark squares of its first %2 rows.",
            )
            .replace("%1", str(rules.start_rows * n // 2))
            .replace("%2", str(rules.start_rows)),
        ]
    setup.append(
        translate("HelpDialog", "%1 moves first, then the sides take turns.").replace("%1", first)
    )
    if rules.names_squares:
        setup.append(
            translate(
                "HelpDialog",
                "The squares are named by a letter and a number, a1 at %1's lower left.",
            ).replace("%1", bottom)
        )
    elif rules.numbering is Numbering.STANDARD:
        setup.append(
            translate(
                "HelpDialog",
                "The dark squares are numbered 1 to %1 from the top left as %2 "
                "sees the board; the corner square a1 at %2's lower left is dark.",
            )
            .replace("%1", str(rules.squares))
            .replace("%2", bottom)
        )
    else:
        setup.append(
            translate(
                "HelpDialog",
                "The board is turned the Italian way: each player has a dark "
                "square at the lower right.",
            )
        )
    if straight:
        moving = [
            translate(
                "HelpDialog",
                "A man moves one square straight forward or sideways onto a free square, "
                "never backward.",
            ),
            translate(
                "HelpDialog",
                "A king moves straight forward, backward or sideways over any number of "
                "free squares.",
            )
            if rules.flying_kings
            else translate(
                "HelpDialog", "A king moves one square straight in any of the four directions."
            ),
        ]
    else:
        moving = [
            translate(
                "HelpDialog", "A man moves one square diagonally forward onto a free dark square."
            ),
            translate(
                "HelpDialog",
                "A king moves diagonally forward or backward over any number of "
                "free squares (a flying king).",
            )
            if rules.flying_kings
            else translate(
                "HelpDialog", "A king moves one square diagonally, forward or backward."
            ),
        ]

    capture = [
        translate("HelpDialog", "Capturing is compulsory: if you can capture, you must."),
    ]
    if straight:
        capture.append(
            translate(
                "HelpDialog",
                "A man captures by jumping over an opposing piece straight next to it onto the "
                "free square directly behind.",
            )
        )
    elif rules.towers:
        capture.append(
            translate(
                "HelpDialog",
                "A man captures by jumping over an opposing piece diagonally next to it onto the "
                "free square directly behind.",
            )
        )
    else:
        capture.append(
            translate(
                "HelpDialog",
                "A man captures by jumping over an opposing piece diagonally next to it onto the "
                "free square directly behind; the jumped piece is removed.",
            )
        )
    if straight and rules.men_capture_backward:
        capture.append(translate("HelpDialog", "Men capture forward, sideways and backward."))
    elif straight:
        capture.append(translate("HelpDialog", "Men capture forward and sideways, never backward."))
    elif rules.men_capture_backward:
        capture.append(translate("HelpDialog", "Men capture forward and backward."))
    else:
        capture.append(translate("HelpDialog", "Men capture only forward."))
    if not rules.men_capture_kings:
        capture.append(translate("HelpDialog", "A man may not capture a king."))
    capture.append(
        translate(
            "HelpDialog",
            "If the capturing piece can capture again after a jump, it must go on "
            "in the same move, changing direction if needed.",
        )
    )
    if rules.towers:
        capture.extend(
            [
                translate(
                    "HelpDialog",
                    "Towers: a jumped piece is not taken off the board. The capturing piece takes "
                    "it along underneath itself, so captures build towers.",
                ),
                translate(
                    "HelpDialog",
                    "A tower belongs to the player whose piece is on top, and it moves and "
                    "captures as its top piece, a man or a king.",
                ),
                translate(
                    "HelpDialog",
                    "Jumping a tower takes only its top piece; the rest stays on its square, and "
                    "the new top decides whose tower it is. A tower may be jumped again in the "
                    "same capture while an opposing piece is on top of it.",
                ),
            ]
        )
    elif rules.removal is Removal.IMMEDIATE:
        capture.append(
            translate(
                "HelpDialog",
                "Each jumped piece is removed at once, so a square may be crossed again in "
                "the same capture.",
            )
        )
    else:
        capture.append(
            translate(
                "HelpDialog",
                "A piece can be jumped only once; captured pieces are removed when the "
                "move is complete.",
            )
        )
    if rules.no_reversal:
        capture.append(
            translate(
                "HelpDialog",
                "Between two jumps a capture may not turn straight back the way it came.",
            )
        )
    if rules.flying_kings and straight:
        capture.append(
            translate(
                "HelpDialog",
                "A king captures from a distance: it jumps a piece on its row or column when "
                "the squares in between are free and the square beyond is free.",
            )
        )
    elif rules.flying_kings:
        capture.append(
            translate(
                "HelpDialog",
                "A flying king captures from a distance: it jumps a piece on its "
                "diagonal when the squares in between are free and the square "
                "beyond is free.",
            )
        )
    if rules.flying_kings:
        if rules.landing is Landing.ANY:
            capture.append(
                translate(
                    "HelpDialog",
                    "After the jump the king may land on any free square beyond "
                    "the captured piece.",
                )
            )
        elif rules.landing is Landing.BEHIND:
            capture.append(
                translate(
                    "HelpDialog",
                    "After each jump the king must land directly behind the captured piece.",
                )
            )
        else:
            capture.append(
                translate(
                    "HelpDialog",
                    "While capturing the king may land on any free square beyond; "
                    "at the end of the move it stops directly behind the last "
                    "piece it took.",
                )
            )
        if rules.must_land_to_continue:
            capture.append(
                translate(
                    "HelpDialog",
                    "If the king can capture again from one of the landing "
                    "squares, it must land there and go on.",
                )
            )
    else:
        capture.append(
            translate(
                "HelpDialog",
                "A king captures like a man, but also backward: over a piece next "
                "to it onto the square directly behind.",
            )
        )
    choice = {
        CaptureRule.FREE: translate(
            "HelpDialog",
            "If there are several captures, you may choose any of them, "
            "even one that takes fewer pieces.",
        ),
        CaptureRule.MAX: translate(
            "HelpDialog",
            "If there are several captures, you must take the one that captures the most pieces.",
        ),
        CaptureRule.ITALIAN: translate(
            "HelpDialog",
            "If there are several captures, you must take the most "
            "pieces; if equal, capture with a king; then take the most "
            "kings; then the one that meets a king first.",
        ),
        CaptureRule.SPANISH: translate(
            "HelpDialog",
            "If there are several captures, you must take the most "
            "pieces; if equal, the most kings.",
        ),
        CaptureRule.CZECH: translate(
            "HelpDialog",
            "If a king can capture, a king must capture; otherwise you may choose any capture.",
        ),
    }
    capture.append(choice[rules.capture_rule])
    if rules.huffing:
        capture.append(
            translate(
                "HelpDialog",
                "Huffing (Blasen): if a player misses a compulsory capture, the "
                "opponent may let it stand, blow away the piece that should have "
                "captured, or demand that the move is taken back and the capture "
                "made. Blowing a piece away does not count as a move.",
            )
        )

    crowning = [
        translate("HelpDialog", "A man that reaches the far row becomes a king."),
    ]
    if rules.promotion is Promotion.STOP:
        crowning.append(
            translate(
                "HelpDialog",
                "If it reaches the far row during a capture, it is crowned and "
                "the move ends there.",
            )
        )
    elif rules.promotion is Promotion.CONTINUE:
        crowning.append(
            translate(
                "HelpDialog",
                "If it reaches the far row during a capture and can capture on, "
                "it goes on at once as a king.",
            )
        )
    else:
        crowning.append(
            translate(
                "HelpDialog",
                "If it only passes the far row during a capture, it goes on as a "
                "man and is crowned only if the move ends there.",
            )
        )

    ending = []
    if rules.giveaway:
        ending.append(
            translate(
                "HelpDialog",
                "Giveaway: the goal is reversed. You win when you have no pieces "
                "left or cannot move.",
            )
        )
    else:
        ending.append(
            translate("HelpDialog", "You win when your opponent has no pieces left or cannot move.")
        )
    ending.append(
        translate("HelpDialog", "A player may resign, and the players may agree on a draw.")
    )
    draws = []
    if rules.draw_repetition:
        draws.append(
            translate(
                "HelpDialog",
                "Draw when the same position comes up %1 times with the same side to move.",
            ).replace("%1", str(rules.draw_repetition))
        )
    if rules.draw_quiet_plies:
        plies = rules.draw_quiet_plies
        if plies % 2 == 0:
            text = (
                translate(
                    "HelpDialog",
                    "Draw after %1 half-moves in a row without a capture (%2 moves by each player)",
                )
                .replace("%1", str(plies))
                .replace("%2", str(plies // 2))
            )
        else:
            text = translate(
                "HelpDialog", "Draw after %1 half-moves in a row without a capture"
            ).replace("%1", str(plies))
        resets = []
        if rules.draw_quiet_reset_man_move:
            resets.append(
                translate("HelpDialog", "a move with a plain piece starts the count again")
            )
        if rules.draw_quiet_reset_promotion:
            resets.append(translate("HelpDialog", "a new king starts the count again"))
        if resets:
            text += " (" + "; ".join(resets) + ")"
        draws.append(text + ".")
    if rules.draw_fmjd_endgame:
        draws.append(
            translate(
                "HelpDialog",
                "Short endgames: three pieces including a king against a lone king are a "
                "draw unless won within 16 moves each; two pieces, within 5 moves each.",
            )
        )
    if rules.draw_russian_endgame:
        draws.append(
            translate(
                "HelpDialog",
                "Russian endgame rules: king endings that are not won in the set "
                "number of moves are drawn.",
            )
        )
    if rules.draw_kings_vs_king_moves:
        draws.append(
            translate(
                "HelpDialog",
                "Three or more kings against a lone king: draw unless won within %1 moves.",
            ).replace("%1", str(rules.draw_kings_vs_king_moves))
        )
    if rules.draw_three_kings_diagonal:
        draws.append(
            translate(
                "HelpDialog",
                "Three kings against one king that holds the long diagonal is a "
                "draw, unless that king can be taken at once.",
            )
        )
    if rules.draw_one_each:
        draws.append(
            translate(
                "HelpDialog",
                "When each side has only one piece left, a man or a king, the game is a draw.",
            )
        )
    if not draws:
        draws.append(translate("HelpDialog", "There is no automatic draw rule."))
    return [
        (translate("HelpDialog", "Board and set-up"), setup),
        (translate("HelpDialog", "Moving"), moving),
        (translate("HelpDialog", "Capturing"), capture),
        (translate("HelpDialog", "Kings"), crowning),
        (translate("HelpDialog", "Winning"), ending),
        (translate("HelpDialog", "Draws"), draws),
    ]


def rules_html(rules: RuleSet) -> str:
    title = escape(texts.rules_name(rules))
    out = [
        f"<h2>{title}</h2>",
        "<p><i>"
        + escape(
            translate(
                "HelpDialog",
                "These are the rules the program enforces in this game; "
                "change them in Game › Rules.",
            )
        )
        + "</i></p>",
    ]
    for heading, sentences in rules_sections(rules):
        out.append(f"<h3>{escape(heading)}</h3><ul>")
        out.extend(f"<li>{escape(s)}</li>" for s in sentences)
        out.append("</ul>")
    return "\n".join(out)


def tips_html() -> str:
    tips = [
        (
            translate("HelpDialog", "Hold the centre"),
            translate(
                "HelpDialog",
                "Pieces in the middle can go both ways and support each "
                "other; a piece on the edge has only one way forward.",
            ),
        ),
        (
            translate("HelpDialog", "Keep your back row"),
            translate(
                "HelpDialog",
                "Leave a few men on your first row as long as you can: "
                "while they stand there, the opponent hardly gets a "
                "king.",
            ),
        ),
        (
            translate("HelpDialog", "Move in pairs"),
            translate(
                "HelpDialog",
                "A man with a friend right behind it cannot be jumped from "
                "the front. A lonely man far ahead is an easy target.",
            ),
        ),
        (
            translate("HelpDialog", "Use the compulsory capture"),
            translate(
                "HelpDialog",
                "Because capturing is compulsory you can offer "
                "a piece on purpose and make the opponent jump "
                "to where you take two back.",
            ),
        ),
        (
            translate("HelpDialog", "Trade when you are ahead"),
            translate(
                "HelpDialog",
                "With more pieces, every one-for-one exchange "
                "makes your lead bigger. When you are behind, "
                "avoid exchanges.",
            ),
        ),
        (
            translate("HelpDialog", "Get a king early"),
            translate(
                "HelpDialog",
                "A king moves backward too and, where kings fly, rules "
                "whole diagonals. Kings decide most endgames.",
            ),
        ),
        (
            translate("HelpDialog", "Look at the whole capture"),
            translate(
                "HelpDialog",
                "Before you move, check what your opponent must "
                "capture next: a forced capture can lead into a "
                "trap.",
            ),
        ),
    ]
    out = ["<h2>" + escape(translate("HelpDialog", "Strategy tips")) + "</h2><ul>"]
    out.extend(f"<li><b>{escape(a)}.</b> {escape(b)}</li>" for a, b in tips)
    out.append("</ul>")
    return "\n".join(out)


def keys_html(actions: list[QAction]) -> str:
    """The board keys and every window action that has a shortcut."""
    rows = [
        (
            translate("HelpDialog", "Arrow keys"),
            translate("HelpDialog", "Move the cursor on the board (when the board has the focus)"),
        ),
        (
            translate("HelpDialog", "Enter or Space"),
            translate(
                "HelpDialog",
                "Pick up the piece under the cursor; again on a marked square to move it there",
            ),
        ),
        (translate("HelpDialog", "Escape"), translate("HelpDialog", "Put the held piece back")),
        (
            translate("HelpDialog", "Tab"),
            translate("HelpDialog", "Go to the board, the move list and the buttons in turn"),
        ),
    ]
    seen = set()
    for action in actions:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        keys = [k for k in keys if k]
        text = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if keys and text and text not in seen:
            seen.add(text)
            rows.append((", ".join(keys), text.rstrip("…").rstrip(".")))
    out = ["<h2>" + escape(translate("HelpDialog", "Keyboard")) + "</h2><table cellpadding='3'>"]
    out.extend(f"<tr><td><b>{escape(k)}</b></td><td>{escape(v)}</td></tr>" for k, v in rows)
    out.append("</table>")
    return "\n".join(out)


class HelpDialog(QDialog):
    """Three pages: the rules of the current game, strategy tips, the keyboard."""

    PAGES = ("rules", "tips", "keys")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("helpDialog")
        self._rules: RuleSet | None = None
        self._window = parent
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.rules_view = QTextBrowser()
        self.rules_view.setObjectName("rulesHelp")
        self.tips_view = QTextBrowser()
        self.keys_view = QTextBrowser()
        for view in (self.rules_view, self.tips_view, self.keys_view):
            view.setOpenExternalLinks(False)
            self.tabs.addTab(view, "")
        layout.addWidget(self.tabs)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(620, 560)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.retranslate_ui()

    def show_rules(self, rules: RuleSet) -> None:
        self._rules = rules
        self.rules_view.setHtml(rules_html(rules))

    def show_page(self, page: str) -> None:
        self.tabs.setCurrentIndex(self.PAGES.index(page))

    def retranslate_ui(self) -> None:
        self.setWindowTitle(translate("HelpDialog", "Help"))
        self.tabs.setTabText(0, translate("HelpDialog", "Rules"))
        self.tabs.setTabText(1, translate("HelpDialog", "Strategy tips"))
        self.tabs.setTabText(2, translate("HelpDialog", "Keyboard"))
        for index, name in enumerate(
            (
                translate("HelpDialog", "Rules"),
                translate("HelpDialog", "Strategy tips"),
                translate("HelpDialog", "Keyboard"),
            )
        ):
            page = self.tabs.widget(index)
            if page is not None:
                page.setAccessibleName(name)
        if self._rules is not None:
            self.rules_view.setHtml(rules_html(self._rules))
        self.tips_view.setHtml(tips_html())
        window = self._window
        actions = window.actions() if window is not None else []
        self.keys_view.setHtml(keys_html(list(actions)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


# -- Help › About ------------------------------------------------------------------------------


def compiled_modules() -> list[str] | None:
    """The compiled (native) modules in use, short names (``core.movegen``); [] in pure
    Python; None when this build cannot tell (no ``dame_desktop.native``)."""
    try:
        native = importlib.import_module("dame_desktop.native")
    except ImportError:
        return None
    return [str(name) for name in native.native_modules()]


def about_text() -> str:
    """The About box: version, what the program is, the compiled modules, Python and Qt."""
    from dame_desktop import __version__

    lines = [
        translate("HelpDialog", "Dame %1").replace("%1", __version__),
        "",
        translate(
            "HelpDialog",
            "German draughts and its relatives: against the computer or "
            "with two people at one computer.",
        ),
        "",
    ]
    names = compiled_modules()
    if names is None:
        pass  # a build without the native layer: nothing to report
    elif names:
        lines.append(
            translate("HelpDialog", "Compiled (native) modules in use: %1.").replace(
                "%1", ", ".join(names)
            )
        )
    else:
        lines.append(
            translate("HelpDialog", "No compiled modules in use: the program runs as pure Python.")
        )
    lines.append(
        translate("HelpDialog", "Python %1, Qt %2")
        .replace("%1", platform.python_version())
        .replace("%2", qVersion())
    )
    return "\n".join(lines)


def show_about(parent: QWidget | None) -> None:
    """Help › About: the About box with :func:`about_text`."""
    QMessageBox.about(parent, translate("HelpDialog", "About Dame"), about_text())
