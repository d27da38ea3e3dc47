"""Annotating a studied game: comment of the current move (or of the game start), move marks
(``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!`` by button and Ctrl+1 ... Ctrl+6), and the header
editor (the seven roster tags plus any other tags).

The comment editor shows and edits the comment's own words only: the embedded commands a
program wrote (``[%eval]``, ``[%clk]``, ``[%review]``, ...) stay in the comment as they are
whatever the user types (:func:`dame_desktop.pdn.comments.with_words`)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.pdn import Game, GameNode, Headers, Nag
from dame_desktop.pdn.comments import comment_words, with_words
from dame_desktop.ui.study.marks import MARKS

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
HIDDEN_TAGS = {"GameType", "Rules", "SetUp", "FEN"}  # written by the program itself


def set_mark(node: GameNode, value: int | None) -> None:
    """Put move mark ``value`` (1-6) on ``node``, replacing another mark; None removes it."""
    kept = [n for n in node.nags if n.value not in MARKS]
    node.nags = ([Nag(value, MARKS[value])] if value is not None else []) + kept


def current_mark(node: GameNode) -> int | None:
    return next((n.value for n in node.nags if n.value in MARKS), None)


class AnnotationPanel(QWidget):
    """Below the move list: marks, the comment editor, the header button."""

    changed = Signal()  # the game was edited
    headers_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("annotationPanel")
        self._node: GameNode | None = None
        self._loading = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        marks = QHBoxLayout()
        marks.setSpacing(2)
        self.mark_buttons: dict[int, QToolButton] = {}
        for value, glyph in MARKS.items():
            button = QToolButton()
            button.setText(glyph)
            button.setCheckable(True)
            button.setObjectName(f"mark{value}")
            button.clicked.connect(lambda _checked=False, v=value: self.toggle_mark(v))
            button.setMinimumWidth(26)
            marks.addWidget(button)
            self.mark_buttons[value] = button
        marks.addStretch(1)
        self.headers_button = QPushButton()
        self.headers_button.setObjectName("headersButton")
        self.headers_button.clicked.connect(self.headers_requested)
        # never narrower than its text (beside the marks it was cut to "rtiedaten" at 800x600)
        self.headers_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        layout.addLayout(marks)
        # the label wraps and the button keeps its text: no clipping in a narrow window
        self.comment_label = QLabel()
        self.comment_label.setWordWrap(True)
        label_row = QHBoxLayout()
        label_row.addWidget(self.comment_label, 1)
        label_row.addWidget(self.headers_button, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addLayout(label_row)
        self.comment_edit = QPlainTextEdit()
        self.comment_edit.setObjectName("commentEdit")
        self.comment_edit.setMinimumHeight(48)  # grows with the panel, gives way when small
        # its size hint (192 px) must not claim the move tree's room: the column's stretch
        # factors share the height (the wrapping label above made the hint count)
        self.comment_edit.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.comment_edit.setTabChangesFocus(True)
        layout.addWidget(self.comment_edit, 1)  # the extra height goes to the editor
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(400)
        self._timer.timeout.connect(self.commit_comment)
        self.comment_edit.textChanged.connect(self._on_text_changed)
        self.retranslate()

    def retranslate(self) -> None:
        names = {
            1: self.tr("good move"),
            2: self.tr("mistake"),
            3: self.tr("very good move"),
            4: self.tr("blunder"),
            5: self.tr("interesting move"),
            6: self.tr("dubious move"),
        }
        for value, button in self.mark_buttons.items():
            button.setToolTip(
                self.tr("%1 %2 (Ctrl+%3)")
                .replace("%1", MARKS[value])
                .replace("%2", names[value])
                .replace("%3", str(value))
            )
        self.headers_button.setText(self.tr("Game details…"))
        self.comment_edit.setPlaceholderText(self.tr("Write a comment…"))
        self._label()

    def _label(self) -> None:
        node = self._node
        is_move = node is not None and node.parent is not None
        self.comment_label.setText(
            self.tr("Comment on this move:")
            if is_move
            else self.tr("Comment before the first move:")
        )

    def set_node(self, node: GameNode | None) -> None:
        """Show the annotations of ``node`` (the root: the comment before the first move)."""
        self.commit_comment()
        self._node = node
        self._loading = True
        self.comment_edit.setPlainText(comment_words(node.comment) if node is not None else "")
        self._loading = False
        is_move = node is not None and node.parent is not None
        self._label()
        mark = current_mark(node) if node is not None and is_move else None
        for value, button in self.mark_buttons.items():
            button.setEnabled(is_move)
            button.setChecked(value == mark)
        self.setEnabled(node is not None)

    def node(self) -> GameNode | None:
        return self._node

    def _on_text_changed(self) -> None:
        if not self._loading:
            self._timer.start()

    def commit_comment(self) -> None:
        """Store the editor's words in the node's comment, its commands kept (done 0.4 s
        after typing stops)."""
        self._timer.stop()
        node = self._node
        if node is None:
            return
        comment = with_words(node.comment, self.comment_edit.toPlainText())
        if comment != node.comment:
            node.comment = comment
            self.changed.emit()

    def toggle_mark(self, value: int) -> None:
        node = self._node
        if node is None or node.parent is None:
            return
        set_mark(node, None if current_mark(node) == value else value)
        mark = current_mark(node)
        for v, button in self.mark_buttons.items():
            button.setChecked(v == mark)
        self.changed.emit()


class HeaderDialog(QDialog):
    """Edit the game's tags: the roster in a form, other tags in a two-column table."""

    def __init__(self, game: Game, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("headerDialog")
        self.setWindowTitle(self.tr("Game details"))
        self.game = game
        layout = QVBoxLayout(self)
        form = QFormLayout()
        labels = {
            "Event": self.tr("Event"),
            "Site": self.tr("Site"),
            "Date": self.tr("Date"),
            "Round": self.tr("Round"),
            "White": self.tr("White (light)"),
            "Black": self.tr("Black (dark)"),
            "Result": self.tr("Result"),
        }
        self.fields: dict[str, QLineEdit] = {}
        for name in ROSTER:
            edit = QLineEdit(game.headers.get(name, ""))
            edit.setObjectName(f"tag{name}")
            form.addRow(labels[name], edit)
            self.fields[name] = edit
        self.fields["Date"].setPlaceholderText(self.tr("YYYY.MM.DD"))
        self.fields["Result"].setPlaceholderText("2-0, 1-1, 0-2, 1-0, 1/2-1/2, 0-1, *")
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("Other tags:")))
        others = [
            (k, v) for k, v in game.headers.items() if k not in ROSTER and k not in HIDDEN_TAGS
        ]
        self.table = QTableWidget(len(others), 2)
        self.table.setObjectName("otherTags")
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Value")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, (name, value) in enumerate(others):
            self.table.setItem(row, 0, QTableWidgetItem(name))
            self.table.setItem(row, 1, QTableWidgetItem(value))
        layout.addWidget(self.table, 1)
        row_buttons = QHBoxLayout()
        add = QPushButton(self.tr("Add tag"))
        add.clicked.connect(self.add_row)
        remove = QPushButton(self.tr("Remove tag"))
        remove.clicked.connect(self._remove_row)
        row_buttons.addWidget(add)
        row_buttons.addWidget(remove)
        row_buttons.addStretch(1)
        layout.addLayout(row_buttons)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(460, 480)

    def add_row(self, name: str = "", value: str = "") -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(name if isinstance(name, str) else ""))
        self.table.setItem(row, 1, QTableWidgetItem(value))
        self.table.setCurrentCell(row, 0)

    def _remove_row(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)

    def headers(self) -> Headers:
        """The edited tags; raises ValueError naming a bad tag name or value."""
        result = Headers()
        for name in ROSTER:
            value = self.fields[name].text().strip()
            if value or name in self.game.headers:
                result[name] = value or ("*" if name == "Result" else "?")
        for key in HIDDEN_TAGS:
            if key in self.game.headers:
                result[key] = self.game.headers[key]
        for row in range(self.table.rowCount()):
            name_item, value_item = self.table.item(row, 0), self.table.item(row, 1)
            name = name_item.text().strip() if name_item is not None else ""
            value = value_item.text().strip() if value_item is not None else ""
            if not name:
                continue
            if name in ROSTER or name in HIDDEN_TAGS:
                raise ValueError(self.tr("The tag %1 cannot be set here.").replace("%1", name))
            try:
                result[name] = value
            except ValueError:
                raise ValueError(
                    self.tr(
                        "%1 is not a valid tag name: use letters, digits "
                        "and _, starting with a letter."
                    ).replace("%1", name)
                ) from None
        return result

    def accept(self) -> None:
        try:
            headers = self.headers()
        except ValueError as exc:
            QMessageBox.warning(self, self.tr("Game details"), str(exc))
            return
        self.game.headers = headers
        super().accept()
