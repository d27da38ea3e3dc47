"""Loading and switching the user-interface language at run time.

Our catalogue ``dame_<lang>.qm`` lives in ``dame_desktop/translations`` (found the same way
from a checkout, an installed wheel and a PyInstaller bundle); Qt's own ``qtbase_<lang>.qm``
comes from Qt's translations folder, so standard dialogs speak the same language.
Installing or removing a translator posts ``LanguageChange`` to every widget, which
retranslates itself.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

SUPPORTED = ("en", "de")


def translations_dir() -> Path:
    """The folder holding our compiled catalogues."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidate = Path(bundle) / "dame_desktop" / "translations"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[2] / "translations"


def system_language() -> str:
    """The system's UI language if we support it, else English."""
    for name in QLocale.system().uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in SUPPORTED:
            return code
    return "en"


class LanguageManager:
    """Owns the installed translators; ``set_language`` swaps them."""

    def __init__(self) -> None:
        self._app = QTranslator()
        self._qt = QTranslator()
        self._installed = False
        self.language = "en"

    def set_language(self, language: str) -> str:
        """Switch to ``language`` ("de", "en" or "system"); returns the language in effect."""
        if language == "system":
            language = system_language()
        if language not in SUPPORTED:
            log.warning("unsupported language %r, using English", language)
            language = "en"
        if self._installed:
            QCoreApplication.removeTranslator(self._app)
            QCoreApplication.removeTranslator(self._qt)
            self._installed = False
        self._app = QTranslator()
        self._qt = QTranslator()
        self.language = language
        if language != "en":
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if self._qt.load(QLocale(language), "qtbase", "_", qt_dir):
                QCoreApplication.installTranslator(self._qt)
            else:
                log.info("Qt's own %s translation was not found in %s", language, qt_dir)
            if self._app.load(f"dame_{language}", str(translations_dir())):
                QCoreApplication.installTranslator(self._app)
            else:
                log.warning("translation dame_%s.qm not found in %s", language, translations_dir())
            self._installed = True
        QLocale.setDefault(QLocale(language))
        return language
