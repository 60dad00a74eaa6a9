#!/usr/bin/env python3
"""Draw the app icons (static/icons/icon-192.png, icon-512.png) with the standard library:
a fanned hand of three cards on the app's brown. Run once; the PNGs are committed."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BG, CARD, EDGE, MARK = (122, 59, 18), (244, 241, 234), (29, 27, 24), (224, 161, 0)


def inside_card(x: float, y: float, cx: float, cy: float, w: float, h: float, tilt: float) -> int:
    """0 outside, 1 border, 2 face, 3 the gem, for a card rotated by `tilt` (a slope)."""
    dx, dy = x - cx, y - cy
    rx, ry = dx + tilt * dy, dy - tilt * dx
    if abs(rx) > w / 2 or abs(ry) > h / 2:
        return 0
    if abs(rx) > w / 2 - w * 0.08 or abs(ry) > h / 2 - w * 0.08:
        return 1
    return 3 if rx * rx + (ry + h * 0.1) ** 2 < (w * 0.18) ** 2 else 2


def draw(size: int) -> bytes:
    rows = []
    cards = [(-0.16, -0.35), (0.0, 0.0), (0.16, 0.35)]  # (x offset, tilt) from back to front
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            x, y = i / size, j / size
            colour = BG
            for offset, tilt in cards:
                hit = inside_card(x, y, 0.5 + offset, 0.54, 0.34, 0.5, tilt)
                if hit:
                    colour = (EDGE, CARD, MARK)[hit - 1]
            row += bytes(colour)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        (ROOT / "static" / "icons" / f"icon-{size}.png").write_bytes(draw(size))
        print(f"static/icons/icon-{size}.png")
