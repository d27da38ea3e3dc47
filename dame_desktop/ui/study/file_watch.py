"""Notice a listed file that another program changes while its game list is open.

:class:`ListedFileWatcher` watches one file (the one the game list shows) with a
``QFileSystemWatcher``.  Programs write files in steps, and many replace them by renaming a
new file over the old one (the watcher then loses the path): every change notice is taken
again for the path and waits until the notices stop for :data:`SETTLE_MS` before
``settled`` is emitted, once per burst of changes.  Whether the content really changed is
the listener's question (``PdnDocument.changed_on_disk`` compares the bytes).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

SETTLE_MS = 300
"""Quiet time after the last change notice before the file is looked at."""


class ListedFileWatcher(QObject):
    """See the module docstring."""

    settled = Signal(object)  # Path: the watched file changed (or went) and is quiet now

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_changed)
        self._watcher.directoryChanged.connect(self._on_directory)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._on_settled)

    def watch(self, path: Path | None) -> None:
        """Watch ``path`` (None: nothing) instead of what was watched."""
        self._timer.stop()
        old = self._watcher.files() + self._watcher.directories()
        if old:
            self._watcher.removePaths(old)
        self.path = path
        if path is not None:
            # the folder too: a file replaced by a rename is seen there when the file's
            # own watch is gone
            self._watcher.addPath(str(path.parent))
            self._watcher.addPath(str(path))

    def _on_changed(self, name: str) -> None:
        if self.path is None or Path(name) != self.path:
            return
        self._rewatch()
        self._timer.start()

    def _on_directory(self, name: str) -> None:
        if self.path is None or str(self.path) in self._watcher.files():
            return
        if self.path.exists():  # the file came back (renamed over): watch it again
            self._rewatch()
            self._timer.start()

    def _rewatch(self) -> None:
        path = self.path
        if path is not None and str(path) not in self._watcher.files() and path.exists():
            self._watcher.addPath(str(path))

    def _on_settled(self) -> None:
        if self.path is not None:
            self.settled.emit(self.path)
