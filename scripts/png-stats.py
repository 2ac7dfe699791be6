#!/usr/bin/env python3
"""Prints facts about a PNG as JSON: its size, how many colours it uses and the share of pixels
that differ from its most common colour (the background), so that a test can tell a rendered
page from a blank one. Standard library only: 8-bit greyscale, RGB or RGBA, not interlaced, as
headless Chromium writes its screenshots.

    python3 scripts/png-stats.py page.png
    {"width": 1100, "height": 2600, "colors": 4211, "ink": 0.31}
"""
import json
import struct
import sys
import zlib
from collections import Counter


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise SystemExit(f"{path}: depth {depth}, colour type {color}, interlace {interlace} not read here")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, position = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = pixels(sys.argv[1])
    counts = Counter()
    for row in rows[::2]:
        for x in range(0, len(row), channels * 2):
            counts[row[x:x + channels]] += 1
    total = sum(counts.values())
    background = counts.most_common(1)[0][1] if counts else 0
    print(json.dumps({"width": width, "height": height, "colors": len(counts),
                      "ink": round((total - background) / total, 4) if total else 0}))


main()
