#!/usr/bin/env python3
"""Writes the piped script that made Fixtures/format2-generated, a real store of format 2.

It was run once, through the last shade that wrote format 2 (commit 2c249aa), the tasks added on
one day and changed on the next, as
    python3 make-format2-store.py add > add.shade; python3 make-format2-store.py change > change.shade
    SHADE_STORE=format2-generated SHADE_NOW=2026-11-23T09:30 NO_COLOR=1 shade < add.shade
    SHADE_STORE=format2-generated SHADE_NOW=2026-11-24T18:05 NO_COLOR=1 shade < change.shade
    SHADE_STORE=format2-generated SHADE_NOW=2026-11-24T18:05 shade ls all --json > format2-generated.ls.json
(then its caches and work directories removed: backups/, journal/, lock)
and is kept so that the fixture's making can be read; the upgrade tests only read its output.
Every field a task has is used (notes, time, tags, category, colour, star, done, cancelled,
moved, edited, removed), over weeks of 2020 (with its week 53), 2026 (53 weeks) and 2027, with
titles in several scripts."""
import random
import sys

rng = random.Random(20261123)
titles = ["Gym", "Read 30 pages", "Call the bank", "Standup notes", "Pay the internet bill", "読書",
          "Café ☕ with Ana", "שלום לכולם", "Write the report", "Groceries 🥕", "Yoga", "Ölçüm",
          "Dentist", "Plan the week", "Λίστα", "Backup the laptop", "Fix the bike", "Piano"]
tags = ["work", "home", "errand", "health", "read", "urgent", "someday"]
cats = ["work", "health", "bill", "school", "grocery", "family"]
colors = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "grey"]
slots = {"morning": (6, 11), "afternoon": (12, 17), "evening": (18, 23)}


def days():
    import datetime
    spans = [(datetime.date(2020, 12, 21), 21), (datetime.date(2026, 4, 6), 270), (datetime.date(2027, 1, 4), 14)]
    for start, count in spans:
        for offset in range(count):
            yield start + datetime.timedelta(days=offset)


lines = ["cat add family pink", "cat add misc"]
changes = []
next_id = 1
alive = []
for day in days():
    for _ in range(rng.randint(5, 15)):
        slot = rng.choice(list(slots))
        words = ["add", day.isoformat(), slot, rng.choice(titles)]
        if rng.random() < 0.4:
            low, high = slots[slot]
            words.append(f"at:{rng.randint(low, high):02d}:{rng.choice([0, 15, 30, 45]):02d}")
        for tag in rng.sample(tags, rng.randint(0, 2)):
            words.append("+" + tag)
        if rng.random() < 0.6:
            words.append("cat:" + rng.choice(cats))
        if rng.random() < 0.15:
            words.append("color:" + rng.choice(colors))
        lines.append(" ".join(words))
        alive.append(next_id)
        next_id += 1
for task in list(alive):
    roll = rng.random()
    if roll < 0.45:
        changes.append(f"done {task}")
    elif roll < 0.5:
        changes.append(f"cancel {task}")
    if rng.random() < 0.12:
        changes.append(f"note {task} Remember: {rng.choice(titles)} — ask twice")
    if rng.random() < 0.08:
        changes.append(f"star {task}")
for task in rng.sample(alive, 60):
    changes.append(f"mv {task} 2026-{rng.randint(10, 12):02d}-{rng.randint(1, 28):02d} {rng.choice(list(slots))}")
for task in rng.sample(alive, 40):
    changes.append(f"edit {task} {rng.choice(titles)} again +{rng.choice(tags)} -{rng.choice(tags)}")
for task in rng.sample(alive, 30):
    changes.append(f"rm {task}")
changes += ["cat color misc teal", "cat rename school uni", "done 2 3 4", "undone 3"]
print("\n".join(lines if sys.argv[1:] == ["add"] else changes))
