#!/usr/bin/env python3
"""A quarter of history for the demo store: 2026-W35 (Mon 24 Aug) through 2026-W46 (Sun 15 Nov).

Used by scripts/make-demo, which runs it AFTER data/demo-week.shade and data/demo-this-week.shade
(so the ids of the two current weeks, tasks 1-39 and goals g1-g2, stay what they were):

    SHADE_STORE=data/demo-store python3 data/demo-history.py PATH/TO/shade

Everything is made through shade's own one-shot commands with SHADE_NOW pinned to the moment a
person would have typed them: three repeat rules (`add … every:RULE until:DATE`, all ended by
8 November) when the quarter is first planned; then each week planned the Sunday evening before
(`goal add … for:WEEK`, `add DAY SLOT TITLE … goal:gN`), a few tasks added on their own day, tasks
ticked off (`done`) on their day or shortly after, some cancelled, some leftovers carried
(`carry DAY to DAY`, `carry WEEK to DAY`), and every goal ended (`goal done` / `goal cancel`) when
its day or week is over. Ids are never written here: each task's id is read from `add … --json`,
a repeat's occurrences' from `week WEEK --json`, a goal's from `goal add … --json`.

What becomes of each task is drawn with random.Random and fixed seeds (a week is re-drawn with the
next seed until its rate is near the rate the story wants), so every run makes the same history:
the same tasks, ids, statuses and timestamps (only the uids, random UUIDs, differ).
The story: back from the summer holidays (W35), September finding a rhythm with a Japanese course,
a week down with a cold (W40), a better October, an autumn-break trip to Annecy (W44), then a
clean finish (W45-W46 end with no open task: `carry` in the demo looks back that far, and the demo
must offer only what it offered before). Evenings and Fridays slip more than mornings.

Checks at the end (the script fails loudly when one does not hold): shade's own `stats --json`
counts per week equal what this script meant, every history goal is done or cancelled, W45 and W46
hold no open task, and no repeat reaches W47.

Only the Python standard library is used.
"""
import json
import os
import random
import subprocess
import sys
from datetime import date, datetime, time, timedelta

SHADE = "shade"
FIRST_MONDAY = date(2026, 8, 24)  # 2026-W35
WEEKS = 12  # 2026-W35 … 2026-W46
SLOTS = ("morning", "afternoon", "evening")
SLOT_HOURS = {"morning": (8, 11), "afternoon": (13, 17), "evening": (19, 22)}


def week_name(k):
    return f"2026-W{35 + k}"


def monday(k):
    return FIRST_MONDAY + timedelta(days=7 * k)


def at(day, hh, mm=0):
    return datetime.combine(day, time(hh, mm))


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M")


# ---------------------------------------------------------------------------------------------
# Running shade

def shade(now, *words, want_json=False):
    arguments = [SHADE, *words] + (["--json"] if want_json else [])
    env = dict(os.environ, SHADE_NOW=stamp(now), NO_COLOR="1")
    result = subprocess.run(arguments, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"demo-history.py: `shade {' '.join(words)}` at {stamp(now)} failed "
                 f"({result.returncode}):\n{result.stdout}{result.stderr}")
    return json.loads(result.stdout) if want_json else result.stdout


# ---------------------------------------------------------------------------------------------
# The plan: what each week holds

class Task:
    def __init__(self, day, slot, title, fields=(), goal=None, series=None, adhoc=False, force=None,
                 kind=None):
        self.day, self.slot, self.title = day, slot, title
        self.fields = list(fields)  # cat:NAME, +tag, at:HH:MM
        self.goal = goal            # a Goal of this history
        self.series = series        # a Series when this is a repeat's occurrence
        self.adhoc = adhoc          # added on its own day rather than the Sunday before
        self.force = force          # "done", "cancel" or "open": the story decides, not the dice
        self.kind = kind or next((f[4:] for f in self.fields if f.startswith("cat:")), None)
        self.id = None
        self.legs = []              # [(day, slot)] where it stood, carried from one to the next
        self.end = None             # ("done" | "cancel", moment) or ("open", None)

    @property
    def time_of_day(self):
        for f in self.fields:
            if f.startswith("at:"):
                hh, mm = f[3:].split(":")
                return time(int(hh), int(mm))
        return None


class Goal:
    def __init__(self, title, period, intent, due=None):
        self.title, self.period, self.intent, self.due = title, period, intent, due
        self.id = None
        self.tasks = []


class Series:
    def __init__(self, title, first, slot, rule, until, fields=()):
        self.title, self.first, self.slot, self.rule, self.until = title, first, slot, rule, until
        self.fields = list(fields)

    def dates(self):
        day = self.first
        while day <= self.until:
            if self.rule == "week" and day.weekday() == self.first.weekday():
                yield day
            elif self.rule == "mon,wed,fri" and day.weekday() in (0, 2, 4):
                yield day
            elif self.rule == "month" and day.day == self.first.day:
                yield day
            day += timedelta(days=1)


# Made in this order on Sunday 23 August, when the quarter is first planned.
SERIES = [
    # Sunday's planning half-hour, until the last Sunday before the demo's two weeks.
    Series("Plan next week", date(2026, 8, 30), "afternoon", "week", date(2026, 11, 8)),
    # Rent on the 1st; three months of it.
    Series("Pay the rent", date(2026, 9, 1), "morning", "month", date(2026, 11, 1), ["cat:bill"]),
    # The gym three mornings a week, from the first week of the course until the autumn's end.
    Series("Gym", date(2026, 9, 7), "morning", "mon,wed,fri", date(2026, 11, 6), ["at:07:30", "cat:health"]),
]
SERIES_OF = {s.title: s for s in SERIES}

BOOKS = ["Project Hail Mary"] * 4 + ["The Left Hand of Darkness"] * 5 + ["Dune"] * 3
RUN_KM = [6, 7, 8, 8, 9, None, 9, 10, 10, None, 11, 12]

# Weekly story: (rate wanted, tasks wanted, carries [(from, to, at)]).
# Days are written as weekday numbers of the week (0 = Monday); 7 means next Monday.
STORY = {
    0: dict(rate=0.60, size=14),                                      # back from the holidays
    1: dict(rate=0.67, size=17, carries=[(4, 7)], moves=2),           # Fri → Mon
    2: dict(rate=0.62, size=20, carries=[(1, 2)], moves=2),           # Tue → Wed
    3: dict(rate=0.71, size=22, carries=[(6, 7)], moves=1),           # Sun → Mon
    4: dict(rate=0.69, size=21, carries=[(0, 1)], moves=1),
    5: dict(rate=0.47, size=17),                                      # down with a cold
    6: dict(rate=0.74, size=20, carries=[(5, 7)], moves=2),           # Sat → Mon
    7: dict(rate=0.81, size=22, carries=[(2, 3)], moves=1),
    8: dict(rate=0.88, size=23, carries=[(4, 7)], moves=1),           # into the break
    9: dict(rate=0.54, size=13),                                      # autumn break, Annecy
    10: dict(rate=None, size=19, week_carry=True, moves=3),           # leftovers → W46 Mon
    11: dict(rate=None, size=18, carries=[(2, 3)], moves=1),          # ends with nothing open
}
# (moves: how many carries the week's draw must hold at least, so that carried work shows.)

# Extras drawn to fill a week up to its size: (slot, title, fields).
POOL = [
    ("morning", "Code review for Sam", ["cat:work"]),
    ("morning", "Update the roadmap doc", ["cat:work"]),
    ("morning", "Interview a candidate", ["at:11:00", "cat:work"]),
    ("morning", "Fix the flaky login test", ["cat:work"]),
    ("morning", "Reply to the vendor’s proposal", ["cat:work"]),
    ("morning", "Kanji flashcards — 20 new", ["cat:school"]),
    ("morning", "Water the plants 🌱", ["+home"]),
    ("afternoon", "1:1 with Sam", ["at:14:00", "cat:work"]),
    ("afternoon", "Write the onboarding doc", ["cat:work"]),
    ("afternoon", "Expense report", ["cat:work", "+admin"]),
    ("afternoon", "Pick up the parcel", ["+errand"]),
    ("afternoon", "Return the library books", ["+errand"]),
    ("afternoon", "Get a haircut ✂️", ["+errand"]),
    ("afternoon", "Drop off the dry cleaning", ["+errand"]),
    ("afternoon", "Buy coffee beans ☕", ["cat:grocery"]),
    ("afternoon", "Physio", ["at:17:00", "cat:health"]),
    ("afternoon", "Laundry", ["+home"]),
    ("evening", "Dinner with Léa", ["+friends"]),
    ("evening", "Cinema with Ana 🎬", ["+friends"]),
    ("evening", "Board games at Tom’s 🎲", ["+friends"]),
    ("evening", "Yoga class", ["at:19:00", "cat:health"]),
    ("evening", "Listening practice 🎧", ["cat:school"]),
    ("evening", "Stretch 15 min", ["cat:health"]),
    ("evening", "Change the bed sheets", ["+home"]),
    ("evening", "Write to Grandma ✉️", ["+family"]),
]
GROCERIES = ["Groceries: milk, eggs, rice", "Big shop for the week", "Groceries for the weekend"]
BILLS = {1: "Pay the electricity bill", 2: "Pay the phone bill", 4: "Pay the internet bill",
         6: "Pay the electricity bill", 7: "Pay the phone bill", 8: "Pay the water bill",
         10: "Renew the car insurance", 11: "Pay the phone bill"}


def plan_week(k):
    """The week's goals and tasks, before anything happens to them (the content never depends on
    the outcome draws)."""
    rng = random.Random(4735 + k)
    mon = monday(k)
    d = [mon + timedelta(days=i) for i in range(7)]
    tasks, goals = [], []
    holiday = k == 9
    book = BOOKS[k]

    def add(i, slot, title, fields=(), **kw):
        task = Task(d[i], slot, title, fields, **kw)
        tasks.append(task)
        return task

    def goal(title, period, intent, due=None):
        g = Goal(title, period, intent, due)
        goals.append(g)
        return g

    # The skeleton of an ordinary week.
    if not holiday:
        add(0, "morning", "Review the sprint board", ["cat:work"])
        add(1, "morning", "Standup notes", ["cat:work"])
        add(3, "evening", "Cook for the week")
        add(5, "afternoon", "Clean the flat")
    add(0, "evening", f"Read 30 pages of “{book}”", ["+read"])
    add(6, "evening", f"Read 30 pages of “{book}”", ["+read"])
    add(1, "evening", "Call Mum")
    if k >= 2 and not holiday:
        add(1, "evening", "Japanese class", ["at:19:00", "cat:school"])
        add(2, "evening", "日本語の練習 (Japanese practice)", ["cat:school"])
    if k % 2 == 1 and not holiday:
        add(4, "afternoon", "Team retro", ["at:16:00", "cat:work"])
    if RUN_KM[k]:
        add(5, "morning", f"Long run {RUN_KM[k]} km", ["cat:health"])
    if k < 2:  # before the gym became a repeat
        add(0, "morning", "Gym", ["at:07:30", "cat:health"])
        add(3, "morning", "Gym", ["at:07:30", "cat:health"])
    if k == 11:  # after it: plain tasks again, as in the demo's own weeks
        for i in (0, 2, 4):
            add(i, "morning", "Gym", ["at:07:30", "cat:health"])
        add(6, "afternoon", "Plan next week")
    if not holiday:
        add(rng.choice([1, 3, 4]), "afternoon", GROCERIES[k % len(GROCERIES)], ["cat:grocery"])
    if k % 3 == 2:
        add(5, "morning", "Farmers' market", ["cat:grocery"])
    if k in BILLS:
        add(rng.choice([1, 2, 3]), "afternoon", BILLS[k], ["cat:bill"])

    # What makes the week this week.
    if k == 0:
        g = goal("Settle back in after the holidays", week_name(k), "done")
        add(0, "morning", "Catch up on email", ["cat:work"], goal=g)
        add(0, "afternoon", "Unpack and do the laundry", ["+home"], goal=g)
        add(1, "afternoon", "Sort the holiday photos 📷", goal=g)
        add(2, "afternoon", "Big shop for the week", ["cat:grocery"], goal=g)
    elif k == 1:
        g = goal("Sign up for the Japanese course", d[2].isoformat(), "done")
        add(2, "morning", "Register for the 日本語 course", ["cat:school"], goal=g)
        add(2, "afternoon", "Buy the textbook (Genki I)", ["cat:school", "+errand"], goal=g)
        add(3, "afternoon", "Dentist", ["at:15:00", "cat:health"])
    elif k == 2:
        g = goal("Run 3 times this week", week_name(k), "cancel")
        add(0, "evening", "Run 5 km", ["cat:health"], goal=g, force="done")
        add(2, "evening", "Run 5 km", ["cat:health"], goal=g, force="open")
        add(4, "evening", "Run 5 km", ["cat:health"], goal=g, force="cancel")
    elif k == 3:
        g = goal(f"Finish “{book}”", week_name(k), "done")
        add(3, "evening", f"Read the last 60 pages of “{book}”", ["+read"], goal=g)
        add(2, "afternoon", "Prepare the demo for Thursday", ["cat:work"])
        add(3, "morning", "Demo to the client", ["at:10:00", "cat:work"])
    elif k == 4:
        g = goal("Draft the Q4 roadmap", week_name(k), "done", due=d[4].isoformat())
        add(1, "afternoon", "Collect the team’s Q4 wishes", ["cat:work"], goal=g)
        add(2, "morning", "Write the Q4 roadmap draft", ["cat:work"], goal=g)
        add(4, "morning", "Send the roadmap for review", ["cat:work"], goal=g)
    elif k == 5:
        g = goal("Ship the onboarding flow", week_name(k), "cancel", due=d[4].isoformat())
        add(0, "afternoon", "Onboarding: finish the sign-up screens", ["cat:work"], goal=g, force="done")
        add(2, "afternoon", "Onboarding: QA pass", ["cat:work"], goal=g, force="open")
        add(4, "morning", "Onboarding: release", ["cat:work"], goal=g, force="cancel")
        add(2, "morning", "Doctor — sore throat 🤒", ["at:10:00", "cat:health"], adhoc=True, force="done")
        add(2, "afternoon", "Pharmacy", ["+errand"], adhoc=True, force="done")
        add(3, "evening", "Early night", ["cat:health"], adhoc=True, force="done")
    elif k == 6:
        g = goal("Ship the onboarding flow — take two", week_name(k), "done", due=d[3].isoformat())
        add(1, "afternoon", "Onboarding: QA pass", ["cat:work"], goal=g)
        add(2, "afternoon", "Onboarding: fix the QA findings", ["cat:work"], goal=g)
        add(3, "morning", "Onboarding: release", ["cat:work"], goal=g)
        add(4, "evening", "Apéro with the team 🍷", ["+friends"])
    elif k == 7:
        g = goal("Run 10 km under 55 minutes", d[5].isoformat(), "done")
        tasks[:] = [t for t in tasks if not t.title.startswith("Long run")]
        add(5, "morning", "Long run 10 km", ["cat:health"], goal=g)
        add(3, "morning", "Book a flu jab 💉", ["cat:health"])
    elif k == 8:
        g = goal("Prepare the Japanese mid-term", week_name(k), "done")
        add(0, "evening", "Kanji review: chapters 1–6", ["cat:school"], goal=g)
        add(2, "morning", "Mock test", ["cat:school"], goal=g)
        add(5, "afternoon", "Mid-term exam", ["at:14:00", "cat:school"], goal=g)
        add(4, "afternoon", "Zoë’s birthday 🎂 — buy a gift", ["+family", "+errand"])
    elif k == 9:
        g = goal("Hike to the Mont Veyrier viewpoint 🥾", d[3].isoformat(), "done")
        add(0, "morning", "Train to Annecy 🚆", ["at:09:12", "+trip"])
        add(1, "afternoon", "Swim in Lac d’Annecy", ["+trip"])
        add(3, "morning", "Mont Veyrier hike", ["at:08:30", "cat:health", "+trip"], goal=g)
        add(3, "evening", "Fondue at the old town", ["+trip"])
        add(5, "afternoon", "Train home", ["at:15:40", "+trip"])
        g2 = goal("Clear the inbox before the break", week_name(k), "cancel")
        add(0, "afternoon", "Inbox zero", ["cat:work"], goal=g2, force="open")
    elif k == 10:
        g = goal("Outline the quarterly report", week_name(k), "done", due=d[4].isoformat())
        add(0, "afternoon", "Pull the Q3 numbers", ["cat:work"], goal=g)
        add(2, "morning", "Outline the quarterly report", ["cat:work"], goal=g)
        add(3, "afternoon", "1:1 with Sam", ["at:14:00", "cat:work"])
    elif k == 11:
        g = goal("Sort out the car insurance", week_name(k), "cancel")
        add(1, "afternoon", "Compare insurance quotes", ["cat:bill"], goal=g, force="done")
        add(3, "afternoon", "Call the insurer", ["cat:bill", "+errand"], goal=g, force="cancel")
        g2 = goal("Book the dentist", d[1].isoformat(), "done")
        add(1, "morning", "Phone the dentist for a check-up", ["cat:health"], goal=g2)
    for g in goals:
        g.tasks = [t for t in tasks if t.goal is g]

    # The repeats' occurrences of the week.
    for s in SERIES:
        for day in s.dates():
            if d[0] <= day <= d[6]:
                # Down with a cold, then away: the gym is called off those days. The rent is
                # always paid.
                off = s.title == "Gym" and (k == 9 or (k == 5 and day.weekday() > 0))
                force = "cancel" if off else ("done" if s.title == "Pay the rent" else None)
                tasks.append(Task(day, s.slot, s.title, s.fields, series=s, force=force))

    # Fill up to the week's size from the pool, never twice the same title in one slot of a day.
    pool = list(POOL)
    rng.shuffle(pool)
    while len(tasks) < STORY[k]["size"] and pool:
        slot, title, fields = pool.pop()
        i = rng.randrange(7)
        if holiday and ("cat:work" in fields or i < 5):
            continue
        if any(t.day == d[i] and t.slot == slot and t.title == title for t in tasks):
            continue
        tasks.append(Task(d[i], slot, title, fields, adhoc=rng.random() < 0.15))
    for t in tasks:
        t.legs = [(t.day, t.slot)]
    return tasks, goals


# ---------------------------------------------------------------------------------------------
# What becomes of each task

SLOT_BIAS = {"morning": 0.08, "afternoon": 0.0, "evening": -0.13}
DAY_BIAS = [0.06, 0.04, 0.02, 0.0, -0.32, -0.04, 0.06]  # Monday … Sunday
KIND_BIAS = {"bill": 0.2, "work": 0.05, "grocery": 0.05, "school": -0.02}


def done_moment(rng, task, day, slot, late_ok):
    lo, hi = SLOT_HOURS[slot]
    moment = at(day, rng.randint(lo, hi), rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50]))
    if task.time_of_day:
        start = at(day, task.time_of_day.hour, task.time_of_day.minute)
        moment = max(moment, start + timedelta(minutes=rng.choice([30, 45, 60, 75])))
    if late_ok and rng.random() < 0.12:  # ticked off the next morning
        moment = at(day + timedelta(days=1), 8, rng.choice([5, 20, 35, 50]))
    return moment


def simulate(k, planned, arrivals, rng):
    """Draws every task's fate for week k; returns (ends, legs, carried on to next week, rate,
    (done, open, cancelled), carries made). arrivals: tasks carried in from the week before,
    already standing on their new day."""
    story = STORY[k]
    mon = monday(k)
    carries = {mon + timedelta(days=a): mon + timedelta(days=b) for a, b in story.get("carries", [])}
    week_carry = story.get("week_carry", False)
    strict = k >= 10  # W45, W46: nothing may stay open
    base = story["rate"] if story["rate"] is not None else 0.9
    ends, legs = {}, {t: [t.legs[-1]] for t in planned + arrivals}
    queue = sorted(planned + arrivals, key=lambda t: (t.legs[-1][0], SLOTS.index(t.legs[-1][1])))
    leaving = []
    while queue:
        t = queue.pop(0)
        day, slot = legs[t][-1]
        carry_source = day in carries or week_carry
        p = base + SLOT_BIAS[slot] + DAY_BIAS[day.weekday()] + KIND_BIAS.get(t.kind, 0.0)
        if len(legs[t]) > 1 or len(t.legs) > 1:
            p += 0.1  # carried work is usually done at last
        p = min(max(p, 0.08), 0.98)
        goal_intent = t.goal.intent if t.goal else None
        fate = t.force or ("done" if goal_intent == "done" else None)
        if fate is None:
            u = rng.random()
            fate = "done" if u < p else ("cancel" if u < p + (1 - p) * 0.25 else "open")
        if fate == "open" and t.series is not None and (carry_source or strict):
            fate = "cancel"  # an occurrence is never carried; its rule brings it back
        if fate == "open" and carry_source and t.series is None:
            if week_carry:
                target = mon + timedelta(days=7)
            else:
                target = carries[day]
            legs[t].append((target, slot))
            if target < mon + timedelta(days=7):
                queue.append(t)
                queue.sort(key=lambda x: (legs[x][-1][0], SLOTS.index(legs[x][-1][1])))
            else:
                leaving.append(t)
            continue
        if fate == "open" and strict:
            fate = "cancel"
        if fate == "done":
            ends[t] = ("done", done_moment(rng, t, day, slot, late_ok=not carry_source))
        elif fate == "cancel":
            ends[t] = ("cancel", at(day, 21, 50) if slot != "evening" else at(day, 23, 15))
        else:
            ends[t] = ("open", None)
    done = sum(1 for e in ends.values() if e[0] == "done")
    open_ = sum(1 for e in ends.values() if e[0] == "open")
    cancelled = sum(1 for e in ends.values() if e[0] == "cancel")
    rate = done / (done + open_) if done + open_ else None
    moves = sum(len(ls) - 1 for ls in legs.values())
    return ends, legs, leaving, rate, (done, open_, cancelled), moves


def decide():
    """Plans every week and draws its fates, re-drawing a week until its rate is near the story's."""
    weeks = []
    arrivals = []
    for k in range(WEEKS):
        planned, goals = plan_week(k)
        target = STORY[k]["rate"]
        best = None
        for attempt in range(400):
            rng = random.Random(20261123 + 1000 * k + attempt)
            result = simulate(k, planned, arrivals, rng)
            miss = 0 if target is None else abs(result[3] - target)
            if result[5] < STORY[k].get("moves", 0):
                miss += 1
            if target is None:  # a week that must end clean: not too much of it cancelled
                miss += max(0, result[4][2] - 3) / 10
            if best is None or miss < best[0]:
                best = (miss, result)
            if miss <= 0.025:
                break
        ends, legs, leaving, rate, counts, _ = best[1]
        for t, ls in legs.items():
            t.legs = t.legs[:-1] + ls if t in arrivals else ls
        for t, e in ends.items():
            t.end = e
        weeks.append(dict(k=k, planned=planned, arrivals=arrivals, goals=goals, counts=counts, rate=rate))
        arrivals = leaving
    assert not arrivals, "W46 carried work out of the history"
    return weeks


# ---------------------------------------------------------------------------------------------
# Replaying it through shade, in the order it happened

def events(weeks):
    """(moment, order, action) for everything that happens; replayed sorted."""
    out = []
    for w in weeks:
        k, mon = w["k"], monday(w["k"])
        sunday_before = at(mon - timedelta(days=1), 19, 0)
        out.append((sunday_before, 0, ("plan", w)))
        for t in w["planned"]:
            if t.adhoc and t.series is None:
                moment = at(t.day - timedelta(days=1), 21, 30) if t.slot == "morning" else at(t.day, 8, 15)
                out.append((moment, 1, ("add", t)))
        for t in w["planned"] + w["arrivals"]:
            kind, moment = t.end if t.end else (None, None)
            if kind in ("done", "cancel"):
                out.append((moment, 2, (kind, t)))
        story = STORY[k]
        for a, b in story.get("carries", []):
            out.append((at(mon + timedelta(days=a), 23, 30), 3,
                        ("carry", (mon + timedelta(days=a)).isoformat(), (mon + timedelta(days=b)).isoformat())))
        if story.get("week_carry"):
            nxt = mon + timedelta(days=7)
            out.append((at(nxt, 7, 0), 3, ("carry", week_name(k), nxt.isoformat())))
        for g in w["goals"]:
            if g.intent == "done":
                last = max(t.end[1] for t in g.tasks)
                out.append((last + timedelta(minutes=10), 4, ("goal done", g)))
            else:
                end = (date.fromisoformat(g.period) if "W" not in g.period else mon + timedelta(days=6))
                out.append((at(end, 22, 0), 4, ("goal cancel", g)))
    return sorted(out, key=lambda e: (e[0], e[1]))


def add_words(t):
    words = ["add", t.day.isoformat(), t.slot, *t.title.split(" "), *t.fields]
    if t.goal is not None:
        words.append(f"goal:{t.goal.id}")
    return words


def add_task(moment, t):
    task = shade(moment, *add_words(t), want_json=True)
    if task["title"] != t.title or task["date"] != t.day.isoformat() or task["slot"] != t.slot:
        sys.exit(f"demo-history.py: shade read `{' '.join(add_words(t))}` as {task}")
    t.id = task["id"]


def week_tasks(moment, k):
    view = shade(moment, "week", week_name(k), want_json=True)
    return [task for day in view["days"] for slot in day["slots"] for task in slot["tasks"]]


def add_series(moment):
    """The repeat rules, made when the quarter is first planned. Each is followed by a look at every
    week it reaches, so that its occurrences are numbered then, one series after the other: a week
    first shown with several series' occurrences numbers them in the order of the series' uids,
    which are random, and the ids would differ from run to run."""
    for s in SERIES:
        words = ["add", s.first.isoformat(), s.slot, *s.title.split(" "), *s.fields,
                 f"every:{s.rule}", f"until:{s.until.isoformat()}"]
        if shade(moment, *words, want_json=True)["series"] is None:
            sys.exit(f"demo-history.py: `{' '.join(words)}` made no repeat")
        for k in range(WEEKS):
            if any(monday(k) <= day < monday(k + 1) for day in s.dates()):
                week_tasks(moment, k)


def replay(weeks):
    for moment, _, action in events(weeks):
        kind = action[0]
        if kind == "plan":
            w = action[1]
            if w["k"] == 0:
                add_series(moment)
            for g in w["goals"]:
                words = ["goal", "add", *g.title.split(" "), f"for:{g.period}"]
                if g.due:
                    words.append(f"due:{g.due}")
                made = shade(moment, *words, want_json=True)
                if made["title"] != g.title or made["for"] != g.period:
                    sys.exit(f"demo-history.py: shade read `{' '.join(words)}` as {made}")
                g.id = made["id"]
            for t in w["planned"]:
                if t.series is None and not t.adhoc:
                    add_task(moment, t)
            # The ids of the repeats' occurrences, as the week shows them.
            shown = week_tasks(moment, w["k"])
            for t in w["planned"]:
                if t.series is not None:
                    match = [x for x in shown if x["series"] and x["title"] == t.title
                             and x["date"] == t.day.isoformat() and x["slot"] == t.slot]
                    if len(match) != 1:
                        sys.exit(f"demo-history.py: no single occurrence of {t.title} on {t.day}: {match}")
                    t.id = match[0]["id"]
        elif kind == "add":
            add_task(moment, action[1])
        elif kind in ("done", "cancel"):
            shade(moment, kind, str(action[1].id))
        elif kind == "carry":
            shade(moment, "carry", action[1], "to", action[2])
        elif kind in ("goal done", "goal cancel"):
            shade(moment, "goal", kind.split()[1], action[1].id)


def verify(weeks):
    """shade's own counts agree with the plan; nothing of the history is left where the demo looks."""
    now = datetime(2026, 11, 23, 9, 30)
    stats = shade(now, "stats", "--from", week_name(0), "--to", week_name(WEEKS - 1), want_json=True)
    for w, got in zip(weeks, stats["weeks"]):
        meant = w["counts"]
        have = (got["done"], got["open"], got["cancelled"])
        if have != meant:
            sys.exit(f"demo-history.py: {got['week']} has done/open/cancelled {have}, meant {meant}")
    for k in (WEEKS - 2, WEEKS - 1):
        left = [t for t in week_tasks(now, k) if t["status"] == "open"]
        if left:
            sys.exit(f"demo-history.py: {week_name(k)} keeps open tasks {[t['id'] for t in left]}")
    if any(t["series"] for t in week_tasks(now, WEEKS)):
        sys.exit("demo-history.py: a repeat reaches 2026-W47")
    ours = {g.id for w in weeks for g in w["goals"]}
    for g in shade(now, "goals", "all", want_json=True)["goals"]:
        if g["id"] in ours and g["status"] not in ("done", "cancelled"):
            sys.exit(f"demo-history.py: goal {g['id']} is still {g['status']}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: SHADE_STORE=DIR python3 data/demo-history.py PATH/TO/shade")
    if not os.environ.get("SHADE_STORE"):
        sys.exit("demo-history.py: set SHADE_STORE to the demo store")
    global SHADE
    SHADE = sys.argv[1]
    weeks = decide()
    replay(weeks)
    verify(weeks)


if __name__ == "__main__":
    main()
