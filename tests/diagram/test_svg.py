"""The Qt-free diagram writer: what the SVG shows, read back with an XML parser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from dame_desktop.core import Position, find_rules
from dame_desktop.diagram import Diagram, render_svg
from dame_desktop.diagram.svg import STYLES

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "text")]


def circles(root: ET.Element, fill: str) -> list[ET.Element]:
    return [c for c in root.iter(NS + "circle") if c.get("fill") == fill]


def test_start_position_has_every_piece_names_numbers_and_fen() -> None:
    rules = find_rules("german")
    position = Position.start(rules)
    root = parse(
        render_svg(
            Diagram(
                position,
                labels="numbers",
                top="Schwarz",
                bottom="Weiß",
                stipulation="Weiß zieht und gewinnt",
            )
        )
    )
    style = STYLES["print"]
    assert len(circles(root, style.light_piece)) == 12
    assert len(circles(root, style.dark_piece)) == 12
    words = texts(root)
    assert words[0] == "Schwarz"  # above the board
    assert "Weiß" in words and "Weiß zieht und gewinnt" in words
    for sq in range(1, 33):
        assert str(sq) in words
    fen = "".join(w for w in words if "," in w)
    assert fen.replace(" ", "") == position.fen().replace(" ", "")
    assert words.index("Weiß") < words.index("Weiß zieht und gewinnt")


def test_coordinates_follow_the_flip() -> None:
    position = Position.start(find_rules("international"))
    plain = texts(parse(render_svg(Diagram(position, labels="coordinates", fen=False))))
    flipped = texts(
        parse(render_svg(Diagram(position, labels="coordinates", flipped=True, fen=False)))
    )
    letters = [w for w in plain if w in "abcdefghij" and w]
    assert letters == list("abcdefghij")
    assert [w for w in flipped if w in "abcdefghij" and w] == list("jihgfedcba")
    assert "50" not in plain  # coordinates, not numbers


def test_flip_moves_the_pieces_to_the_other_side() -> None:
    position = Position.from_fen("W:W32:B1", find_rules("german"))
    style = STYLES["print"]

    def light_y(flipped: bool) -> float:
        root = parse(render_svg(Diagram(position, flipped=flipped, fen=False)))
        return float(circles(root, style.light_piece)[0].get("cy", "0"))

    assert light_y(False) > light_y(True)


def test_last_move_arrows_circles_and_kings() -> None:
    rules = find_rules("german")
    position = Position.from_fen("W:WK22,27:B18", rules)
    move = position.legal_moves()[0]
    after = position.play(move)
    style = STYLES["print"]
    root = parse(
        render_svg(Diagram(after, last_move=move, arrows=((27, 23), (1, 10)), circles=(5,)))
    )
    shaded = [r for r in root.iter(NS + "rect") if r.get("fill") == style.last_move]
    assert len(shaded) == 2
    arrows = [p for p in root.iter(NS + "polygon") if p.get("fill") == style.arrow]
    assert len(arrows) == 2
    rings = [c for c in root.iter(NS + "circle") if c.get("stroke") == style.circle]
    assert len(rings) == 1
    crowns = [p for p in root.iter(NS + "polygon") if p.get("fill") == "#e8b21f"]
    kings = sum(1 for piece in after.pieces().values() if piece.is_king)
    assert kings >= 1 and len(crowns) == kings


def test_a_long_fen_is_wrapped_to_the_width() -> None:
    position = Position.start(find_rules("international"))
    root = parse(render_svg(Diagram(position, size=300)))
    lines = [w for w in texts(root) if "," in w]
    assert len(lines) >= 2
    assert "".join(lines).replace(" ", "") == position.fen().replace(" ", "")


def test_text_is_escaped() -> None:
    position = Position.start(find_rules("german"))
    root = parse(render_svg(Diagram(position, top="<Anna & Ben>")))
    assert "<Anna & Ben>" in texts(root)


def test_bad_input_is_refused_with_the_reason() -> None:
    position = Position.start(find_rules("german"))
    with pytest.raises(ValueError, match="size"):
        render_svg(Diagram(position, size=10))
    with pytest.raises(ValueError, match="square 33"):
        render_svg(Diagram(position, circles=(33,)))


def test_towers_show_the_pieces_below() -> None:
    rules = find_rules("bashni")
    position = Position.start(rules)
    while not any(len(position.tower(sq)) > 1 for sq in position.pieces()):
        capture = [m for m in position.legal_moves() if m.captured]
        position = position.play((capture or position.legal_moves())[0])
    root = parse(render_svg(Diagram(position)))
    style = STYLES["print"]
    drawn = len(circles(root, style.light_piece)) + len(circles(root, style.dark_piece))
    assert drawn == sum(len(position.tower(sq)) for sq in position.pieces())
    assert drawn > len(position.pieces())
