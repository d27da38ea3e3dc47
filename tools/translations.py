"""Shared helpers of the translation tools: where the sources and catalogues are, and how
lupdate/lrelease are called.  Used by tools/update_translations.py and
tools/check_translations.py (run from anywhere)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "dame_desktop" / "ui"
SOURCES = ROOT / "translations"  # the Qt Linguist sources, top level as the design card says
CATALOGUES = ROOT / "dame_desktop" / "translations"  # the compiled .qm files, package data
LANGUAGES = ("de",)


def ts_path(language: str, folder: Path = SOURCES) -> Path:
    return folder / f"dame_{language}.ts"


def qm_path(language: str, folder: Path = CATALOGUES) -> Path:
    return folder / f"dame_{language}.qm"


def sources() -> list[Path]:
    """Every Python file of the user interface (all translation contexts live there)."""
    return sorted(p for p in UI.rglob("*.py") if "__pycache__" not in p.parts)


def tool(name: str) -> list[str]:
    """The command for pyside6-<name> (the entry point, else the binary inside PySide6)."""
    found = shutil.which(f"pyside6-{name}")
    if found:
        return [found]
    import PySide6

    binary = Path(PySide6.__file__).resolve().parent / name
    if binary.is_file():
        return [str(binary)]
    raise SystemExit(f"pyside6-{name} was not found: install PySide6-Essentials")


def lupdate(ts: Path) -> str:
    """Update ``ts`` from the sources (keeps translations, drops vanished entries)."""
    result = subprocess.run(
        [
            *tool("lupdate"),
            *map(str, sources()),
            "-locations",
            "none",
            "-no-obsolete",
            "-ts",
            str(ts),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"lupdate failed for {ts}:\n{result.stdout}{result.stderr}")
    return result.stdout


def lrelease(ts: Path, qm: Path) -> None:
    result = subprocess.run(
        [*tool("lrelease"), str(ts), "-qm", str(qm)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0 or not qm.is_file():
        raise SystemExit(f"lrelease failed for {ts}:\n{result.stdout}{result.stderr}")


@dataclass(frozen=True)
class Entry:
    context: str
    source: str
    translation: str
    finished: bool


def entries(ts: Path) -> list[Entry]:
    """Every message of a .ts file; ``finished`` is False for unfinished or empty ones."""
    out = []
    root = ET.parse(ts).getroot()
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            text = "" if translation is None else "".join(translation.itertext())
            kind = "" if translation is None else translation.get("type", "")
            finished = bool(text.strip()) and kind not in ("unfinished", "vanished", "obsolete")
            out.append(Entry(name, message.findtext("source", ""), text, finished))
    return out
