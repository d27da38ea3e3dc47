"""A clocked hot-seat game on the bare harness: the clocks chosen in the time-control widget,
pressed before each move, and the game lost on time, named by player."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.core import Clock, Color, Move, Reason, Result, find_rules
from dame_desktop.core.clock import ClockEventKind
from dame_desktop.ui.family.clocks import ClocksPanel
from dame_desktop.ui.family.time_control import TimeControlWidget
from dame_desktop.ui.words.names import result_text
from tests.ui.family.harness import HotSeat

RULES = find_rules("german").with_switches(["touch-move=on"])
W, B = Color.WHITE, Color.BLACK
NAMES = {W: "Mama", B: "Paul"}


class ClockedHotSeat(HotSeat):
    def __init__(self, qtbot, panel: ClocksPanel) -> None:
        self.panel = panel
        super().__init__(qtbot, RULES)
        panel.flagged.connect(self.flag)

    def play(self, move: Move) -> None:
        if any(e.kind is ClockEventKind.FLAG for e in self.panel.press()):
            return  # the time had run out before the move
        super().play(move)

    def flag(self, colour: Color) -> None:
        if not self.game.is_over:
            self.game.time_out(colour)
        self.panel.stop()
        self.show()


def test_a_clocked_hot_seat_game(qtbot, fake_time) -> None:
    choice = TimeControlWidget()
    qtbot.addWidget(choice)
    choice.set_players(RULES, NAMES)
    choice.show()
    choice.choice_box.setFocus()
    for _ in range(4):
        QTest.keyClick(choice.choice_box, Qt.Key.Key_Down)  # 3 min + 2 s
    panel = ClocksPanel(time_source=fake_time)
    qtbot.addWidget(panel)
    panel.set_clock(Clock(*choice.value()), RULES, NAMES)
    panel.show()
    table = ClockedHotSeat(qtbot, panel)
    panel.start(table.game.position.turn)
    fake_time.advance(10)
    table.click(22)  # touched: bound by the rule
    table.click(18)
    assert [m.full_text() for m in table.played] == ["22-18"]
    assert panel.face(W).time_text() == "2:52", "three minutes less ten seconds plus two"
    assert panel.face(B).is_running()
    fake_time.advance(181)
    with qtbot.waitSignal(panel.flagged, timeout=10_000) as flag:
        pass
    assert flag.args == [B]
    assert table.game.result == Result(W, Reason.TIME)
    assert (
        result_text(table.game.result, RULES, NAMES)
        == "Mama wins with Light: Paul ran out of time."
    )
    assert table.board.moves() == [] and not table.touch.straighten_action.isEnabled()
    table.drag(11, 15)
    assert len(table.played) == 1, "nothing is played after the flag"
