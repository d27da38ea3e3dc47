"""What packaging/qt_filter.py keeps in the bundle, for the layouts of all three systems."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("qt_filter", ROOT / "packaging" / "qt_filter.py")
assert _spec is not None and _spec.loader is not None
qt_filter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(qt_filter)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/plugins/platforms/qwindows.dll",  # Windows wheels have no Qt/ folder
        "PySide6\\plugins\\styles\\qmodernwindowsstyle.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/Qt/translations/qt_en.qm",
        "PySide6/translations/qtbase_de.qm",
        "dame_desktop/translations/dame_de.qm",  # our own catalogue is never filtered
        "dame_desktop/resources/icons/dame.svg",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libicudata.so.73",
        "libQt6Gui.so.6",
    ],
)
def test_kept(dest: str) -> None:
    assert qt_filter.keep(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/imageformats/libqtiff.so",
        "PySide6/Qt/plugins/imageformats/libqpdf.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/plugins/generic/qtuiotouchplugin.dll",
        "PySide6/Qt/translations/qtbase_fr.qm",
        "PySide6/Qt/translations/qt_help_de.qm",
        "PySide6/Qt/translations/qtdeclarative_de.qm",
        "PySide6/translations/linguist_de.qm",
        "PySide6/Qt/lib/libQt6Network.so.6",
        "PySide6/Qt/lib/libQt6QuickControls2.so.6",
        "PySide6/Qt6Qml.dll",
    ],
)
def test_left_out(dest: str) -> None:
    assert not qt_filter.keep(dest)


def test_orphaned_libraries_of_dropped_plugins_are_pruned() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the dependency pruning runs on Linux only")
    pytest.importorskip("PyInstaller")
    import PySide6

    xcb = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    icccm = Path("/lib/x86_64-linux-gnu/libxcb-icccm.so.4")
    cairo = Path("/lib/x86_64-linux-gnu/libcairo.so.2")
    if not (xcb.is_file() and icccm.is_file() and cairo.is_file()):
        pytest.skip("needs PySide6's xcb plugin, libxcb-icccm4 and libcairo2 (x86-64 Debian)")
    entries = [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", str(xcb), "BINARY"),
        ("libxcb-icccm.so.4", str(icccm), "BINARY"),  # the xcb plugin links it
        ("libcairo.so.2", str(cairo), "BINARY"),  # only the dropped GTK theme needed it
    ]
    kept = [dest for dest, _src, _kind in qt_filter.prune_unreachable(entries)]
    assert kept == ["PySide6/Qt/plugins/platforms/libqxcb.so", "libxcb-icccm.so.4"]
