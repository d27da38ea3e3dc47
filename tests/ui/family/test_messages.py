"""Messages over the board: "You must capture", a blown piece marked where it stood, the
end of the game; nothing of the sort while only browsing a file's games."""

from __future__ import annotations

from dame_desktop.core import Position, find_rules
from dame_desktop.ui.family.messages import BoardMessages
from dame_desktop.ui.words.notation import Notation
from tests.ui.family.harness import HotSeat

GERMAN = find_rules("german")
CAPTURE = "W:W22,29:B18,5"  # White must take 18 with 22


def test_must_capture_is_said_over_the_board(qtbot) -> None:
    table = HotSeat(qtbot, GERMAN, Position.from_fen(CAPTURE, GERMAN))
    messages = BoardMessages(table.board)
    assert messages.turn_started(table.game.position, human=True)
    assert table.board.banner_text() == "You must capture"
    table.board.clear_banner()
    table.click(29)  # the wrong piece: the board refuses, and the refusal is shown big
    assert table.refusals[-1] == "You must capture"
    assert table.board.banner_text() == "You must capture"
    table.board.clear_banner()
    assert not messages.turn_started(table.game.position, human=False), "not to the computer"
    assert not messages.turn_started(Position.start(GERMAN), human=True)
    assert table.board.banner_text() == ""


def test_nothing_is_said_while_browsing(qtbot) -> None:
    table = HotSeat(qtbot, GERMAN, Position.from_fen(CAPTURE, GERMAN))
    browsing = True
    messages = BoardMessages(table.board, is_browsing=lambda: browsing)
    assert not messages.turn_started(table.game.position, human=True)
    table.click(29)
    assert table.board.banner_text() == ""
    browsing = False
    table.click(29)
    assert table.board.banner_text() == "You must capture"


def test_a_blown_piece_is_marked_and_named(qtbot) -> None:
    table = HotSeat(qtbot, GERMAN, Position.from_fen(CAPTURE, GERMAN))
    notation = Notation.COORDINATES
    messages = BoardMessages(table.board, notation=lambda: notation)
    before = table.game.position
    messages.blown(before, 22, "Dame (Beginner)")
    assert table.board.blown_square() == 22
    assert (
        table.board.banner_text()
        == "Dame (Beginner) blew away the piece on c3: it should have captured."
    )
    notation = Notation.NUMBERS
    messages.blown(before, 22, "Paul")
    assert table.board.banner_text() == "Paul blew away the piece on 22: it should have captured."
    messages.game_over("Anna wins with Light: Paul cannot move.")
    assert table.board.banner_text() == "Anna wins with Light: Paul cannot move."


def test_the_messages_in_german(qtbot, german) -> None:
    table = HotSeat(qtbot, GERMAN, Position.from_fen(CAPTURE, GERMAN))
    messages = BoardMessages(table.board)
    messages.turn_started(table.game.position, human=True)
    assert table.board.banner_text() == "Du musst schlagen"
    messages.blown(table.game.position, 22, "Dame (Anfänger)")
    assert (
        table.board.banner_text()
        == "Dame (Anfänger) pustet den Stein auf 22 weg: Er hätte schlagen müssen."
    )
