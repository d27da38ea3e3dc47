"""Diagrams, arrows and circles, print and PDF through the window's real widgets."""

from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from dame_desktop import pdn
from dame_desktop.pdn.comments import comment_words
from dame_desktop.pdn.marks import Marks
from dame_desktop.ui.app.print_game import PrintOptions, game_document
from tests.ui.uihelp import point

DATA = Path(__file__).resolve().parents[2] / "data" / "ui"
NS = "{http://www.w3.org/2000/svg}"


def open_marked(window, tmp_path: Path) -> Path:
    path = tmp_path / "marked_game.pdn"
    shutil.copyfile(DATA / "marked_game.pdn", path)
    assert window.document.open_path(path)
    assert window.studying()
    return path


def press_save(dialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Save)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def right_drag(board, start: int, end: int) -> None:
    QTest.mousePress(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, start)
    )
    QTest.mouseMove(board, point(board, end))
    QTest.mouseRelease(
        board, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board, end)
    )


def test_marks_in_the_file_are_shown_drawn_kept_and_saved(window, qtbot, tmp_path) -> None:
    path = open_marked(window, tmp_path)
    assert window.board.marks() == Marks((), (22,))  # the game's first comment
    window.step(1)
    assert window.board.marks() == Marks(((9, 13), (10, 14)), ())
    assert comment_words(window.study.node.comment) == "the left wing"
    assert window.study.annotation.comment_edit.toPlainText() == "the left wing"
    right_drag(window.board, 10, 14)  # the same arrow again: taken away
    right_drag(window.board, 17, 17)  # a circle
    assert window.board.marks() == Marks(((9, 13),), (17,))
    assert window.study.node.comment == "the left wing [%arrow 9-13] [%circle 17]"
    assert window.document.doc is not None and window.document.doc.modified
    window.step(1)
    assert not window.board.marks()
    window.step(-1)
    assert window.board.marks() == Marks(((9, 13),), (17,))
    assert window.document.save()
    again = pdn.read_game(io.StringIO(path.read_text(encoding="utf-8")))
    assert again is not None and not again.errors
    first = again.next()
    assert first is not None
    assert " ".join(first.comment.split()) == "the left wing [%arrow 9-13] [%circle 17]"
    assert again.comment == "A quiet opening [%circle 22]"  # the rest as it was


def test_export_diagram_as_svg_and_png(window, qtbot, tmp_path) -> None:
    open_marked(window, tmp_path)
    window.step(1)
    window.action("exportDiagram").trigger()
    dialog = window.diagrams.dialog
    assert dialog is not None and dialog.isVisible()
    target = tmp_path / "pos.svg"
    dialog.path_edit.setText(str(target))
    dialog.stipulation_edit.setText("Weiß zieht und gewinnt")
    press_save(dialog)
    root = ET.fromstring(target.read_bytes())
    words = [t.text for t in root.iter(NS + "text")]
    assert "Weiß zieht und gewinnt" in words
    position = window.shown_position()
    assert "".join(w for w in words if w and "," in w).replace(" ", "") == position.fen().replace(
        " ", ""
    )
    assert len([p for p in root.iter(NS + "polygon") if p.get("fill") == "#d55e00"]) == 2
    assert words[0] and words[0] != words[-1]  # a side named above

    window.action("exportDiagram").trigger()
    dialog = window.diagrams.dialog
    png = tmp_path / "pos.png"
    dialog.path_edit.setText(str(png))
    dialog.size_spin.setValue(300)
    press_save(dialog)
    image = QImage(str(png))
    assert image.width() == 300 and image.height() > 300
    assert "pos.png" in window.last_message


def test_a_bad_file_name_keeps_the_dialog_and_says_why(window, qtbot, tmp_path) -> None:
    window.action("exportDiagram").trigger()
    dialog = window.diagrams.dialog
    dialog.path_edit.setText(str(tmp_path / "pos.gif"))
    press_save(dialog)
    assert ".svg or .png" in window.last_message
    assert dialog.isVisible() and dialog.path_edit.text().endswith("pos.gif")
    assert list(tmp_path.glob("pos*")) == []
    dialog.reject()


def test_copy_diagram_puts_an_image_and_svg_on_the_clipboard(window, qtbot, tmp_path) -> None:
    open_marked(window, tmp_path)
    window.action("copyDiagram").trigger()
    data = QGuiApplication.clipboard().mimeData()
    assert data is not None and data.hasImage()
    image = QGuiApplication.clipboard().image()
    assert image.width() >= 120 and image.height() > image.width()
    svg = bytes(data.data("image/svg+xml").data()).decode("utf-8")
    assert svg.startswith("<?xml") and "W:W" in svg or "B:W" in svg


def game() -> pdn.Game:
    loaded = pdn.read_game(io.StringIO((DATA / "marked_game.pdn").read_text(encoding="utf-8")))
    assert loaded is not None
    return loaded


def test_the_printed_game_has_headers_moves_comments_and_diagrams(qapp) -> None:
    doc = game_document(game(), PrintOptions(diagrams="marked"))
    text = doc.toPlainText()
    assert "Anna – Ben" in text
    for words in (
        "Club evening",
        "Leipzig",
        "A quiet opening",
        "the left wing",
        "forced",
        "21-17",
        "9-13",
        "26x17!",
        "13x22",
        "17-13?",
        "16-20",
    ):
        assert words in text, words
    assert "[%arrow" not in text and "[%circle" not in text
    assert text.count("\ufffc") == 2  # an image after each of the two marked moves
    every = game_document(game(), PrintOptions(diagrams="every", every=2)).toPlainText()
    assert every.count("\ufffc") == 3  # the start, after move 2, after move 4
    none = game_document(game(), PrintOptions(diagrams="none")).toPlainText()
    assert "\ufffc" not in none


def test_export_pdf_from_the_file_menu(window, qtbot, tmp_path) -> None:
    open_marked(window, tmp_path)
    window.action("exportPdf").trigger()
    dialog = window.diagrams.print_dialog
    assert dialog is not None and dialog.isVisible()
    target = tmp_path / "game.pdf"
    dialog.path_edit.setText(str(target))
    dialog.diagrams_box.setCurrentIndex(dialog.diagrams_box.findData("every"))
    dialog.every_spin.setValue(2)
    press_save(dialog)
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) >= 1
    assert len(re.findall(rb"/Subtype\s*/Image", data)) >= 3  # the three diagrams
    assert "game.pdf" in window.last_message
    assert not dialog.isVisible()


def test_print_menu_entries_exist_with_shortcuts(window) -> None:
    assert window.action("print").shortcut().toString() == "Ctrl+P"
    menu = window.actions_table.menus["file"]
    names = [a.objectName() for a in menu.actions()]
    assert names.index("exportDiagramAction") < names.index("quitAction")
    assert {"printAction", "exportPdfAction"} <= set(names)
    assert "copyDiagramAction" in [
        a.objectName() for a in window.actions_table.menus["edit"].actions()
    ]


@pytest.mark.parametrize("flip", [False, True])
def test_the_diagram_follows_the_board(window, flip) -> None:
    window.board.set_flipped(flip)
    options = window.diagrams.default_options()
    assert options.flipped is flip
    assert options.top != options.bottom


def test_printing_goes_through_a_real_printer(qapp, tmp_path) -> None:
    from PySide6.QtPrintSupport import QPrinter

    from dame_desktop.ui.app.print_game import print_document

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)  # a printer that writes a file
    target = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(target))
    print_document(game_document(game(), PrintOptions(diagrams="marked")), printer)
    data = target.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Subtype\s*/Image", data)) >= 2


def test_the_window_starts_without_the_diagram_and_print_modules(tmp_path) -> None:
    """They are imported when first used, so the start stays fast."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from dame_desktop.ui.app.main_window import MainWindow\n"
        "w = MainWindow(start_game=False)\n"
        "late = ('dame_desktop.diagram', 'dame_desktop.ui.app.print_game',\n"
        "        'dame_desktop.ui.diagram_png', 'PySide6.QtSvg', 'PySide6.QtPrintSupport')\n"
        "print(sorted(m for m in sys.modules if m.startswith(late)))\n"
        "w.shutdown()\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DAME_CONFIG_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_the_pdf_reads_back_as_the_game(qapp, tmp_path) -> None:
    import subprocess

    from dame_desktop.ui.app.print_game import write_pdf

    target = tmp_path / "game.pdf"
    write_pdf(game_document(game(), PrintOptions(diagrams="marked")), target, "Anna - Ben")
    text = subprocess.run(
        ["pdftotext", "-layout", str(target), "-"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    for words in (
        "Anna – Ben",
        "Club evening",
        "the left wing",
        "forced",
        "26x17!",
        "13x22",
        "17-13?",
        "16-20",
    ):
        assert words in text, words
    assert "[%" not in text


def test_copy_diagram_by_its_shortcut(window, qtbot) -> None:
    QGuiApplication.clipboard().clear()
    window.activateWindow()
    window.board.setFocus()
    QTest.keyClick(
        window.board,
        Qt.Key.Key_D,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().mimeData().hasImage(), timeout=10_000)
    assert window.last_message == "Diagram copied"
