"""The new-game and rules dialogs, the texts module, and the program's entry point."""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
import subprocess
import sys

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPalette, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from dame_desktop.core import PRESETS, SWITCHES, CaptureRule, Color, Reason, Result, find_rules
from dame_desktop.ui.dialogs.new_game import NewGameDialog
from dame_desktop.ui.dialogs.rules import RulesDialog
from dame_desktop.ui.words import rules as rule_texts
from dame_desktop.ui.words import texts


def tick(check: QCheckBox) -> None:
    """A real click on a check box's box."""
    QTest.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))


def shown(qtbot, dialog: QWidget) -> None:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)


def test_rules_dialog_shows_every_switch_and_the_matching_preset(qtbot):
    dialog = RulesDialog(find_rules("german"))
    shown(qtbot, dialog)
    label = dialog.match_label
    assert label.text() == "German (Schmidt)"
    helps = {w.text() for w in dialog.findChildren(QLabel)}
    for switch in SWITCHES:
        if switch.name in rule_texts.HIDDEN_SWITCHES:
            continue
        assert switch.name in dialog._editors
        assert rule_texts.switch_help(switch) in helps, f"no help line for {switch.name}"
    huffing = dialog._editors["huffing"]
    assert isinstance(huffing, QCheckBox)
    dialog.scroll_area.ensureWidgetVisible(huffing)
    tick(huffing)
    assert huffing.isChecked()
    assert label.text() == "German (Schmidt) + with huffing"
    custom = dialog.rules()
    assert custom.huffing and custom.is_custom
    tick(huffing)
    assert label.text() == "German (Schmidt)"
    assert dialog.rules() is find_rules("german")
    # choosing a preset (here with the keyboard) loads all its switches
    dialog.preset_box.setFocus()
    QTest.keyClick(dialog.preset_box, Qt.Key.Key_Down)
    QTest.keyClick(dialog.preset_box, Qt.Key.Key_Down)
    assert dialog.preset_box.currentData() == "english"
    flying, first = dialog._editors["flying-kings"], dialog._editors["first"]
    assert isinstance(flying, QCheckBox) and isinstance(first, QComboBox)
    assert not flying.isChecked()
    assert first.currentData() == "black"
    assert label.text() == texts.rules_name(find_rules("english"))


def test_the_capture_choice_is_offered_once(qtbot):
    """ "Which capture" and "largest capture compulsory" were two controls for one rule."""
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    assert "largest-capture" not in dialog._editors
    fields = [s.field for s in SWITCHES if s.name in dialog._editors]
    assert len(fields) == len(set(fields)), "each rule parameter has one control"
    combo = dialog._editors["capture-rule"]
    assert isinstance(combo, QComboBox)
    assert [combo.itemData(i) for i in range(combo.count())] == [c.value for c in CaptureRule]
    # the command line's shortcut still works on the dialog
    dialog.set_switch("largest-capture", "on")
    assert combo.currentData() == "max" and dialog.rules().capture_rule is CaptureRule.MAX


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
    from dame_desktop.ui.words.names import result_text

    german = find_rules("german")
    assert result_text(Result(None, Reason.REPETITION), german).startswith("Draw: ")
    text = result_text(Result(Color.WHITE, Reason.NO_MOVES), german, {Color.WHITE: "Anna"})
    assert text == "Anna wins with Light: Dark cannot move."
    for reason in Reason:
        assert texts.reason_text(reason)
    for preset in PRESETS:
        assert texts.rules_name(preset)


def test_entry_point_help_runs_without_a_display():
    out = subprocess.run(
        [sys.executable, "-m", "dame_desktop", "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0 and "dame-desktop" in out.stdout


def test_ten_by_ten_game_in_the_window(window, qtbot):
    from tests.ui.uihelp import drag, start

    start(window, rules=find_rules("international"))
    assert window.board.position().rules.board_size == 10
    with qtbot.waitSignal(window.controller.move_played, timeout=2000):
        drag(window.board, 31, 26)
    assert window.model.entries()[0].text == "31-26"


@pytest.mark.slow
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
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
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


# -- the mouse wheel scrolls the page, not the field under it (defect 4) ----------


def wheel(widget: QWidget, notches: int = -1) -> None:
    """A real wheel turn over the middle of ``widget`` (negative: towards the user)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_an_unfocused_field_scrolls_the_rules_page(qtbot):
    dialog = RulesDialog(find_rules("german"))
    shown(qtbot, dialog)
    dialog.preset_box.setFocus()
    bar = dialog.scroll_area.verticalScrollBar()
    assert bar.maximum() > 0, "the page is longer than the dialog at its default size"
    quiet = dialog._editors["quiet-plies"]
    first = dialog._editors["first"]
    assert isinstance(quiet, QSpinBox) and isinstance(first, QComboBox)
    assert quiet.value() == 80 and first.currentData() == "white"
    for field in (quiet, first, dialog._editors["landing"]):
        before = bar.value()
        for _ in range(3):
            wheel(field)
        assert bar.value() > before, "the page scrolled"
    assert quiet.value() == 80 and first.currentData() == "white"
    assert dialog.match_label.text() == "German (Schmidt)", "the rules stayed German"
    assert dialog.rules() is find_rules("german")
    # a field the user clicked into takes the wheel
    dialog.scroll_area.ensureWidgetVisible(quiet)
    QTest.mouseClick(quiet, Qt.MouseButton.LeftButton, pos=QPoint(8, quiet.height() // 2))
    assert quiet.hasFocus()
    wheel(quiet, 1)
    assert quiet.value() == 81


def test_the_wheel_leaves_the_fields_of_every_dialog_alone(qtbot, tmp_path, monkeypatch):
    from dame_desktop.store.settings import Preferences
    from dame_desktop.ui.dialogs.preferences import PreferencesDialog

    new_game = NewGameDialog(find_rules("german"))
    prefs = PreferencesDialog(Preferences())
    for dialog in (new_game, prefs):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
    fields: list[tuple[int, QComboBox | QSpinBox]] = [
        (-1, new_game.level_box),
        (-1, new_game.rules_box),
    ]
    for index in range(prefs.tabs.count()):
        page = prefs.tabs.widget(index)
        assert page is not None
        fields += [
            (index, w) for w in page.findChildren(QWidget) if isinstance(w, QComboBox | QSpinBox)
        ]
    assert len(fields) >= 8
    for tab, field in fields:
        if tab >= 0:
            prefs.tabs.setCurrentIndex(tab)
        assert field.isVisible()
        field.window().setFocus()
        before = field.currentIndex() if isinstance(field, QComboBox) else field.value()
        notches = -1 if before == 0 else 1  # towards a value that exists
        wheel(field, notches)
        after = field.currentIndex() if isinstance(field, QComboBox) else field.value()
        assert after == before, f"{field.accessibleName() or field.objectName()} changed"
        assert field.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert prefs.preferences() == Preferences()


# -- the rules page: no sideways scrolling, readable help, family words (defect 5) ----------


def _inside_viewport(dialog: RulesDialog) -> list[str]:
    viewport = dialog.scroll_area.viewport()
    wide = []
    for name, widget in list(dialog._editors.items()) + list(dialog._help_labels.items()):
        right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
        if right > viewport.width():
            wide.append(f"{name}: {right} > {viewport.width()}")
    return wide


def test_the_rules_page_wraps_instead_of_scrolling_sideways(qtbot):
    dialog = RulesDialog(find_rules("german").with_switches(["huffing=on"]))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for size in (None, (800, 600), (1, 1)):  # default, 800×600, the smallest it allows
        if size is not None:
            dialog.resize(*size)
        QApplication.processEvents()
        assert not dialog.scroll_area.horizontalScrollBar().isVisible(), size
        assert _inside_viewport(dialog) == [], size
        for label in dialog._help_labels.values():
            assert label.wordWrap()


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_help_lines_are_readable(qtbot):
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    base = dialog.font().pointSizeF()
    for name, label in dialog._help_labels.items():
        group = QPalette.ColorGroup.Active if label.isEnabled() else QPalette.ColorGroup.Disabled
        palette = label.palette()
        text = palette.color(group, label.foregroundRole())
        ground = palette.color(group, label.backgroundRole())
        assert contrast(text, ground) >= 4.5, f"{name}: {text.name()} on {ground.name()}"
        assert label.font().pointSizeF() >= 0.85 * base, name


@pytest.fixture
def german(qapp):
    """The German catalogue installed, as the window does (removed afterwards)."""
    from PySide6.QtCore import QTranslator

    from dame_desktop.ui.app.i18n import translations_dir

    translator = QTranslator()
    assert translator.load("dame_de", str(translations_dir()))
    QApplication.installTranslator(translator)
    yield translator
    QApplication.removeTranslator(translator)
    QApplication.processEvents()


def _all_texts(dialog: RulesDialog) -> list[str]:
    out = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QCheckBox)]
    for combo in dialog.findChildren(QComboBox):
        out += [combo.itemText(i) for i in range(combo.count())]
    for spin in dialog.findChildren(QSpinBox):
        out += [spin.suffix(), spin.specialValueText()]
    return [t for t in out if t]


# words a family does not use, or uses only with an explanation next to it
JARGON = (
    "FMJD",
    "ruhig",
    "quiet",
    "plies",
    " ply",
    "Schalter",
    "switch",
    "Mehrheitsschlag",
    "Umwandlung",
    "promotion",
)


def jargon(words: list[str]) -> list[tuple[str, str]]:
    """Jargon and switch syntax (huffing=on) in ``words``; the presets' names aside."""
    names = {texts.rules_name(p) for p in PRESETS}
    found = [(j, t) for t in words if t not in names for j in JARGON if j.lower() in t.lower()]
    return found + [("=", t) for t in words if re.search(r"\w=\w", t)]


def test_the_rules_speak_a_familys_words_in_english(qtbot):
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    words = _all_texts(dialog)
    assert len(words) > 60
    assert jargon(words) == []


def test_the_rules_speak_a_familys_words_in_german(qtbot, german):
    dialog = RulesDialog(find_rules("german"))
    qtbot.addWidget(dialog)
    words = _all_texts(dialog)
    assert "Fliegende Damen (ziehen beliebig weit)" in words
    assert "Halbzug" in dialog._help_labels["quiet-plies"].text()
    assert jargon(words) == []
    QApplication.removeTranslator(german)
    english = {rule_texts.switch_help(s) for s in SWITCHES}
    english |= {rule_texts.switch_label(s) for s in SWITCHES}
    QApplication.installTranslator(german)
    assert not english & set(words), "every label and help line is translated"


def test_the_new_game_dialog_names_the_house_rules(qtbot):
    rules = find_rules("german").with_switches(["men-capture-backward=on", "huffing=on"])
    dialog = NewGameDialog(rules)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.rules_box.currentText() == "German (Schmidt) with house rules"
    assert dialog.rules_note.isVisible()
    assert dialog.rules_note.text() == "House rules: men also capture backward, with huffing"

    seen: list[str] = []

    def in_rules_dialog() -> None:
        rules_dialog = QApplication.activeModalWidget()
        assert isinstance(rules_dialog, RulesDialog)
        try:
            huffing = rules_dialog._editors["huffing"]
            assert isinstance(huffing, QCheckBox)
            rules_dialog.scroll_area.ensureWidgetVisible(huffing)
            tick(huffing)
            seen.append(rules_dialog.match_label.text())
            buttons = rules_dialog.findChild(QDialogButtonBox)
            assert buttons is not None
            ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
            ok.click()
        finally:
            if rules_dialog.isVisible():  # never leave the test waiting
                rules_dialog.reject()

    from PySide6.QtCore import QTimer

    QTimer.singleShot(200, in_rules_dialog)
    QTest.mouseClick(dialog.rules_button, Qt.MouseButton.LeftButton)
    assert seen == ["German (Schmidt) + men also capture backward"]
    assert dialog.rules_note.text() == "House rules: men also capture backward"
    assert dialog.settings().rules.men_capture_backward
    assert not dialog.settings().rules.huffing
    # back to the plain preset: no note
    dialog.rules_box.setFocus()
    QTest.keyClick(dialog.rules_box, Qt.Key.Key_Home)
    assert dialog.settings().rules is find_rules("german")
    assert not dialog.rules_note.isVisible()


def test_house_rules_in_words_for_every_switch(qapp):
    german = find_rules("german")
    for switch in SWITCHES:
        if switch.name in rule_texts.HIDDEN_SWITCHES:
            continue
        for value in switch.choices or ("on", "off", "0", "7"):
            try:
                rules = german.with_switches({switch.name: value})
            except Exception:
                continue
            text = rule_texts.describe_rules(rules, german)
            if rules == german:
                assert text == "German (Schmidt)"
            else:
                assert text.startswith("German (Schmidt) + "), text
                assert "=" not in text, text
                assert not re.search(r": (on|off)\b", text), f"no words for {switch.name}"


# -- Game › Rules in the middle of a game (defect 3, the dialog's side) ---------------------


def test_new_rules_can_take_over_a_game_from_its_position():
    from dame_desktop.core import Game
    from dame_desktop.core.rules_change import Blocker, continue_under, rules_change

    game = Game(find_rules("german"))
    for move in ("21-17", "10-14", "17x10"):
        game.play(move)
    backward = find_rules("german").with_switches(["men-capture-backward=on"])
    change = rules_change(game, backward)
    assert change.changed and change.can_continue and change.blockers == ()
    assert not rules_change(game, find_rules("german")).changed
    same_but_named = dataclasses.replace(find_rules("german"), name="x", key="y")
    assert not rules_change(game, same_but_named).can_continue
    going_on = continue_under(game, backward)
    assert going_on.rules is backward and going_on.position == game.position
    assert going_on.position.turn is Color.BLACK and going_on.position.rules is backward
    assert going_on.moves == game.moves and not going_on.is_over, "the moves are kept"
    assert all(s.position.rules is backward for s in going_on.states)
    going_on.undo()  # the moves before the change are taken back as before
    before = game.states[-2].position
    now = going_on.position
    assert (now.white, now.black, now.kings, now.turn) == (
        before.white,
        before.black,
        before.kings,
        before.turn,
    )
    assert rules_change(game, find_rules("international")).blockers == (Blocker.BOARD,)
    assert Blocker.NUMBERING in rules_change(game, find_rules("italian")).blockers


def test_positions_the_new_rules_cannot_take_over():
    from dame_desktop.core import Game, Position, RulesError
    from dame_desktop.core.rules_change import Blocker, continue_under, rules_change

    german = find_rules("german")
    huffing = german.with_switches(["huffing=on"])
    # an uncrowned man on its crowning row (a set-up the old rules let through)
    odd = Game(german, Position.from_fen("W:W2,30:B12", german))
    assert rules_change(odd, huffing).blockers == (Blocker.MAN_ON_CROWNING_ROW,)
    with pytest.raises(RulesError, match="man-on-crowning-row"):
        continue_under(odd, huffing)
    # a huffing decision that is still open
    game = Game(huffing, Position.from_fen("W:W22,30:B18", huffing))
    game.play("30-26")  # 22x13 was compulsory
    assert game.pending_huff is not None
    assert Blocker.HUFF_PENDING in rules_change(game, german).blockers
    # a finished game
    over = Game(german, Position.from_fen("B:W22:B", german))
    assert over.is_over and Blocker.GAME_OVER in rules_change(over, huffing).blockers


def test_every_blocker_has_a_sentence(qapp):
    from dame_desktop.core.rules_change import Blocker

    sentences = {rule_texts.blocker_text(b) for b in Blocker}
    assert len(sentences) == len(Blocker) and all(s.endswith(".") for s in sentences)


# -- Help › About names the compiled modules in use ----------------------------------------


def _about_box_text(qtbot) -> str:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    from dame_desktop.ui.dialogs import help as help_dialog

    seen: list[str] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        box.accept()

    QTimer.singleShot(200, read)
    help_dialog.show_about(None)
    assert len(seen) == 1
    return seen[0]


def test_about_says_which_modules_are_compiled(qtbot):
    from dame_desktop import __version__
    from dame_desktop.ui.dialogs.help import compiled_modules

    text = _about_box_text(qtbot)
    assert text.startswith(f"Dame {__version__}\n")
    assert f"Python {sys.version_info.major}.{sys.version_info.minor}" in text
    names = compiled_modules()
    if names is None:
        pytest.skip("this build has no dame_desktop.native yet")
    if names:
        assert "Compiled (native) modules in use: " + ", ".join(names) + "." in text
    else:
        assert "pure Python" in text


def test_about_in_pure_python_says_so():
    import importlib.util

    if importlib.util.find_spec("dame_desktop.native") is None:
        pytest.skip("this build has no dame_desktop.native yet")
    code = (
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from dame_desktop.ui.dialogs.help import about_text\n"
        "print(about_text())\n"
    )
    import os

    env = dict(os.environ, DAME_PURE="1", QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    assert "No compiled modules in use: the program runs as pure Python." in done.stdout


def _answer_with(qtbot, button_name: str | None, game, rules):
    """Run ask_new_rules and click ``button_name`` in its question (None: expect none)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox, QPushButton

    from dame_desktop.ui.dialogs.rules import ask_new_rules

    seen: list[str] = []

    def click() -> None:
        # the rules question (it always offers to keep the game); a box another test left
        # open is not it
        boxes = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox)
            and w.isVisible()
            and w.findChild(QPushButton, "keepButton") is not None
        ]
        if not boxes:
            return
        box = boxes[0]
        try:
            seen.append(box.text() + "\n" + box.informativeText())
            names = [b.objectName() for b in box.findChildren(QPushButton) if b.isVisible()]
            seen.append(",".join(sorted(n for n in names if n)))
            button = box.findChild(QPushButton, button_name or "")
            assert button is not None, names
            button.click()  # as a mouse click does: pressed, released, clicked
        finally:
            if box.isVisible():
                box.reject()

    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(click)
    timer.start(200)
    answer = ask_new_rules(None, game, rules)
    timer.stop()  # no question came: the click must not hit a later one
    return answer, seen


def test_new_rules_in_the_middle_of_a_game_ask_first(qtbot):
    from dame_desktop.core import Game
    from dame_desktop.ui.dialogs.rules import RulesAnswer

    german = find_rules("german")
    backward = german.with_switches(["men-capture-backward=on"])
    game = Game(german)
    assert _answer_with(qtbot, None, game, backward) == (RulesAnswer.NEW_GAME, []), (
        "no move yet: nothing to lose, no question"
    )
    game.play("21-17")
    assert _answer_with(qtbot, None, game, german) == (RulesAnswer.NOTHING, [])
    answer, seen = _answer_with(qtbot, "continueButton", game, backward)
    assert answer is RulesAnswer.CONTINUE
    assert seen[0].startswith("The rules are now: German (Schmidt) + men also capture backward.")
    assert seen[1] == "continueButton,keepButton,newGameButton"
    assert _answer_with(qtbot, "keepButton", game, backward)[0] is RulesAnswer.CANCEL
    assert _answer_with(qtbot, "newGameButton", game, backward)[0] is RulesAnswer.NEW_GAME
    # another board: no going on, the reason is named
    answer, seen = _answer_with(qtbot, "newGameButton", game, find_rules("international"))
    assert answer is RulesAnswer.NEW_GAME
    assert "The new rules are played on another board." in seen[0]
    assert seen[1] == "keepButton,newGameButton"


REAL_WHEEL = """
import subprocess, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from dame_desktop.core import find_rules
from dame_desktop.ui.dialogs.rules import RulesDialog
app = QApplication(sys.argv[:1])
d = RulesDialog(find_rules("german")); d.move(0, 0); d.show()
spin = d._editors["quiet-plies"]
bar = d.scroll_area.verticalScrollBar()
seen = {}
def point():
    d.activateWindow(); d.preset_box.setFocus()
    d.scroll_area.ensureWidgetVisible(spin); app.processEvents()
    seen["before"] = bar.value()
    p = spin.mapToGlobal(spin.rect().center())
    subprocess.run(["xdotool", "mousemove", str(p.x()), str(p.y())], check=True)
    QTimer.singleShot(300, turn)
def turn():
    subprocess.run(["xdotool", "click", "--repeat", "3", "--delay", "50", "5"], check=True)
    QTimer.singleShot(700, report)
def report():
    print(spin.value(), seen["before"], bar.value(), d.match_label.text(), flush=True)
    app.quit()
QTimer.singleShot(800, point)
app.exec()
"""


@pytest.mark.skipif(
    not (shutil.which("xvfb-run") and shutil.which("xdotool")),
    reason="needs xvfb-run and xdotool for a real X wheel",
)
def test_a_real_x_wheel_scrolls_the_rules_page(tmp_path):
    """Three wheel clicks from the X server over the unfocused half-move field (Xvfb)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env["QT_QPA_PLATFORM"] = "xcb"
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", sys.executable, "-c", REAL_WHEEL],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    value, before, after, match = done.stdout.strip().splitlines()[-1].split(" ", 3)
    assert value == "80" and match == "German (Schmidt)"
    assert int(after) > int(before), "the page scrolled"
