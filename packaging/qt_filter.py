"""Which of the files PyInstaller collected go into Dame's bundle (used by dame.spec).

PyInstaller's PySide6 hooks collect every Qt plugin and every Qt translation. Dame needs
a handful: the platform plugins for X11, Wayland, Windows, macOS and offscreen, SVG/ICO/
GIF/JPEG image formats, the SVG icon engine, input methods, and Qt's own catalogue in
German and English. Kept separate from the spec so the rules can be tested.

Destination paths look like ``PySide6/Qt/plugins/platforms/libqxcb.so`` (Linux, macOS)
or ``PySide6/plugins/platforms/qwindows.dll`` (Windows; no ``Qt`` folder there).
"""

from __future__ import annotations

import sys
from pathlib import Path

# Qt translations: only Qt's own catalogues for the languages the program speaks.
KEEP_LANGUAGES = ("de", "en")
KEEP_QT_CATALOGUES = ("qt", "qtbase")
# Qt plugins, as "<folder>/<file stem without lib/.so/.dll/.dylib>"; a folder name alone
# keeps the whole folder. Everything else under Qt/plugins is left out.
KEEP_PLUGINS = (
    "platforms/qxcb",
    "platforms/qoffscreen",
    "platforms/qminimal",
    "platforms/qwayland",
    "platforms/qwindows",
    "platforms/qdirect2d",
    "platforms/qcocoa",
    "xcbglintegrations",
    "wayland-shell-integration/xdg-shell",
    "wayland-decoration-client/bradient",
    "wayland-graphics-integration-client/qt-plugin-wayland-egl",
    "platforminputcontexts/composeplatforminputcontextplugin",
    "platforminputcontexts/ibusplatforminputcontextplugin",
    "platformthemes/qxdgdesktopportal",
    "imageformats/qsvg",
    "imageformats/qico",
    "imageformats/qgif",
    "imageformats/qjpeg",
    "iconengines/qsvgicon",
    "styles",
)
# Python-level Qt modules and standard-library parts the program never imports.
EXCLUDES = [
    "PySide6.QtNetwork",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtQuickWidgets",
    "PySide6.QtOpenGL",
    "PySide6.QtOpenGLWidgets",
    "PySide6.QtSql",
    "PySide6.QtTest",
    "PySide6.QtDesigner",
    "PySide6.QtUiTools",
    "PySide6.QtHelp",
    "PySide6.QtConcurrent",
    "PySide6.QtXml",
    "PySide6.QtDBus",
    "tkinter",
    "unittest",
    "pydoc",
    "pydoc_data",
    "lib2to3",
    "xmlrpc",
    "test",
    "_hashlib",  # hashlib falls back to its built-in hashes; saves OpenSSL's 4.6 MB libcrypto
    "_ssl",
    "ssl",
]
# Qt libraries that only the left-out plugins and modules need.
DROP_LIBRARIES = (
    "Qt6Network",
    "Qt6Qml",
    "Qt6Quick",
    "Qt6OpenGLWidgets",
    "Qt6Pdf",
    "Qt6VirtualKeyboard",
    "Qt6EglFS",
    "Qt6Sql",
    "Qt6Test",
)


def _norm(dest: str) -> str:
    return dest.replace("\\", "/")


def _stem(filename: str) -> str:
    stem = filename.split(".", 1)[0]
    return stem[3:] if stem.startswith("lib") else stem


def keep(dest: str) -> bool:
    """Whether a collected file (by its destination path in the bundle) stays in."""
    dest = _norm(dest)
    in_qt = dest.startswith("PySide6/")
    if in_qt and "/translations/" in dest and dest.endswith(".qm"):
        name = dest.rsplit("/", 1)[1][: -len(".qm")]
        catalogue, _, language = name.partition("_")
        return catalogue in KEEP_QT_CATALOGUES and language.split("_")[0] in KEEP_LANGUAGES
    if in_qt and "/plugins/" in dest:
        rel = dest.split("/plugins/", 1)[1]
        folder, _, filename = rel.partition("/")
        if not filename:
            return True
        key = f"{folder}/{_stem(filename)}"
        return any(key == k or folder == k for k in KEEP_PLUGINS)
    name = dest.rsplit("/", 1)[-1]
    return not any(_stem(name).startswith(prefix) for prefix in DROP_LIBRARIES)


def prune_unreachable(binaries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Drop shared libraries that only left-out plugins needed (Linux).

    Analysis collects the dependencies of every Qt plugin before the filter above runs, so
    e.g. the GTK platform theme's cairo/pango/gio stay behind as orphans. Roots are the
    Python extension modules, the kept Qt plugins and libpython; PyInstaller's own
    dependency scanner (ldd on Linux, which already follows dependencies transitively)
    gives what they load.
    """
    if not sys.platform.startswith("linux"):
        return binaries
    from PyInstaller.depend import bindepend

    def is_root(entry: tuple[str, str, str]) -> bool:
        dest, _src, kind = entry
        return (
            kind == "EXTENSION"
            or (_norm(dest).startswith("PySide6/") and "/plugins/" in _norm(dest))
            or Path(dest).name.startswith("libpython")
        )

    reachable: set[str] = set()
    for _dest, src, _kind in filter(is_root, binaries):
        for name, path in bindepend.get_imports(src):
            reachable.add(Path(name).name)
            if path:
                reachable.add(Path(path).name)
    return [e for e in binaries if is_root(e) or Path(e[0]).name in reachable]
