"""``dame diagram`` run as a real subprocess: SVG without Qt, PNG drawn by Qt, bad input."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dame_desktop.core import Position, find_rules

ROOT = Path(__file__).resolve().parents[2]
NS = "{http://www.w3.org/2000/svg}"


def dame(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dame_desktop.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_svg_of_a_fen_with_numbers(tmp_path: Path) -> None:
    out = tmp_path / "d.svg"
    done = dame(
        "diagram",
        "--rules",
        "english",
        "--fen",
        "B:W18,K20:B5,K12",
        "--numbers",
        "--out",
        str(out),
        "--size",
        "300",
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout == ""
    root = ET.fromstring(out.read_bytes())
    assert root.get("width") == "300"
    words = [t.text for t in root.iter(NS + "text")]
    assert words[0] == "Black" and "White" in words  # the side on 1-12 stands at the top
    assert "Black to move" in words
    assert "B:W18,K20:B5,K12" in words
    assert "32" in words


def test_flip_and_coordinates(tmp_path: Path) -> None:
    out = tmp_path / "f.svg"
    done = dame("diagram", "--rules", "german", "--coordinates", "--flip", "--out", str(out))
    assert done.returncode == 0, done.stderr
    words = [t.text for t in ET.fromstring(out.read_bytes()).iter(NS + "text")]
    assert words[0] == "Light" and "Dark" in words  # German family sets: Hell/Dunkel
    assert [w for w in words if w and len(w) == 1 and w.isalpha()] == list("hgfedcba")


def test_png_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("PySide6.QtSvg")
    out = tmp_path / "d.png"
    done = dame("diagram", "--rules", "international", "--out", str(out), "--size", "256")
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(data[16:20], "big")
    assert width == 256


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "nope", "--out", "x.svg"], "unknown rule set"),
        (["--rules", "german", "--fen", "W:Wxx", "--out", "x.svg"], "FEN"),
        (["--rules", "german", "--out", "x.gif"], ".svg or .png"),
        (["--rules", "german", "--out", "x.svg", "--size", "5"], "--size"),
        (["--rules", "german", "--out", "x.svg", "--numbers", "--coordinates"], "not allowed"),
        (["--rules", "german"], "--out"),
    ],
)
def test_bad_input_one_line_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    args = [str(tmp_path / a) if a.startswith("x.") else a for a in args]
    done = dame("diagram", *args)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert words in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_diagram_is_qt_free() -> None:
    code = (
        "import sys, dame_desktop.cli.diagram as d\n"
        "from dame_desktop.core import Position, find_rules\n"
        "from dame_desktop.diagram import render_svg\n"
        "render_svg(d.diagram_of(Position.start(find_rules('german')), 'numbers', False, "
        "300))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert Position.start(find_rules("german"))  # the probe ran the real writer
