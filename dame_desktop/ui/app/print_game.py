"""A game laid out for paper: File › Print… and File › Export game as PDF….

The page: the players as a title, the other headers, then the moves in columns (number, the
first side's move, the second side's), each comment's words under its move and a diagram
after the marked moves (a move mark such as ! or ?) or after every N moves.  Laid out as a
``QTextDocument`` and printed with ``QPrinter`` (Qt Print Support, part of
PySide6-Essentials) or written with ``QPdfWriter`` (Qt GUI).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QSizeF, QUrl, Signal
from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dame_desktop import pdn
from dame_desktop.core import Color
from dame_desktop.diagram.svg import Diagram, render_svg
from dame_desktop.pdn.comments import comment_words
from dame_desktop.pdn.marks import marks_of
from dame_desktop.ui.diagram_png import svg_image
from dame_desktop.ui.study.annotation import current_mark
from dame_desktop.ui.study.marks import MARKS
from dame_desktop.ui.words.texts import side_name

HEADERS = ("Event", "Site", "Date", "Round", "Result")
PAGE_WIDTH_PX = 680  # the text width the document is laid out for (A4 with margins)


@dataclass(frozen=True)
class PrintOptions:
    """Where diagrams go: "none", "marked" (after moves with a move mark) or "every" (after
    every ``every`` moves of each side, and at the start)."""

    diagrams: str = "marked"
    every: int = 10
    diagram_size: int = 260
    labels: str = "numbers"  # on the diagrams: "numbers" or "coordinates"
    flipped: bool = False


def header_labels() -> dict[str, str]:
    """The printed names of the headers, in the user's language."""
    return {
        "Event": QCoreApplication.translate("PrintDialog", "Event"),
        "Site": QCoreApplication.translate("PrintDialog", "Site"),
        "Date": QCoreApplication.translate("PrintDialog", "Date"),
        "Round": QCoreApplication.translate("PrintDialog", "Round"),
        "Result": QCoreApplication.translate("PrintDialog", "Result"),
    }


def wants_diagram(node: pdn.ChildNode, index: int, options: PrintOptions) -> bool:
    """A diagram after the ``index``-th move (from 1) of the main line?"""
    if options.diagrams == "marked":
        return current_mark(node) is not None
    if options.diagrams == "every":
        return index % (2 * max(1, options.every)) == 0
    return False


def game_document(game: pdn.Game, options: PrintOptions) -> QTextDocument:
    """The game as a document ready to print (diagrams as image resources)."""
    doc = QTextDocument()
    doc.setPageSize(QSizeF(PAGE_WIDTH_PX, PAGE_WIDTH_PX * 1.414))
    rules = game.rules
    first = rules.first
    names = {
        c: game.headers.get("White" if c is Color.WHITE else "Black", "") or "?"
        for c in (Color.WHITE, Color.BLACK)
    }
    parts = [f"<h2>{html.escape(names[first])} – {html.escape(names[first.opponent])}</h2>"]
    label = header_labels()
    shown = [
        key for key in HEADERS if game.headers.get(key, "") not in ("", "?", "*", "????.??.??")
    ]
    rows = [
        f"<tr><td><b>{html.escape(label[key])}</b></td>"
        f"<td>{html.escape(game.headers[key])}</td></tr>"
        for key in shown
    ]
    if rows:
        parts.append("<table cellspacing='0' cellpadding='2'>" + "".join(rows) + "</table>")
    count = 0

    def diagram(node: pdn.GameNode, caption: str) -> str:
        nonlocal count
        count += 1
        position = node.position()
        marks = marks_of(node.comment, rules)
        last = node.move if isinstance(node, pdn.ChildNode) else None
        top, bottom = (Color.WHITE, Color.BLACK) if options.flipped else (Color.BLACK, Color.WHITE)
        svg = render_svg(
            Diagram(
                position,
                flipped=options.flipped,
                labels=options.labels,  # type: ignore[arg-type]
                last_move=last,
                arrows=marks.arrows,
                circles=marks.circles,
                top=side_name(rules, top),
                bottom=side_name(rules, bottom),
                stipulation=caption,
                fen=False,
                size=options.diagram_size * 2,
            )
        )
        name = f"diagram-{count}.png"
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), svg_image(svg))
        return (
            f"<tr><td colspan='3' align='center'><img src='{name}' "
            f"width='{options.diagram_size}'></td></tr>"
        )

    table = [
        "<table cellspacing='0' cellpadding='3' width='75%'>",
        f"<tr><th width='10%'></th><th align='left'>{html.escape(side_name(rules, first))}"
        f"</th><th align='left'>{html.escape(side_name(rules, first.opponent))}</th></tr>",
    ]
    if options.diagrams == "every" or game.comment.strip():
        if game.comment.strip() and comment_words(game.comment):
            table.append(
                f"<tr><td></td><td colspan='2'><i>"
                f"{html.escape(comment_words(game.comment))}</i></td></tr>"
            )
        if options.diagrams == "every":
            table.append(diagram(game, ""))
    offset = 0 if game.position().turn is first else 1
    row: list[str] | None = None  # number, the first side's move, the second side's

    def flush() -> None:
        nonlocal row
        if row is not None:
            table.append("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
        row = None

    for index, node in enumerate(game.mainline(), 1):
        ply = index - 1 + offset
        number = ply // 2 + 1
        value = current_mark(node)
        mark = MARKS[value] if value is not None else ""
        text = html.escape(node.text() + mark)
        if ply % 2 == 0:
            flush()
            row = [f"{number}.", text, ""]
        else:
            if row is None:
                row = [f"{number}.", "…", ""]
            row[2] = text
            flush()
        words = comment_words(node.comment)
        needs = wants_diagram(node, index, options)
        if words or needs:
            flush()  # the other side's move goes on after the comment, behind "…"
            if words:
                table.append(f"<tr><td></td><td colspan='2'><i>{html.escape(words)}</i></td></tr>")
            if needs:
                table.append(diagram(node, f"{number}. {node.text()}"))
    flush()
    result = game.headers.get("Result", "")
    if result and result != "*":
        table.append(f"<tr><td></td><td colspan='2'><b>{html.escape(result)}</b></td></tr>")
    table.append("</table>")
    parts.extend(table)
    doc.setHtml("".join(parts))
    return doc


def write_pdf(doc: QTextDocument, path: str | Path, title: str = "") -> None:
    """Write ``doc`` as an A4 PDF to ``path`` (through a temporary file and an atomic
    rename, like every file this program writes).  Raises OSError-based StorageError."""
    from dame_desktop.store.files import atomic_write_bytes

    target = Path(path)
    temp = target.with_name(f".{target.name}.pdf-part")
    writer = QPdfWriter(str(temp))
    writer.setTitle(title)
    writer.setCreator("Dame")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    doc.print_(writer)
    del writer  # closes the file
    try:
        data = temp.read_bytes()
    finally:
        temp.unlink(missing_ok=True)
    atomic_write_bytes(target, data)


def print_document(doc: QTextDocument, printer: QPagedPaintDevice) -> None:
    """Print ``doc`` on ``printer`` (the ``QPrinter`` the user chose in Qt's print dialog)."""
    doc.print_(printer)


class PrintDialog(QDialog):
    """How many diagrams (and for a PDF the file); then prints or writes."""

    message = Signal(str)

    def __init__(
        self,
        game: pdn.Game,
        pdf: bool,
        labels: str = "numbers",
        flipped: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("printDialog")
        self.setWindowTitle(self.tr("Export game as PDF") if pdf else self.tr("Print game"))
        self.game = game
        self.pdf = pdf
        self.labels = "coordinates" if labels == "coordinates" else "numbers"
        self.flipped = flipped
        form = QFormLayout()
        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("pdfPath")
        self.path_edit.setAccessibleName(self.tr("File"))
        if pdf:
            row = QHBoxLayout()
            browse = QPushButton(self.tr("&Choose…"))
            browse.clicked.connect(self._browse)
            row.addWidget(self.path_edit, 1)
            row.addWidget(browse)
            form.addRow(self.tr("&File:"), row)
        self.diagrams_box = QComboBox()
        self.diagrams_box.setObjectName("diagramsBox")
        self.diagrams_box.addItem(self.tr("After marked moves (!, ?, …)"), "marked")
        self.diagrams_box.addItem(self.tr("Every few moves"), "every")
        self.diagrams_box.addItem(self.tr("None"), "none")
        form.addRow(self.tr("&Diagrams:"), self.diagrams_box)
        self.every_spin = QSpinBox()
        self.every_spin.setObjectName("everySpin")
        self.every_spin.setRange(1, 100)
        self.every_spin.setValue(10)
        self.every_spin.setSuffix(" " + self.tr("moves"))
        form.addRow(self.tr("&Every:"), self.every_spin)
        self.diagrams_box.currentIndexChanged.connect(self._sync)
        self._sync()
        buttons = QDialogButtonBox(
            (QDialogButtonBox.StandardButton.Save if pdf else QDialogButtonBox.StandardButton.Ok)
            | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _sync(self) -> None:
        self.every_spin.setEnabled(self.diagrams_box.currentData() == "every")

    def options(self) -> PrintOptions:
        return PrintOptions(
            diagrams=str(self.diagrams_box.currentData()),
            every=self.every_spin.value(),
            labels=self.labels,
            flipped=self.flipped,
        )

    def document(self) -> QTextDocument:
        return game_document(self.game, self.options())

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, self.windowTitle(), self.path_edit.text(), self.tr("PDF document (*.pdf)")
        )
        if name:
            self.path_edit.setText(name if Path(name).suffix else name + ".pdf")

    def _accept(self) -> None:
        if self.pdf:
            if not self.path_edit.text().strip():
                self._browse()
            path = self.path_edit.text().strip()
            if not path:
                return
            if not path.lower().endswith(".pdf"):
                path += ".pdf"
            from dame_desktop.store.files import StorageError

            try:
                write_pdf(self.document(), path, self.windowTitle())
            except (StorageError, OSError) as exc:
                self.message.emit(self.tr("The PDF could not be saved: %1").replace("%1", str(exc)))
                return
            self.message.emit(self.tr("Game saved as %1").replace("%1", path))
            self.accept()
            return
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        chooser = QPrintDialog(printer, self)
        if chooser.exec() != QDialog.DialogCode.Accepted:
            return
        print_document(self.document(), printer)
        self.message.emit(self.tr("The game was sent to the printer"))
        self.accept()
