"""SVG text to PNG bytes with Qt's SVG renderer, for the window and for ``dame diagram``.

``python -m dame_desktop.ui.diagram_png WIDTH`` reads SVG on stdin and writes PNG on stdout:
the ``dame`` command stays free of Qt and runs this as its own process for PNG files.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer


def svg_image(svg: str, width: int | None = None) -> QImage:
    """The SVG drawn into an image ``width`` pixels wide (its own width when None).
    Raises ValueError when the text is not SVG Qt can draw."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    if not renderer.isValid():
        raise ValueError("the diagram is not valid SVG")
    size = renderer.defaultSize()
    if width is None or width <= 0:
        width = size.width()
    height = max(1, round(size.height() * width / max(1, size.width())))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter, QRectF(0, 0, width, height))
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"png"))
    if not writer.write(image):
        raise ValueError(f"Qt could not encode the PNG: {writer.errorString()}")
    buffer.close()
    return bytes(data.data())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    width = int(args[0]) if args else 0
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication.instance() or QGuiApplication(["dame-diagram"])
    try:
        data = png_bytes(svg_image(sys.stdin.read(), width or None))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    del app
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
