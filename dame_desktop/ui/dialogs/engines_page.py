"""Preferences › Engines: the Hub engines the user added and the engine in use.

Add… asks for an executable, starts it, does the Hub handshake (with a wait cursor and a
short timeout: the handshake blocks), shows the name and the variants it declares and keeps
it; Remove forgets the chosen one; "Engine in use" picks the built-in engine or one of the
list.  Every change is announced with ``changed(engines, engine)`` (the preferences dialog
turns it into new preferences).  Where the rules in use are not a variant the engine
declares, the built-in engine speaks (the panel names the engine that speaks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dame_desktop.engines import EngineError, HubEngine
from dame_desktop.engines.base import EngineInfo
from dame_desktop.store.settings import ENGINES_MAX, EngineEntry
from dame_desktop.ui.words.engine_texts import fault_reason_text

PROBE_TIMEOUT = 8.0
"""Seconds an added engine has to start and finish the handshake."""


def probe_engine(path: str) -> EngineInfo:
    """Start the engine at ``path``, shake hands, stop it (raises EngineError)."""
    return HubEngine.probe(path, timeout=PROBE_TIMEOUT)


class EnginesPage(QWidget):
    """See the module docstring."""

    changed = Signal(object, str)  # tuple[EngineEntry, ...], the path in use ("" = built-in)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("enginesPage")
        self.engines: tuple[EngineEntry, ...] = ()
        self.engine = ""
        self._updating = False
        self.error_box: QMessageBox | None = None
        self.choose_file: Callable[[], str] = self._choose_file  # tests answer it themselves
        self.probe: Callable[[str], EngineInfo] = probe_engine
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setObjectName("engineList")
        layout.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton()
        self.add_button.setObjectName("engineAdd")
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("engineRemove")
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        form = QFormLayout()
        self.in_use = QComboBox()
        self.in_use.setObjectName("engineInUse")
        self.in_use_label = QLabel()
        self.in_use_label.setBuddy(self.in_use)
        form.addRow(self.in_use_label, self.in_use)
        layout.addLayout(form)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.add_button.clicked.connect(self.add_engine)
        self.remove_button.clicked.connect(self.remove_engine)
        self.list.currentRowChanged.connect(lambda _row: self._sync_buttons())
        self.in_use.currentIndexChanged.connect(self._on_in_use)
        self.retranslate()

    # -- values ---------------------------------------------------------------------------------

    def set_values(self, engines: Sequence[EngineEntry], engine: str) -> None:
        """Show ``engines`` and the one in use (without announcing it)."""
        self.engines, self.engine = tuple(engines), engine
        self._fill()

    def _fill(self) -> None:
        self._updating = True
        try:
            row = self.list.currentRow()
            self.list.clear()
            for entry in self.engines:
                item = QListWidgetItem(self._entry_text(entry))
                item.setToolTip(entry.path)
                item.setData(Qt.ItemDataRole.UserRole, entry.path)
                self.list.addItem(item)
            if self.engines:
                self.list.setCurrentRow(max(0, min(row, len(self.engines) - 1)))
            self.in_use.clear()
            self.in_use.addItem(self.tr("Dame (built in)"), "")
            for entry in self.engines:
                self.in_use.addItem(self._engine_label(entry), entry.path)
                self.in_use.setItemData(
                    self.in_use.count() - 1, entry.path, Qt.ItemDataRole.ToolTipRole
                )
            self.in_use.setCurrentIndex(max(0, self.in_use.findData(self.engine)))
        finally:
            self._updating = False
        self._sync_buttons()

    def _engine_label(self, entry: EngineEntry) -> str:
        """An external engine told apart from ours and from each other, whatever it calls
        itself: "dame (Hub engine, …/bin/dame)"."""
        parts = Path(entry.path).parts
        where = entry.path if len(parts) <= 3 else str(Path("…", *parts[-2:]))
        return (
            self.tr("%1 (Hub engine, %2)")
            .replace("%1", entry.name or Path(entry.path).name)
            .replace("%2", where)
        )

    def _entry_text(self, entry: EngineEntry) -> str:
        variants = ", ".join(entry.variants) if entry.variants else self.tr("none declared")
        return (
            self.tr("%1 — variants: %2")
            .replace("%1", self._engine_label(entry))
            .replace("%2", variants)
        )

    def _sync_buttons(self) -> None:
        self.remove_button.setEnabled(self.list.currentRow() >= 0)
        self.add_button.setEnabled(len(self.engines) < ENGINES_MAX)

    def _announce(self) -> None:
        self._fill()
        self.changed.emit(self.engines, self.engine)

    # -- what the user does -----------------------------------------------------------------------

    def _choose_file(self) -> str:
        path, _filter = QFileDialog.getOpenFileName(self, self.tr("Choose an engine"))
        return path

    def add_engine(self) -> bool:
        """Choose an executable, shake hands with it and keep it (it becomes the one in
        use); False when nothing was added."""
        path = self.choose_file()
        if not path:
            return False
        QGuiApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            info = self.probe(path)
        except EngineError as exc:
            QGuiApplication.restoreOverrideCursor()
            self._error(
                self.tr("%1 cannot be used as an engine: %2")
                .replace("%1", path)
                .replace("%2", fault_reason_text(exc.fault))
            )
            return False
        QGuiApplication.restoreOverrideCursor()
        entry = EngineEntry(path, info.name, tuple(info.variants))
        others = tuple(e for e in self.engines if e.path != path)
        self.engines = (*others, entry)[-ENGINES_MAX:]
        self.engine = path
        self._announce()
        self.list.setCurrentRow(len(self.engines) - 1)
        return True

    def remove_engine(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self.engines):
            return
        gone = self.engines[row]
        self.engines = self.engines[:row] + self.engines[row + 1 :]
        if self.engine == gone.path:
            self.engine = ""
        self._announce()

    def _on_in_use(self, index: int) -> None:
        if self._updating or index < 0:
            return
        self.engine = str(self.in_use.itemData(index) or "")
        self.changed.emit(self.engines, self.engine)

    def _error(self, text: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning, self.tr("Engine"), text, QMessageBox.StandardButton.Ok, self
        )
        box.setObjectName("engineErrorBox")
        self.error_box = box
        box.open()

    # -- texts ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.add_button.setText(self.tr("&Add…"))
        self.add_button.setToolTip(
            self.tr("Choose the program of an engine that speaks the Hub protocol")
        )
        self.remove_button.setText(self.tr("&Remove"))
        self.in_use_label.setText(self.tr("Engine in &use:"))
        self.note.setText(
            self.tr(
                "The engine analyses, gives the hints and plays as the "
                "computer wherever the rules in use are a variant it "
                "declares; everywhere else the built-in engine does. The "
                "analysis panel and the players' names say which engine "
                "speaks."
            )
        )
        self._fill()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
