#!/usr/bin/env python3
"""Validate every JSON file in shade store directories against data/store.schema.json (and each
commit record of journal/commit.log).

usage: validate-store.py STORE_DIR...   (exit 0 when all files validate; prints one line a file)"""
import json, os, sys

import jsonschema

schema_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "store.schema.json")
with open(schema_path) as f:
    schema = json.load(f)
validator = jsonschema.Draft202012Validator(schema)
checked, bad = 0, 0


def framed_record(data):
    """A framed commit record (its first line the JSON object, the files' bytes after it): the
    header and the errors found, or (None, []) when the bytes are no framed record."""
    first, newline, rest = data.partition(b"\n")
    if not newline:
        return None, []
    try:
        header = json.loads(first.decode("utf-8"))
    except ValueError:
        return None, []
    if not (isinstance(header, dict) and "framed" in header):
        return None, []
    framed = header["framed"] if isinstance(header["framed"], list) else []
    sizes = [entry.get("size") for entry in framed if isinstance(entry, dict)]
    total = sum(size for size in sizes if isinstance(size, int))
    errors = [] if total == len(rest) else [f"the sizes give {total} bytes of content, {len(rest)} follow"]
    return header, errors


def fnv1a(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def xxh64(data, seed):
    """XXH64 of `data` (its published specification), as shade checks a frame of magic SCF2."""
    p1, p2, p3, p4, p5 = (
        0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5)
    mask = 0xFFFFFFFFFFFFFFFF
    rotl = lambda x, r: ((x << r) | (x >> (64 - r))) & mask
    word = lambda at, size=8: int.from_bytes(data[at : at + size], "little")
    lane = lambda acc, value: (rotl((acc + value * p2) & mask, 31) * p1) & mask
    offset, length = 0, len(data)
    if length >= 32:
        lanes = [(seed + p1 + p2) & mask, (seed + p2) & mask, seed, (seed - p1) & mask]
        while offset + 32 <= length:
            lanes = [lane(lanes[i], word(offset + 8 * i)) for i in range(4)]
            offset += 32
        h = (rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12) + rotl(lanes[3], 18)) & mask
        for value in lanes:
            h = (((h ^ lane(0, value)) * p1) + p4) & mask
    else:
        h = (seed + p5) & mask
    h = (h + length) & mask
    while offset + 8 <= length:
        h = (rotl(h ^ lane(0, word(offset)), 27) * p1 + p4) & mask
        offset += 8
    if offset + 4 <= length:
        h = (rotl(h ^ (word(offset, 4) * p1 & mask), 23) * p2 + p3) & mask
        offset += 4
    while offset < length:
        h = (rotl(h ^ (data[offset] * p5 & mask), 11) * p1) & mask
        offset += 1
    h = ((h ^ (h >> 33)) * p2) & mask
    h = ((h ^ (h >> 29)) * p3) & mask
    return h ^ (h >> 32)


def log_frames(data):
    """The whole frames of a commit log (journal/commit.log), as shade reads them: from byte 4096,
    each the next of the header's epoch with a checksum that holds (of magic SCF2: XXH64 of the
    record seeded with the FNV-1a of the fixed part; SCF1, of earlier shades: the FNV-1a of all of
    it); None when it is no log."""
    if len(data) < 4096 or data[:16] != b"SHADECOMMITLOG1\n":
        return None
    number = lambda at, size=8: int.from_bytes(data[at : at + size], "little")
    epoch, offset, sequence, frames = number(16), 4096, 1, []
    while offset + 80 <= len(data) and data[offset : offset + 4] in (b"SCF1", b"SCF2"):
        length = number(offset + 4, 4)
        if number(offset + 8) != sequence or number(offset + 16) != epoch or length == 0:
            break
        if offset + 80 + length > len(data):
            break
        payload = data[offset + 80 : offset + 80 + length]
        fixed = data[offset : offset + 72]
        older = data[offset : offset + 4] == b"SCF1"
        checksum = fnv1a(fixed + payload) if older else xxh64(payload, fnv1a(fixed))
        if checksum != number(offset + 72):
            break
        frames.append((sequence, payload))
        offset, sequence = offset + 80 + length, sequence + 1
    return frames


def report(path, document, errors):
    global checked, bad
    errors = errors or sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    checked += 1
    if errors:
        bad += 1
        error = errors[0]
        where = "" if isinstance(error, str) else " at " + "/".join(map(str, error.path))
        print(f"INVALID {path}: {getattr(error, 'message', error)}{where}")
    else:
        print(f"valid   {path}")


for store in sys.argv[1:]:
    for root, _dirs, files in os.walk(store):
        for name in sorted(files):
            path = os.path.join(root, name)
            in_journal = os.path.basename(root) == "journal"
            # The commit log holds a commit record a frame: each is checked as a record file is.
            if in_journal and name == "commit.log":
                with open(path, "rb") as f:
                    frames = log_frames(f.read())
                if frames is None:
                    report(path, {}, ["not a commit log"])
                for sequence, payload in frames or []:
                    header, errors = framed_record(payload)
                    report(f"{path}#{sequence}", header or {}, errors or ([] if header else ["no framed record"]))
                continue
            # Commit records are JSON too once done (journal/NNNNNNNNNN-BOOT.done).
            if not (name.endswith(".json") or name.endswith(".done")):
                continue
            with open(path, "rb") as f:
                data = f.read()
            document, errors = framed_record(data) if in_journal else (None, [])
            if document is None:
                try:
                    document = json.loads(data.decode("utf-8"))
                except ValueError as error:
                    document, errors = {}, [f"not JSON: {error}"]
            report(path, document, errors)
print(f"{checked} files checked, {bad} invalid")
sys.exit(1 if bad or checked == 0 else 0)
