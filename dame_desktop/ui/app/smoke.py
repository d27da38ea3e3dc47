"""``Dame --smoke-test [GAME.pdn]``: prove that a build of the program really works.

Starts the real main window offscreen, checks that the bundled resources load (icon,
Qt's German translation), opens the PDN file given on the command line (when the PDN
reader is part of this build), lets the computer make one move at the weakest level in
the AI worker thread, checks the window shows the result and quits. Exit status 0 when
everything worked; otherwise 1 with the failed step and the reason on stderr (3 when the
watchdog had to stop a step that hung). CI and ``packaging/build.py --smoke-test`` run it
on the built bundle, where missing files or Qt plugins show up.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

FLAG = "--smoke-test"
TIMEOUT_SECONDS = 120.0  # the whole test; one step normally takes well under a second
MOVE_TIMEOUT_MS = 60_000


class SmokeFailure(Exception):
    """A step of the smoke test failed; the message is the reason shown to the user."""


def _say(text: str) -> None:
    print(f"smoke: {text}", flush=True)


def _files(argv: Sequence[str]) -> list[Path]:
    """The file arguments: everything after the program name that is not an option."""
    return [Path(a) for a in list(argv)[1:] if not a.startswith("-")]


_APP: list[Any] = []  # keeps a QApplication made here alive until the interpreter exits


def _application() -> Any:
    from PySide6.QtWidgets import QApplication

    from dame_desktop.ui.compat import keep_none_alive

    keep_none_alive()  # the same PySide6 6.12.0 work-around as app.main
    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication([sys.argv[0] if sys.argv else "Dame"])
        app.setApplicationName("Dame")
        _APP.append(app)
    return app


def _dispose(window: Any) -> None:
    """Close the window, stop its AI thread and delete it while Qt is still running."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window.close()
    shutdown = getattr(window, "shutdown", None)
    if callable(shutdown):
        shutdown()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def _check_resources() -> str:
    """The bundled app icon renders and Qt's own German catalogue loads."""
    from importlib.resources import files

    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
    from PySide6.QtGui import QIcon

    icon_file = files("dame_desktop") / "resources" / "icons" / "dame.svg"
    if not icon_file.is_file():
        raise SmokeFailure(f"the app icon is missing: {icon_file}")
    icon = QIcon(str(icon_file))
    pixmap = icon.pixmap(32, 32)
    if pixmap.isNull() or pixmap.width() != 32:
        raise SmokeFailure("the SVG app icon does not render (Qt's SVG plugin is missing?)")
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QTranslator()
    if not translator.load(QLocale("de"), "qtbase", "_", folder):
        raise SmokeFailure(f"Qt's German translation qtbase_de.qm is missing in {folder}")
    return f"icon renders, qtbase_de loads from {folder}; {_check_catalogues()}"


def _check_catalogues() -> str:
    """Every compiled catalogue of ours that the build carries loads."""
    from PySide6.QtCore import QTranslator

    try:
        from dame_desktop.ui.app.i18n import translations_dir
    except ImportError:
        return "no language manager in this build"
    folder = translations_dir()
    found = sorted(folder.glob("dame_*.qm"))
    if not found:
        return f"no compiled dame_*.qm in {folder}"
    for qm in found:
        if not QTranslator().load(qm.stem, str(folder)):
            raise SmokeFailure(f"the catalogue {qm} does not load")
    return "catalogues " + ", ".join(qm.stem for qm in found)


def _read_pdn(path: Path) -> tuple[Any, str]:
    """The position at the end of the first game's main line, and a line for the log.

    Returns (None, reason) when this build has no PDN reader.
    """
    if not path.is_file():
        raise SmokeFailure(f"no such file: {path}")
    read_game: Callable[..., Any] | None = None
    for module_name in ("dame_desktop.pdn", "dame_desktop.pdn.reader"):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and module_name.startswith(exc.name):
                continue
            raise
        read_game = getattr(module, "read_game", None)
        if read_game is not None:
            break
    if read_game is None:
        return None, f"{path.name} exists; this build has no PDN reader, so it is not read"
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        game = read_game(handle)
    if game is None:
        raise SmokeFailure(f"{path}: no game in the file")
    errors = list(getattr(game, "errors", []))
    if errors:
        raise SmokeFailure(f"{path}: {errors[0]}")
    end = game.end()
    position = end.position() if callable(end.position) else end.position
    plies = end.ply() if callable(getattr(end, "ply", None)) else "?"
    return position, f"{path.name}: {plies} plies read, {position.rules.name} rules"


def _wait_for(signal: Any, timeout_ms: int) -> list[Any]:
    """Run the event loop until ``signal`` fires; return its arguments or fail on timeout."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    received: list[Any] = []

    def on_signal(*args: Any) -> None:
        received.extend(args)
        received.append(True)
        loop.quit()

    signal.connect(on_signal)
    QTimer.singleShot(timeout_ms, loop.quit)
    if not received:
        loop.exec()
    signal.disconnect(on_signal)
    if not received:
        raise SmokeFailure(f"nothing happened within {timeout_ms / 1000:.0f} s")
    return received[:-1]


def _computer_move(window: Any, start: Any) -> str:
    """Give the side to move in ``start`` to the computer (weakest level) and wait."""
    from dame_desktop.ai import BEGINNER
    from dame_desktop.core import Color
    from dame_desktop.ui.app.game_controller import ComputerPlayer, HumanPlayer

    mover = start.turn
    other = Color.BLACK if mover == Color.WHITE else Color.WHITE
    players = {
        mover: ComputerPlayer(window.client, BEGINNER, rng=random.Random(1)),
        other: HumanPlayer("smoke test"),
    }
    legal = start.legal_moves()
    if not legal:
        raise SmokeFailure(f"no legal move in the position {start.fen()}")
    controller = window.controller
    settings = dataclasses.replace(
        window.play.settings, rules=start.rules, against_computer=True, colour=other
    )
    window.play.start_game(settings, players, start)
    (move,) = _wait_for(controller.move_played, MOVE_TIMEOUT_MS)
    if move not in legal:
        raise SmokeFailure(f"the computer played {move}, which is not legal in {start.fen()}")
    expected = start.play(move).fen()
    now = controller.game.position.fen()
    if now != expected:
        raise SmokeFailure(f"after the computer's move the game shows {now}, not {expected}")
    board = getattr(window.board, "position", None)
    shown = board() if callable(board) else board
    if shown is not None and shown.fen() != expected:
        raise SmokeFailure(f"the board shows {shown.fen()}, the game is at {expected}")
    return f"{start.move_text(move)} in {start.fen()}"


def _steps(argv: Sequence[str], state: dict[str, Any]) -> list[tuple[str, Callable[[], str]]]:
    files = _files(argv)
    if len(files) > 1:
        raise SmokeFailure(f"give at most one PDN file, not {len(files)}")

    def qt() -> str:
        state["app"] = app = _application()
        return f"Qt platform '{app.platformName()}'"

    def window() -> str:
        from dame_desktop.ui.app.main_window import MainWindow

        state["window"] = win = MainWindow()
        win.show()
        state["app"].processEvents()
        if not win.isVisible():
            raise SmokeFailure("the main window did not become visible")
        picture = win.grab()
        if picture.isNull() or picture.width() < 100:
            raise SmokeFailure("the main window did not paint")
        return f"main window {picture.width()}x{picture.height()} '{win.windowTitle()}'"

    def pdn() -> str:
        if not files:
            return "no file given"
        position, text = _read_pdn(files[0])
        state["start"] = position
        return text

    def move() -> str:
        from dame_desktop.core import Position

        win = state["window"]
        start = state.get("start") or Position.start(win.controller.rules)
        return _computer_move(win, start)

    def close() -> str:
        _dispose(state.pop("window"))
        return "window closed, AI thread stopped"

    return [
        ("start Qt", qt),
        ("resources", _check_resources),
        ("open the main window", window),
        ("read the PDN file", pdn),
        ("computer move", move),
        ("quit", close),
    ]


def run_smoke_test(argv: Sequence[str]) -> int:
    """Run the smoke test for ``argv`` (program name, ``--smoke-test``, optional file)."""
    began = time.perf_counter()
    current = ["setup"]

    def watchdog() -> None:
        print(
            f"smoke test failed: {current[0]}: still running after {TIMEOUT_SECONDS:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        os._exit(3)

    timer = threading.Timer(TIMEOUT_SECONDS, watchdog)
    timer.daemon = True
    timer.start()
    state: dict[str, Any] = {}
    try:
        for name, step in _steps(argv, state):
            current[0] = name
            t0 = time.perf_counter()
            detail = step()
            _say(f"{name}: ok, {detail} ({time.perf_counter() - t0:.2f} s)")
    except SmokeFailure as exc:
        print(f"smoke test failed: {current[0]}: {exc}", file=sys.stderr, flush=True)
        return 1
    except Exception as exc:  # any crash is a failed smoke test, reported with its type
        print(
            f"smoke test failed: {current[0]}: {type(exc).__name__}: {exc}",
            file=sys.stderr,
            flush=True,
        )
        return 1
    finally:
        timer.cancel()
        window = state.pop("window", None)
        if window is not None:
            _dispose(window)
        state.clear()
    _say(f"passed in {time.perf_counter() - began:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(run_smoke_test([sys.argv[0], FLAG, *sys.argv[1:]]))
