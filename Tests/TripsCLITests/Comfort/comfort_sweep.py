#!/usr/bin/env python3
"""The comfort sweep of issue 29: a fixed sample of 60 `trips plan` commands and what their
option 1 measures.

  comfort_sweep.py sample > plans.txt          # the fixed sample (seed 29; regenerating it
                                               # gives the same lines)
  comfort_sweep.py measure TRIPS plans.txt     # runs each with TRIPS, prints JSON measures
  comfort_sweep.py check TRIPS                 # measures the sample with TRIPS (a release
                                               # build: some plans take a minute in debug),
                                               # compares with baseline.json, exit 1 on a miss

`measure` prints, per command, option 1's games, venues and miles, its multi-day legs and how
many end a road night less than an hour short of their goal, and (with --night-driving) the
local hour the trip sets off and, for a start before 07:00, what it buys over a start by day
(the plan's `nightSetOff` note); then the rates over the sample. baseline.json is `measure` of the
release build of commit 1ceae64 (before issue 29). ComfortSweepTests reads the same files.

One stated exception (issue 40 item 5): miles alone never justify a start before 07:00, so where a
night start only saved miles it is declined ("would save N mi" in `nightSetOff.note`), and option
1 sees as many games and venues as the baseline's (perhaps other games) but may drive further.
"""
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

SEASONS = {
    "mlb": ("2026-04-01", "2026-09-10"),
    "nba": ("2026-10-25", "2027-03-31"),
    "nhl": ("2025-10-10", "2026-03-31"),
    "nfl": ("2026-09-12", "2026-12-20"),
    "mls": ("2026-03-01", "2026-10-01"),
    "wnba": ("2026-05-20", "2026-08-20"),
}
PLACES = [
    "Chicago", "Boston, MA", "Seattle, WA", "Denver", "Toronto", "Atlanta", "Dallas", "Miami",
    "Los Angeles", "Kansas City", "Minneapolis", "Philadelphia", "Phoenix", "St. Louis", "Detroit",
    "Pittsburgh", "Houston", "Cleveland", "Nashville", "Charlotte",
]
OBJECTIVES = ["games", "stadiums", "driving"]


def sample():
    rng = random.Random(29)
    lines = []
    for index in range(60):
        sport = rng.choice(sorted(SEASONS))
        first, last = (datetime.fromisoformat(d).toordinal() for d in SEASONS[sport])
        start_day = datetime.fromordinal(rng.randint(first, last)).date().isoformat()
        days = rng.randint(3, 30)
        args = ["plan", "--sport", sport, "--from", start_day, "--days", str(days),
                "--start", rng.choice(PLACES), "--max-drive-hours", str(rng.randint(3, 12)),
                "--optimize", rng.choice(OBJECTIVES)]
        if rng.random() < 0.3:
            args += ["--end", rng.choice(PLACES)]
        if index % 3 == 0:
            args.append("--night-driving")
        lines.append(" ".join(f'"{a}"' if " " in a else a for a in args))
    return lines


def split(line):
    import shlex
    return shlex.split(line)


def instant(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def measure_one(trips, line, env):
    args = split(line) + ["--format", "json", "--no-input"]
    began = time.monotonic()
    out = subprocess.run([trips] + args, capture_output=True, text=True, env=env, timeout=600)
    result = {"command": line, "status": out.returncode, "seconds": round(time.monotonic() - began, 2)}
    try:
        doc = json.loads(out.stdout)
    except ValueError:
        result["error"] = out.stderr.strip()[:300]
        return result
    trips_ = doc.get("trips") or []
    if not trips_:
        result["infeasibility"] = doc.get("infeasibility")
        return result
    trip = trips_[0]
    result["games"] = [g["id"] for g in trip["games"]]
    result["venues"] = trip["distinctStadiums"]
    result["miles"] = trip["totalMiles"]
    drives = [d for day in trip["days"] for d in day["drives"]]
    short = 0
    multi = 0
    for leg in trip["legs"]:
        if leg["overnightStops"] == 0:
            continue
        multi += 1
        arrival = instant(leg["arrival"])
        last = [d for d in drives if abs(instant(d["arrive"]) - arrival) < 1 and d["to"] == leg["to"]]
        if last and last[-1]["hours"] < 1.0:
            short += 1
    result["multiDayLegs"] = multi
    result["shortNights"] = short
    if drives:
        result["setsOffHour"] = int(drives[0]["depart"][11:13])
    result["nightStarts"] = sum(1 for d in drives if int(d["depart"][11:13]) < 5)
    choice = doc.get("nightSetOff")
    result["nightDeclinedForMiles"] = bool(choice and not choice.get("kept") and "would save" in (choice.get("note") or ""))
    if choice and choice.get("kept"):
        result["nightSetOffBuys"] = choice.get("note")
    return result


def measure(trips, path):
    lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    env = dict(os.environ)
    env.update({"TRIPS_NOW": "2026-11-27T12:00:00Z", "NO_COLOR": "1", "TZ": "UTC"})
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda l: measure_one(trips, l, env), lines))
    multi = sum(r.get("multiDayLegs", 0) for r in results)
    short = sum(r.get("shortNights", 0) for r in results)
    night = [r for r in results if "--night-driving" in r["command"] and "setsOffHour" in r]
    early = sum(1 for r in night if r["setsOffHour"] < 5)
    summary = {"multiDayLegs": multi, "shortNights": short, "nightPlans": len(night),
               "nightPlansSettingOffBefore5": early}
    return {"summary": summary, "plans": results}


def check(trips):
    folder = os.path.dirname(os.path.abspath(__file__))
    before = {p["command"]: p for p in json.load(open(os.path.join(folder, "baseline.json")))["plans"]}
    now = measure(trips, os.path.join(folder, "plans.txt"))
    misses = []
    for plan in now["plans"]:
        old = before[plan["command"]]
        # The stated exception (issue 40 item 5): a night start that only saved miles is declined,
        # so option 1 sets off by day with the same games and venues and may drive further.
        declined = plan.get("nightDeclinedForMiles", False)
        for key in ("games", "venues", "miles"):
            if declined and key == "miles" and plan.get(key, 0) >= old.get(key, 0):
                continue
            if declined and key == "games" and len(plan.get(key) or []) == len(old.get(key) or []):
                continue  # as many games, set off by day: perhaps others
            if plan.get(key) != old.get(key):
                misses.append(f"{plan['command']}: option 1's {key} changed")
    s = now["summary"]
    if s["shortNights"] * 100 > s["multiDayLegs"] * 3:
        misses.append(f"{s['shortNights']} of {s['multiDayLegs']} multi-day legs end a night under an hour short")
    if s["nightPlansSettingOffBefore5"] * 10 > s["nightPlans"]:
        misses.append(f"{s['nightPlansSettingOffBefore5']} of {s['nightPlans']} night-driving plans set off 00-05")
    for plan in now["plans"]:
        if "--night-driving" in plan["command"] and plan.get("setsOffHour", 24) < 5:
            # Each night start must buy something over the best start by day, and say what.
            if plan.get("nightSetOffBuys"):
                print(f"night start: {plan['command']}\n  {plan['nightSetOffBuys']}")
            else:
                misses.append(f"{plan['command']}: sets off at night and does not say what that buys")
    print(json.dumps(s))
    print("\n".join(misses) or "ok: option 1 unchanged on all 60, rates within the issue's limits")
    return 1 if misses else 0


if __name__ == "__main__":
    if sys.argv[1] == "check":
        sys.exit(check(sys.argv[2]))
    elif sys.argv[1] == "sample":
        print("# 60 plan commands (comfort_sweep.py sample, seed 29): issue 29's fixed sweep")
        print("\n".join(sample()))
    elif sys.argv[1] == "measure":
        json.dump(measure(sys.argv[2], sys.argv[3]), sys.stdout, indent=1)
        print()
