"""Languages: the whole window switches between English and German at run time, and every
source string has a finished German translation."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QCheckBox, QDialogButtonBox, QMenu

from dame_desktop.core import Position, find_rules
from dame_desktop.store.settings import Preferences, load_preferences, save_preferences
from dame_desktop.ui.app.i18n import translations_dir
from dame_desktop.ui.app.main_window import MainWindow
from dame_desktop.ui.app.session import Session
from dame_desktop.ui.dialogs.new_game import NewGameDialog
from dame_desktop.ui.dialogs.rules import RulesDialog
from tests.ui.uihelp import running_session

ROOT = Path(__file__).resolve().parents[3]
TOOLS = ROOT / "tools"


@pytest.fixture
def session(qtbot, tmp_path, monkeypatch) -> Iterator[tuple[Session, MainWindow]]:
    """The program as it starts, in English, with its files in tmp_path."""
    yield from running_session(qtbot, tmp_path, monkeypatch, "en")


def menu_titles(win: MainWindow) -> list[str]:
    return [a.text() for a in win.menuBar().actions()]


def test_switching_the_language_retranslates_every_open_window(session, qtbot, tmp_path):
    s, win = session
    assert "&Game" in menu_titles(win) and "&Help" in menu_titles(win)
    assert win.turn_label.text() == "Light to move"
    new_game = NewGameDialog(win.controller.rules, win.play.settings, win)
    rules = RulesDialog(win.controller.rules, win)
    new_game.show()
    rules.show()
    help_dialog = s.show_help("rules")
    prefs = s.show_preferences()
    assert prefs.windowTitle() == "Preferences"

    # the user picks German in the open preferences dialog
    prefs.language_box.setCurrentIndex(prefs.language_box.findData("de"))
    qtbot.waitUntil(lambda: "&Partie" in menu_titles(win), timeout=3000)

    assert {"&Datei", "&Partie", "&Ansicht", "&Einstellungen", "&Hilfe"} <= set(menu_titles(win))
    assert win.action("new").text() == "&Neue Partie…"
    assert win.turn_label.text() == "Hell ist am Zug"  # the status bar
    assert win.rules_label.text() == "Regeln: Deutsch (Schmidt)"
    assert prefs.windowTitle() == "Einstellungen"
    assert prefs.tabs.tabText(0) == "Allgemein"
    assert new_game.windowTitle() == "Neue Partie"
    assert new_game.lots_radio.text() == "Auslosen"
    level_names = [new_game.level_box.itemText(i) for i in range(new_game.level_box.count())]
    assert level_names == ["Anfänger", "Leicht", "Mittel", "Schwer", "Meister"]
    buttons = new_game.findChild(QDialogButtonBox)
    assert buttons is not None
    cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel.text() == "Abbrechen"  # Qt's own qtbase_de
    assert rules.windowTitle() == "Regeln"
    assert "Blasen (Stein wegnehmen)" in [box.text() for box in rules.findChildren(QCheckBox)]
    assert "Schlagzwang" in help_dialog.rules_view.toPlainText()
    assert help_dialog.tabs.tabText(1) == "Strategie-Tipps"
    win.show_message(win.tr("It is not your turn."))
    assert win.statusBar().currentMessage() == "Du bist nicht am Zug."
    assert load_preferences().value.language == "de"  # saved at once

    # and back to English
    prefs.language_box.setCurrentIndex(prefs.language_box.findData("en"))
    qtbot.waitUntil(lambda: "&Game" in menu_titles(win), timeout=3000)
    assert new_game.windowTitle() == "New game"
    assert win.turn_label.text() == "Light to move"
    assert "compulsory" in help_dialog.rules_view.toPlainText()
    for dialog in (new_game, rules):
        dialog.close()


def test_a_german_start_shows_german_texts_from_the_first_frame(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DAME_CONFIG_DIR", str(tmp_path))
    save_preferences(Preferences(language="de", opponent="human"))
    s = Session()
    win = MainWindow(start_game=False)
    qtbot.addWidget(win)
    try:
        s.attach(win)
        s.begin()
        assert win.actions_table.menus["game"].title() == "&Partie"
        assert win.turn_label.text() == "Hell ist am Zug"
        assert s.menus["help"].title() == "&Hilfe"
        # every menu (and the menu bar) has unique keyboard accelerators in German too
        menus = [(win.menuBar().actions(), "menu bar")]
        menus += [
            (menu.actions(), a.text())
            for a in win.menuBar().actions()
            if isinstance(menu := a.menu(), QMenu)
        ]
        for actions, name in menus:
            keys = [
                t.lower()[t.index("&") + 1]
                for t in (a.text().replace("&&", "") for a in actions)
                if "&" in t
            ]
            assert len(keys) == len(set(keys)), f"{name}: accelerators {keys}"
    finally:
        s.languages.set_language("en")
        QApplication.processEvents()
        win.shutdown()


def test_the_position_as_text_follows_the_language_and_the_rules(session, qtbot):
    s, win = session
    rules = find_rules("german")
    position = Position.from_fen("W:WK27,21:B5", rules)
    assert win.position_text(position) == "Light: man 21; king 27. Dark: man 5. Light to move."
    s.languages.set_language("de")
    QApplication.processEvents()
    assert win.position_text(position).startswith("Hell: ")
    assert win.position_text(position).endswith("Hell ist am Zug.")
    assert win.board.accessibleDescription().endswith("Hell ist am Zug.")


def test_the_compiled_catalogue_is_where_the_program_looks():
    assert (translations_dir() / "dame_de.qm").is_file()


def _load_tools() -> object:
    spec = importlib.util.spec_from_file_location("translations", TOOLS / "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("translations", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_source_string_has_a_finished_german_translation():
    result = subprocess.run(
        [sys.executable, str(TOOLS / "check_translations.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_the_translation_check_fails_on_a_missing_translation(tmp_path):
    """A string whose German text was removed is listed, and so is a stale .qm."""
    shutil.copy(ROOT / "translations" / "dame_de.ts", tmp_path / "dame_de.ts")
    shutil.copy(translations_dir() / "dame_de.qm", tmp_path / "dame_de.qm")
    ts = tmp_path / "dame_de.ts"
    text = ts.read_text(encoding="utf-8")
    needle = "<translation>Du musst schlagen</translation>"
    assert needle in text
    ts.write_text(
        text.replace(needle, '<translation type="unfinished"></translation>', 1), encoding="utf-8"
    )
    result = subprocess.run(
        [sys.executable, str(TOOLS / "check_translations.py"), "--folder", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert "'You must capture' has no finished translation" in result.stderr
    assert "does not match" in result.stderr
    tools = _load_tools()
    unfinished = [e for e in tools.entries(ts) if not e.finished]  # type: ignore[attr-defined]
    assert [e.source for e in unfinished] == ["You must capture"]


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "expected"), [("de_DE.UTF-8", "de"), ("fr_FR.UTF-8", "en")])
def test_the_language_follows_the_system(tmp_path, lang, expected):
    """With the preference "system", a German desktop gets German, any other English."""
    script = (
        "import sys\n"
        "from dame_desktop.ui.compat import keep_none_alive; keep_none_alive()\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication(sys.argv[:1])\n"
        "from dame_desktop.ui.app.session import Session\n"
        "from dame_desktop.ui.app.main_window import MainWindow\n"
        "s = Session(); w = MainWindow(start_game=False)\n"
        'print(s.language, w.actions_table.menus["game"].title()); w.shutdown()\n'
    )
    env = dict(
        os.environ,
        DAME_CONFIG_DIR=str(tmp_path),
        QT_QPA_PLATFORM="offscreen",
        LANG=lang,
        LC_ALL=lang,
        LANGUAGE="",
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    menu = "&Partie" if expected == "de" else "&Game"
    assert result.stdout.split() == [expected, menu]
