"""The new-game and rules dialogs, the texts module, and the program's entry point."""

from __future__ import annotations

import random
import subprocess
import sys

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel

from dame_desktop.core import PRESETS, SWITCHES, CaptureRule, Color, Reason, Result, find_rules
from dame_desktop.ui import texts
from dame_desktop.ui.dialogs.new_game import NewGameDialog
from dame_desktop.ui.dialogs.rules import RulesDialog


def test_rules_dialog_shows_every_switch_and_the_matching_preset(qtbot):
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    label = dialog.match_label
    assert label.text() == "German (Schmidt)"
    helps = {w.text() for w in dialog.findChildren(QLabel)}
    for switch in SWITCHES:
        assert switch.name in dialog._editors
        assert texts.switch_help(switch) in helps, f"no help line for {switch.name}"
    huffing = dialog._editors["huffing"]
    assert isinstance(huffing, QCheckBox)
    huffing.setChecked(True)
    assert label.text() == "custom (based on German (Schmidt))"
    custom = dialog.rules()
    assert custom.huffing and custom.is_custom
    huffing.setChecked(False)
    assert label.text() == "German (Schmidt)"
    assert dialog.rules() is find_rules("german")
    # the largest-capture shortcut and the capture rule stay in step
    dialog._editors["largest-capture"].setChecked(True)
    combo = dialog._editors["capture-rule"]
    assert isinstance(combo, QComboBox) and combo.currentData() == "max"
    assert dialog.rules().capture_rule is CaptureRule.MAX
    # choosing a preset loads all its switches
    english = [p.key for p in PRESETS].index("english")
    dialog.preset_box.setCurrentIndex(english)
    dialog.preset_box.activated.emit(english)
    assert not dialog._editors["flying-kings"].isChecked()
    assert dialog._editors["first"].currentData() == "black"
    assert label.text() == texts.rules_name(find_rules("english"))


def test_new_game_dialog_settings_and_draw_lots(qtbot):
    dialog = NewGameDialog(find_rules("german"), rng=random.Random(3))
    qtbot.addWidget(dialog)
    dialog.computer_radio.setChecked(True)
    dialog.level_box.setCurrentIndex(dialog.level_box.findData("hard"))
    dialog.dark_radio.setChecked(True)
    dialog.light_name.setText("  Oma ")
    s = dialog.settings()
    assert s.against_computer and s.level_key == "hard" and s.colour is Color.BLACK
    assert s.light_name == "Oma" and not s.drawn_by_lot
    dialog.people_radio.setChecked(True)
    assert not dialog.level_box.isEnabled()
    dialog.lots_radio.setChecked(True)
    colours = {dialog.settings().colour for _ in range(20)}
    assert colours == {Color.WHITE, Color.BLACK}, "drawing lots gives either colour"
    assert dialog.settings().drawn_by_lot
    dialog.rules_box.setCurrentIndex(dialog.rules_box.findData("international"))
    dialog.rules_box.activated.emit(dialog.rules_box.currentIndex())
    assert dialog.settings().rules.board_size == 10


def test_result_texts_name_the_reason(qapp):
    assert texts.result_text(Result(None, Reason.REPETITION)).startswith("Draw: ")
    text = texts.result_text(Result(Color.WHITE, Reason.NO_MOVES), {Color.WHITE: "Anna"})
    assert text == "Anna (Light) wins: Dark cannot move."
    for reason in Reason:
        assert texts.reason_text(reason)
    for preset in PRESETS:
        assert texts.rules_name(preset)


def test_entry_point_help_runs_without_a_display():
    out = subprocess.run([sys.executable, "-m", "dame_desktop", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "dame-desktop" in out.stdout


def test_ten_by_ten_game_in_the_window(window, qtbot):
    from tests.ui.uihelp import drag, start

    start(window, rules=find_rules("international"))
    assert window.board.position().rules.board_size == 10
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        drag(window.board, 31, 26)
    assert window.model.entries()[0].text == "31-26"


def test_main_starts_and_quits_cleanly_offscreen():
    code = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from dame_desktop.ui.app.start import main\n"
        "app = QApplication(['dame-desktop'])\n"
        "QTimer.singleShot(400, app.quit)\n"
        "sys.exit(main(['dame-desktop']))\n"
    )
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 0, out.stderr[-2000:]


def test_board_surroundings_follow_a_dark_palette(qtbot):
    from PySide6.QtGui import QColor, QPalette

    from dame_desktop.core import Position
    from dame_desktop.ui.board.widget import BoardWidget

    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(500, 300)
    palette = board.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(30, 32, 36))
    board.setPalette(palette)
    board.set_position(Position.start(find_rules("german")))
    image = board.grab().toImage()
    assert image.pixelColor(5, 150) == QColor(30, 32, 36)
    assert image.pixelColor(250, 150) != QColor(30, 32, 36), "the board itself keeps its wood"


def test_the_program_icon_loads_from_the_package(qapp):
    from dame_desktop.ui.app.start import app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert 16 in [s.width() for s in icon.availableSizes()]
