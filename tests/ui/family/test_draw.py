"""Draw offers: the computer's answer in one sentence (English and German), shown on the
board, dropped when it belongs to another position, and its own offers not repeated."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from dame_desktop.ai.advice import DrawAnswer, DrawReason, answer_draw_offer
from dame_desktop.ai.levels import BEGINNER
from dame_desktop.core import Game, Position, Reason, Result, find_rules
from dame_desktop.core.game import drawn_material
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.family.draw import DrawOffers, draw_answer_text, offer_box

GERMAN = find_rules("german")
DEAD = "W:WK32:BK1"  # king against king


def test_every_reason_has_its_own_sentence(qapp) -> None:
    texts = {reason: draw_answer_text(reason) for reason in DrawReason}
    assert len(set(texts.values())) == len(DrawReason)
    assert texts[DrawReason.MUCH_PLAY_LEFT] == "No thanks, there is still a lot to play."
    assert texts[DrawReason.DEAD_DRAW] == "Gladly: neither of us can win this any more."
    assert texts[DrawReason.STANDS_WORSE] == "Yes, I accept: I stand worse."
    assert all(t.endswith(".") for t in texts.values())


def test_the_sentences_in_german(qapp, german) -> None:
    assert draw_answer_text(DrawReason.MUCH_PLAY_LEFT) == "Nein danke, es ist noch viel zu spielen."
    assert draw_answer_text(DrawReason.DEAD_DRAW) == "Gern, hier kann keiner von uns mehr gewinnen."
    assert draw_answer_text(DrawReason.STANDS_BETTER) == "Nein danke, ich stehe besser."
    assert draw_answer_text(DrawReason.STANDS_WORSE) == "Ja, einverstanden: Ich stehe schlechter."
    assert (
        draw_answer_text(DrawReason.STABLE_EQUAL)
        == "Einverstanden: Wir drehen uns schon eine Weile im Kreis."
    )
    assert draw_answer_text(DrawReason.UNDECIDED) == "Nein danke, noch ist nichts entschieden."
    assert draw_answer_text(DrawReason.GAME_OVER) == "Die Partie ist schon vorbei."


def test_a_child_offers_on_move_one_and_the_computer_declines(qtbot) -> None:
    game = Game(GERMAN)
    board = BoardWidget()
    qtbot.addWidget(board)
    board.set_position(game.position, game.legal_moves())
    offers = DrawOffers(board=board)
    assert offers.offer(game.position)
    assert not offers.offer(game.position), "one offer at a time"
    answer = answer_draw_offer(game.position, BEGINNER)
    text = offers.receive(answer, game.position)
    assert not answer.accept and answer.reason is DrawReason.MUCH_PLAY_LEFT
    assert text == "No thanks, there is still a lot to play."
    assert board.banner_text() == text, "the answer is shown on the board"
    assert offers.pending is None  # answered: the next offer may come
    assert not game.is_over


def test_an_answer_for_another_position_is_dropped(qtbot) -> None:
    game = Game(GERMAN, Position.from_fen(DEAD, GERMAN))
    offers = DrawOffers()
    dropped: list[DrawAnswer] = []
    offers.dropped.connect(dropped.append)
    asked = game.position
    offers.offer(asked)
    answer = answer_draw_offer(asked)
    assert answer.accept
    quiet = next(m for m in game.legal_moves() if drawn_material(game.position.play(m)))
    game.play(quiet)  # the game moved on before the answer came
    assert offers.receive(answer, game.position) is None
    assert dropped == [answer] and not game.is_over
    offers.cancel()
    offers.offer(game.position)
    fresh = answer_draw_offer(game.position)
    assert offers.receive(fresh, game.position) == "Gladly: neither of us can win this any more."
    game.agree_draw()
    assert game.result == Result(None, Reason.AGREEMENT)
    assert offers.receive(fresh, game.position) is None, "an answer counts once"


def test_the_computers_own_offer_is_not_repeated_after_a_no(qtbot) -> None:
    offers = DrawOffers()
    dead = Position.from_fen(DEAD, GERMAN)
    assert offers.computer_may_offer(dead, BEGINNER)
    box = offer_box(None, "Dame (Beginner)")
    qtbot.addWidget(box)
    assert box.text() == "Dame (Beginner) offers a draw. Do you accept?"
    box.open()
    no = box.button(QMessageBox.StandardButton.No)
    qtbot.mouseClick(no, Qt.MouseButton.LeftButton)
    assert box.clickedButton() is no
    offers.human_declined(dead)
    assert not offers.computer_may_offer(dead, BEGINNER)
    later = Position.from_fen("W:WK30:BK3", GERMAN)
    assert not offers.computer_may_offer(later, BEGINNER), "the same material: still no"
    other = Position.from_fen("W:WK29,K30:BK4", GERMAN)
    assert offers.computer_may_offer(other, BEGINNER), "the material changed"
    assert not offers.computer_may_offer(Position.start(GERMAN), BEGINNER)
    offers.reset()
    assert offers.computer_may_offer(dead, BEGINNER)
