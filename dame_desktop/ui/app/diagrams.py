"""Diagrams and print: File › Export diagram…, Edit › Copy diagram, File › Print…, File ›
Export PDF….

A diagram is the shown position drawn by the Qt-free SVG writer (:mod:`dame_desktop.diagram`)
as draughts books print it: the board turned as it is shown, numbers or coordinates, the last
move, the arrows and circles, the sides named above and below, a stipulation line ("White to
move", to be finished by the user: "…and wins") and the FEN.  PNG and the clipboard's image
are that SVG drawn by Qt.  Print and PDF lay out a whole game (:mod:`.print_game`).

The drawing and printing modules are imported when first used, so the window starts without
them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QMimeData, QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.core import Color, Move, Position
from dame_desktop.ui.actions import ActionSpec
from dame_desktop.ui.board.widget import BoardWidget
from dame_desktop.ui.words.texts import side_name

if TYPE_CHECKING:
    from dame_desktop import pdn
    from dame_desktop.diagram.svg import Diagram

SIZE_MIN = 120
SIZE_MAX = 4000


class DiagramHost(Protocol):
    """What the diagram and print commands need of the window."""

    def shown_position(self) -> Position: ...
    def shown_last_move(self) -> Move | None: ...
    def printed_game(self) -> pdn.Game: ...
    def dialog_parent(self) -> QWidget: ...
    def show_message(self, text: str) -> None: ...


@dataclass(frozen=True)
class DiagramOptions:
    """What the user chose for a diagram (the export dialog's fields)."""

    labels: str = "numbers"  # "none", "numbers" or "coordinates"
    flipped: bool = False
    last_move: bool = True
    marks: bool = True
    top: str = ""
    bottom: str = ""
    stipulation: str = ""
    fen: bool = True
    size: int = 400


class DiagramController(QObject):
    """The diagram and print commands (see the module docstring)."""

    def __init__(
        self, host: DiagramHost, board: BoardWidget, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.board = board
        self.dialog: DiagramDialog | None = None
        self.print_dialog: QDialog | None = None
        self.size = 400

    def action_specs(self) -> list[ActionSpec]:
        return [
            ActionSpec(
                "exportDiagram",
                lambda: self.tr("Export &diagram…"),
                self.ask_export,
                menu="file",
                separator_before=True,
                order=50,
            ),
            ActionSpec(
                "exportPdf",
                lambda: self.tr("E&xport game as PDF…"),
                lambda: self.ask_print(pdf=True),
                menu="file",
                order=50,
            ),
            ActionSpec(
                "print",
                lambda: self.tr("Pri&nt game…"),
                lambda: self.ask_print(pdf=False),
                menu="file",
                shortcuts=("Ctrl+P",),
                order=50,
            ),
            ActionSpec(
                "copyDiagram",
                lambda: self.tr("Copy dia&gram"),
                self.copy_diagram,
                menu="edit",
                shortcuts=("Ctrl+Shift+D",),
            ),
        ]

    # -- the shown position as a diagram -------------------------------------------------

    def default_options(self) -> DiagramOptions:
        """The diagram as the board shows it now."""
        position = self.host.shown_position()
        board = self.board
        flipped = board.is_flipped()
        top, bottom = (Color.WHITE, Color.BLACK) if flipped else (Color.BLACK, Color.WHITE)
        labels = (
            "numbers"
            if board.shows_numbers()
            else "coordinates"
            if board.shows_coordinates()
            else "none"
        )
        return DiagramOptions(
            labels=labels,
            flipped=flipped,
            top=side_name(position.rules, top),
            bottom=side_name(position.rules, bottom),
            stipulation=self.tr("%1 to move").replace(
                "%1", side_name(position.rules, position.turn)
            ),
            size=self.size,
        )

    def diagram(self, options: DiagramOptions) -> Diagram:
        from dame_desktop.diagram.svg import Diagram

        marks = self.board.marks() if options.marks else None
        return Diagram(
            self.host.shown_position(),
            flipped=options.flipped,
            labels=options.labels,  # type: ignore[arg-type]
            last_move=self.host.shown_last_move() if options.last_move else None,
            arrows=marks.arrows if marks else (),
            circles=marks.circles if marks else (),
            top=options.top,
            bottom=options.bottom,
            stipulation=options.stipulation,
            fen=options.fen,
            size=options.size,
        )

    def svg(self, options: DiagramOptions) -> str:
        from dame_desktop.diagram.svg import render_svg

        return render_svg(self.diagram(options))

    def export(self, path: str | Path, options: DiagramOptions) -> bool:
        """Write the diagram to ``path`` (.svg, or .png drawn by Qt); says what went wrong."""
        from dame_desktop.store.files import StorageError, atomic_write_bytes

        target = Path(path)
        kind = target.suffix.lower()
        if kind not in (".svg", ".png"):
            self.host.show_message(
                self.tr("A diagram is saved as .svg or .png, not as %1").replace("%1", target.name)
            )
            return False
        svg = self.svg(options)
        if kind == ".svg":
            data = svg.encode("utf-8")
        else:
            from dame_desktop.ui.diagram_png import png_bytes, svg_image

            data = png_bytes(svg_image(svg, options.size))
        try:
            atomic_write_bytes(target, data)
        except StorageError as exc:
            self.host.show_message(
                self.tr("The diagram could not be saved: %1").replace("%1", str(exc))
            )
            return False
        self.size = options.size
        self.host.show_message(self.tr("Diagram saved as %1").replace("%1", str(target)))
        return True

    def ask_export(self) -> None:
        """File › Export diagram…: the options and the file name in one dialog."""
        dialog = DiagramDialog(self.default_options(), self.host.dialog_parent())
        self.dialog = dialog

        def done() -> None:
            path = dialog.path()
            if path and not self.export(path, dialog.options()):
                dialog.show()  # keep what the user typed; the status bar says why

        dialog.accepted.connect(done)
        dialog.finished.connect(lambda _code: _delete_unless_shown(dialog))
        dialog.open()

    def copy_diagram(self) -> None:
        """Edit › Copy diagram: the shown position as an image (and as SVG) to paste."""
        from dame_desktop.ui.diagram_png import svg_image

        svg = self.svg(self.default_options())
        data = QMimeData()
        data.setImageData(svg_image(svg))
        data.setData("image/svg+xml", svg.encode("utf-8"))
        QGuiApplication.clipboard().setMimeData(data)
        self.host.show_message(self.tr("Diagram copied"))

    # -- print and PDF -------------------------------------------------------------------

    def ask_print(self, pdf: bool) -> None:
        """File › Print… or Export game as PDF…: how many diagrams, then the printer or file."""
        from dame_desktop.ui.app.print_game import PrintDialog

        look = self.default_options()
        dialog = PrintDialog(
            self.host.printed_game(), pdf, look.labels, look.flipped, self.host.dialog_parent()
        )
        dialog.message.connect(self.host.show_message)
        dialog.finished.connect(lambda _code: _delete_unless_shown(dialog))
        self.print_dialog = dialog
        dialog.open()


def _delete_unless_shown(dialog: QDialog) -> None:
    """A dialog made anew each time goes once answered -- unless it was shown again (a file
    name that cannot be written keeps it open with what the user typed)."""
    if not dialog.isVisible():
        dialog.deleteLater()


class DiagramDialog(QDialog):
    """The diagram's options and the file to write."""

    def __init__(self, options: DiagramOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diagramDialog")
        self.setWindowTitle(self.tr("Export diagram"))
        self._base = options
        form = QFormLayout()
        row = QHBoxLayout()
        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("diagramPath")
        self.path_edit.setMinimumWidth(280)
        self.path_edit.setPlaceholderText(self.tr("diagram.svg or diagram.png"))
        self.path_edit.setAccessibleName(self.tr("File"))
        browse = QPushButton(self.tr("&Choose…"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse)
        form.addRow(self.tr("&File:"), row)
        self.labels_box = QComboBox()
        self.labels_box.setObjectName("diagramLabels")
        for key, text in (
            ("none", self.tr("None")),
            ("numbers", self.tr("Square numbers")),
            ("coordinates", self.tr("Coordinates (a1-h8)")),
        ):
            self.labels_box.addItem(text, key)
        self.labels_box.setCurrentIndex(max(0, self.labels_box.findData(options.labels)))
        form.addRow(self.tr("&Labels:"), self.labels_box)
        self.flip_check = QCheckBox(self.tr("&Turned (the second side at the bottom)"))
        self.flip_check.setChecked(options.flipped)
        form.addRow(self.flip_check)
        self.last_check = QCheckBox(self.tr("Show the &last move"))
        self.last_check.setChecked(options.last_move)
        form.addRow(self.last_check)
        self.marks_check = QCheckBox(self.tr("Show the &arrows and circles"))
        self.marks_check.setChecked(options.marks)
        form.addRow(self.marks_check)
        self.top_edit = QLineEdit(options.top)
        form.addRow(self.tr("Name &above:"), self.top_edit)
        self.bottom_edit = QLineEdit(options.bottom)
        form.addRow(self.tr("Name &below:"), self.bottom_edit)
        self.stipulation_edit = QLineEdit(options.stipulation)
        self.stipulation_edit.setObjectName("diagramStipulation")
        form.addRow(self.tr("&Stipulation:"), self.stipulation_edit)
        self.fen_check = QCheckBox(self.tr("Print the &FEN under the diagram"))
        self.fen_check.setChecked(options.fen)
        form.addRow(self.fen_check)
        self.size_spin = QSpinBox()
        self.size_spin.setRange(SIZE_MIN, SIZE_MAX)
        self.size_spin.setValue(options.size)
        self.size_spin.setSuffix(" px")
        form.addRow(self.tr("&Width:"), self.size_spin)
        for label_row in range(form.rowCount()):  # Alt+letter of a label goes to its field
            item = form.itemAt(label_row, QFormLayout.ItemRole.LabelRole)
            field = form.itemAt(label_row, QFormLayout.ItemRole.FieldRole)
            label = item.widget() if item is not None else None
            target = field.widget() if field is not None else None
            inner = field.layout() if field is not None else None
            if target is None and inner is not None:
                first = inner.itemAt(0)
                target = first.widget() if first is not None else None
            if isinstance(label, QLabel) and target is not None:
                label.setBuddy(target)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export diagram"),
            self.path_edit.text(),
            self.tr("SVG image (*.svg);;PNG image (*.png)"),
        )
        if name:
            if not Path(name).suffix:
                name += ".svg"
            self.path_edit.setText(name)

    def _accept(self) -> None:
        if not self.path_edit.text().strip():
            self._browse()
        if self.path_edit.text().strip():
            self.accept()

    def path(self) -> str:
        return self.path_edit.text().strip()

    def options(self) -> DiagramOptions:
        return replace(
            self._base,
            labels=str(self.labels_box.currentData()),
            flipped=self.flip_check.isChecked(),
            last_move=self.last_check.isChecked(),
            marks=self.marks_check.isChecked(),
            top=self.top_edit.text().strip(),
            bottom=self.bottom_edit.text().strip(),
            stipulation=self.stipulation_edit.text().strip(),
            fen=self.fen_check.isChecked(),
            size=self.size_spin.value(),
        )
