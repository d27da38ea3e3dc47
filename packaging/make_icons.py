"""Render the application icon from its SVG into PNG sizes, a Windows .ico and a macOS .icns.

Build-time tool only (nothing here is imported by the program). It uses Qt's own SVG
renderer (QtSvg ships in PySide6-Essentials), and writes the .ico and .icns containers
itself: both are a small directory of PNG images.

    python packaging/make_icons.py            # writes the files listed below
    python packaging/make_icons.py --check    # exit 1 if any output is missing or stale

Sources: dame_desktop/resources/icons/dame.svg, and dame-small.svg for 16 px.
Outputs:
    dame_desktop/resources/icons/dame-<N>.png    N = 16 32 48 64 128 256 512
    packaging/windows/dame.ico                   16 24 32 48 64 128 256 (PNG entries)
    packaging/macos/dame.icns                    16 … 1024 (PNG entries, incl. @2x)
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "dame_desktop" / "resources" / "icons" / "dame.svg"
# Hand-drawn on the pixel grid for 16 px, where the curves of dame.svg would blur.
SMALL_SVG = SVG.with_name("dame-small.svg")
SMALL_SIZES = (16,)
PNG_DIR = SVG.parent
ICO = ROOT / "packaging" / "windows" / "dame.ico"
ICNS = ROOT / "packaging" / "macos" / "dame.icns"

PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# OSType -> pixel size of the PNG stored under it (Apple's "icns" element types).
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),  # 512@2x
    ("ic11", 32),  # 16@2x
    ("ic12", 64),  # 32@2x
    ("ic13", 256),  # 128@2x
    ("ic14", 512),  # 256@2x
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def render_png(svg: Path, size: int) -> bytes:
    """Render ``svg`` to a square, transparent PNG of ``size`` pixels and return its bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG file")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # the stub asks for bytes, but this PySide6 takes only a str format here (ValueError on b"PNG")
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise RuntimeError(f"could not encode the {size} px PNG")
    buffer.close()
    return bytes(data.data())


def png_size(data: bytes) -> tuple[int, int]:
    """Return (width, height) from a PNG's IHDR chunk; raise ValueError if it is no PNG."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def build_ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file: ICONDIR, one 16-byte ICONDIRENTRY per image, then the PNG payloads."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    payload = b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256 in the one-byte fields
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def build_icns(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns' + total length, then (OSType, length incl. header, PNG) elements."""
    body = b""
    for ostype, size in ICNS_TYPES:
        data = pngs[size]
        body += ostype.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_ico(data: bytes) -> list[tuple[int, int]]:
    """Sizes stored in an ICO made of PNG entries; raise ValueError on a malformed file."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    sizes = []
    for i in range(count):
        w, h, _c, _r, _p, _bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        real = png_size(data[offset : offset + length])
        if real != (w or 256, h or 256):
            raise ValueError(f"entry {i}: directory says {w}x{h}, image is {real}")
        sizes.append(real)
    return sizes


def read_icns(data: bytes) -> list[tuple[str, tuple[int, int]]]:
    """(OSType, PNG size) of each element of an ICNS file; raise ValueError if malformed."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file or wrong total length")
    pos = 8
    found = []
    while pos < len(data):
        ostype = data[pos : pos + 4].decode("ascii")
        (length,) = struct.unpack(">I", data[pos + 4 : pos + 8])
        if length < 8 or pos + length > len(data):
            raise ValueError(f"element {ostype}: bad length {length}")
        found.append((ostype, png_size(data[pos + 8 : pos + length])))
        pos += length
    return found


def outputs() -> dict[Path, bytes]:
    """Every output file and its content, rendered fresh from the SVG."""
    needed = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {size: render_png(SMALL_SVG if size in SMALL_SIZES else SVG, size) for size in needed}
    files = {PNG_DIR / f"dame-{size}.png": pngs[size] for size in PNG_SIZES}
    files[ICO] = build_ico({size: pngs[size] for size in ICO_SIZES})
    files[ICNS] = build_icns(pngs)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only report missing or out-of-date files"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841
    stale = []
    for path, data in outputs().items():
        rel = path.relative_to(ROOT)
        if path.exists() and path.read_bytes() == data:
            continue
        if args.check:
            stale.append(rel)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {rel} ({len(data)} bytes)")
    if stale:
        print("out of date: " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
