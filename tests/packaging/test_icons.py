"""The application icon: the SVG renders, the PNG sizes, .ico and .icns are what they claim."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "dame_desktop" / "resources" / "icons"


def _load_make_icons():
    spec = importlib.util.spec_from_file_location(
        "make_icons", ROOT / "packaging" / "make_icons.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_icons"] = module
    spec.loader.exec_module(module)
    return module


make_icons = _load_make_icons()


@pytest.mark.parametrize("size", make_icons.PNG_SIZES)
def test_png_sizes_match_their_names(size: int) -> None:
    data = (ICONS / f"dame-{size}.png").read_bytes()
    assert make_icons.png_size(data) == (size, size)


def test_ico_holds_every_windows_size_as_png() -> None:
    data = (ROOT / "packaging" / "windows" / "dame.ico").read_bytes()
    sizes = make_icons.read_ico(data)
    assert sizes == [(s, s) for s in make_icons.ICO_SIZES]


def test_icns_holds_retina_and_standard_sizes() -> None:
    data = (ROOT / "packaging" / "macos" / "dame.icns").read_bytes()
    elements = dict(make_icons.read_icns(data))
    assert elements == {ostype: (size, size) for ostype, size in make_icons.ICNS_TYPES}
    assert elements["ic10"] == (1024, 1024)


def test_readers_reject_damaged_containers() -> None:
    ico = bytearray((ROOT / "packaging" / "windows" / "dame.ico").read_bytes())
    ico[6] = 99  # first entry claims 99 px, the PNG is 16 px
    with pytest.raises(ValueError, match="directory says 99x16"):
        make_icons.read_ico(bytes(ico))
    icns = (ROOT / "packaging" / "macos" / "dame.icns").read_bytes()
    with pytest.raises(ValueError, match="total length"):
        make_icons.read_icns(icns[:-1])
    with pytest.raises(ValueError, match="not a PNG"):
        make_icons.png_size(b"GIF89a" + bytes(30))


def test_containers_round_trip_through_the_writers() -> None:
    pngs = {s: (ICONS / f"dame-{s}.png").read_bytes() for s in (16, 32, 256)}
    ico = make_icons.build_ico(pngs)
    assert make_icons.read_ico(ico) == [(16, 16), (32, 32), (256, 256)]
    # 256 px is stored as 0 in the one-byte size fields
    assert struct.unpack("<BB", ico[6 + 32 : 8 + 32]) == (0, 0)


def test_svg_renders_to_the_committed_pixels(qapp: object) -> None:
    """The committed PNGs come from the committed SVG (regenerate with make_icons.py)."""
    rendered = make_icons.render_png(ICONS / "dame.svg", 64)
    from PySide6.QtGui import QImage

    fresh = QImage.fromData(rendered)
    committed = QImage(str(ICONS / "dame-64.png"))
    assert not fresh.isNull() and not committed.isNull()
    # Compare pixels, not bytes: another Qt version may encode the same image differently.
    diffs = sum(
        1
        for y in range(64)
        for x in range(64)
        if abs(fresh.pixelColor(x, y).red() - committed.pixelColor(x, y).red()) > 8
    )
    assert diffs < 40, f"{diffs} pixels differ: run python packaging/make_icons.py"
    # the corner is transparent (rounded tile), the centre is opaque
    assert fresh.pixelColor(0, 0).alpha() == 0
    assert fresh.pixelColor(32, 40).alpha() == 255


def test_16_px_comes_from_the_pixel_drawing(qapp: object) -> None:
    """At 16 px every pixel is opaque board, frame or stone: nothing half-blurred."""
    from PySide6.QtGui import QImage

    image = QImage(str(ICONS / "dame-16.png"))
    assert image.width() == 16
    alphas = {image.pixelColor(x, y).alpha() for x in range(16) for y in range(16)}
    assert alphas == {0, 255}  # only the four cut corners are transparent
    assert sum(image.pixelColor(x, y).alpha() == 0 for x in range(16) for y in range(16)) == 4
    # the crown's middle spike is gold, the outline around it dark
    assert image.pixelColor(8, 2).name() == "#f5b800"
    assert image.pixelColor(8, 1).name() == "#24150b"
