#!/usr/bin/env python3
"""Validate every JSON file in shade store directories against data/store.schema.json.

usage: validate-store.py STORE_DIR...   (exit 0 when all files validate; prints one line a file)"""
import json, os, sys

import jsonschema

schema_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "store.schema.json")
with open(schema_path) as f:
    schema = json.load(f)
validator = jsonschema.Draft202012Validator(schema)
checked, bad = 0, 0
for store in sys.argv[1:]:
    for root, _dirs, files in os.walk(store):
        for name in sorted(files):
            # Commit records are JSON too once done (journal/NNNNNNNNNN-BOOT.done).
            if not (name.endswith(".json") or name.endswith(".done")):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                data = f.read()
            document, errors = None, []
            # A commit record is framed: its first line is the JSON object, the files' bytes follow.
            first, newline, rest = data.partition(b"\n")
            if newline and os.path.basename(root) == "journal":
                try:
                    header = json.loads(first.decode("utf-8"))
                except ValueError:
                    header = None
                if isinstance(header, dict) and "framed" in header:
                    document = header
                    framed = header["framed"] if isinstance(header["framed"], list) else []
                    sizes = [entry.get("size") for entry in framed if isinstance(entry, dict)]
                    total = sum(size for size in sizes if isinstance(size, int))
                    if total != len(rest):
                        errors = [f"the sizes give {total} bytes of content, {len(rest)} follow"]
            if document is None:
                try:
                    document = json.loads(data.decode("utf-8"))
                except ValueError as error:
                    document, errors = {}, [f"not JSON: {error}"]
            errors = errors or sorted(validator.iter_errors(document), key=lambda e: list(e.path))
            checked += 1
            if errors:
                bad += 1
                error = errors[0]
                where = "" if isinstance(error, str) else " at " + "/".join(map(str, error.path))
                print(f"INVALID {path}: {getattr(error, 'message', error)}{where}")
            else:
                print(f"valid   {path}")
print(f"{checked} files checked, {bad} invalid")
sys.exit(1 if bad or checked == 0 else 0)
