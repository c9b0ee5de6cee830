#!/usr/bin/env python3
"""Differential-test oracle: random RRULEs expanded with python-dateutil.

Usage: dateutil_oracle.py SEED COUNT

Prints one JSON object per line:
  {"index", "rule", "dtstart", "tzid", "window_end", "limit", "occurrences": [ISO 8601 with offset]}
The Swift side expands `rule` from `dtstart` (local time in `tzid`) and compares the occurrences in
[dtstart, window_end] (inclusive), truncated to `limit`.

Rule shapes where dateutil is known to differ from RFC 5545 (+ errata) are not generated; each one is listed
in EXCLUSIONS.md next to this file:
  1. DTSTART that does not match the rule (RFC counts it as the first occurrence, dateutil drops it): every
     generated DTSTART is replaced by dateutil's own first occurrence, so it always matches.
  2. Local times in or next to DST transitions for DAILY and longer rules (dateutil keeps non-existent wall
     times instead of moving them forward per erratum 4271 / RFC 5545 section 3.3.5): in zones with DST, hours
     are drawn from 04..23, away from every transition of the zones used.
  3. SECONDLY/MINUTELY/HOURLY windows that contain a UTC offset change (dateutil steps wall-clock time,
     this engine steps elapsed time per erratum 3883): such windows are moved until they contain none.
  4. UNTIL given as a DATE (dateutil reads it as midnight at the start of that day, this engine includes the
     whole day): UNTIL is always a UTC DATE-TIME, as the RFC requires with a TZID DTSTART.
  5. Negative BYWEEKNO values that reach into a neighbouring year's weeks (-52/-53 style values on the days
     that belong to the previous/next year's week): dateutil only checks -1 for the previous year's last
     week and never checks negative numbers for next year's week 1 (its own "TODO"): only BYWEEKNO values in
     -50..-1 and 1..53 are generated, plus the ones covered by the dedicated Swift tests.
  6. BYDAY lists that mix plain weekdays with ordinal ones (BYDAY=MO,2TU) in MONTHLY/YEARLY rules: dateutil
     keeps only days matching both kinds (an intersection, usually empty), the RFC means the union: a generated
     BYDAY has either only plain weekdays or only ordinal weekdays.
  7. WEEKLY rules with BYSETPOS whose DTSTART is not on the WKST day: dateutil's first weekly period starts on
     DTSTART's day rather than on WKST, so BYSETPOS counts a truncated first week: WKST is set to DTSTART's
     weekday for these rules.
  8. BYWEEKNO naming the previous year's last week (52 or 53) on the January days that belong to it: where
     that year's week 1 starts after 1 January, dateutil counts the previous year's weeks from this year's
     length and first week, so it may take 52 weeks for 53 or the reverse: rules whose window holds such a
     year are drawn again.
Time zones come from zoneinfo: dateutil.tz ignores the TZif footer and has no DST transitions after 2037.
"""
import calendar
import json
import random
import signal
import sys
from datetime import datetime, timedelta, timezone

try:
    from zoneinfo import ZoneInfo
    from dateutil.rrule import rrulestr
except ImportError:  # pragma: no cover - reported to the Swift test
    sys.stderr.write("python-dateutil is not installed (pip install python-dateutil)\n")
    sys.exit(3)

ZONES = ["America/New_York", "Europe/Berlin", "UTC", "Asia/Kolkata", "Australia/Sydney"]
DST_ZONES = {"America/New_York", "Europe/Berlin", "Australia/Sydney"}
FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
FREQ_WEIGHTS = [3, 3, 2, 2, 1.5, 1, 0.6]
WINDOWS = {
    "YEARLY": timedelta(days=365 * 40), "MONTHLY": timedelta(days=365 * 8), "WEEKLY": timedelta(days=365 * 3),
    "DAILY": timedelta(days=500), "HOURLY": timedelta(days=12), "MINUTELY": timedelta(hours=30),
    "SECONDLY": timedelta(minutes=50),
}
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
LIMIT = 30


def sample(rng, values, low, high):
    return sorted(set(rng.sample(values, rng.randint(low, min(high, len(values))))))


def nonzero(rng, bound, low=-1, count=(1, 3)):
    values = [v for v in range(-bound, bound + 1) if v != 0 and v >= -abs(low) if True]
    return sample(rng, values, *count)


def random_rule(rng, freq, zone):
    parts = [f"FREQ={freq}"]
    roll = rng.random()
    interval = 1 if roll < 0.5 else rng.randint(2, 5) if roll < 0.9 else rng.randint(6, 30)
    if interval > 1:
        parts.append(f"INTERVAL={interval}")
    has_by = False
    sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    by_month = rng.random() < (0.2 if sub_daily else 0.35)
    if by_month:
        parts.append("BYMONTH=" + ",".join(map(str, sample(rng, list(range(1, 13)), 1, 4))))
        has_by = True
    by_weekno = freq == "YEARLY" and rng.random() < 0.15
    if by_weekno:
        values = [v for v in range(-50, 54) if v != 0]
        parts.append("BYWEEKNO=" + ",".join(map(str, sample(rng, values, 1, 3))))
        has_by = True
    if freq in ("YEARLY", "HOURLY", "MINUTELY", "SECONDLY") and rng.random() < 0.15:
        values = [v for v in range(-366, 367) if v != 0]
        parts.append("BYYEARDAY=" + ",".join(map(str, sample(rng, values, 1, 4))))
        has_by = True
    if freq != "WEEKLY" and rng.random() < 0.3:
        values = [v for v in range(-31, 32) if v != 0]
        parts.append("BYMONTHDAY=" + ",".join(map(str, sample(rng, values, 1, 4))))
        has_by = True
    if rng.random() < 0.45:
        entries = []
        with_ordinals = freq in ("MONTHLY", "YEARLY") and not by_weekno and rng.random() < 0.5
        for day in sample(rng, DAYS, 1, 4):
            if with_ordinals:
                bound = 5 if (freq == "MONTHLY" or by_month) else 53
                ordinal = rng.choice([v for v in range(-bound, bound + 1) if v != 0])
                entries.append(f"{ordinal}{day}")
            else:
                entries.append(day)
        parts.append("BYDAY=" + ",".join(entries))
        has_by = True
    hours = list(range(4, 24)) if (zone in DST_ZONES and not sub_daily) else list(range(24))
    if rng.random() < 0.3:
        parts.append("BYHOUR=" + ",".join(map(str, sample(rng, hours, 1, 3))))
        has_by = True
    if rng.random() < 0.3:
        parts.append("BYMINUTE=" + ",".join(map(str, sample(rng, list(range(60)), 1, 3))))
        has_by = True
    if rng.random() < 0.2:
        parts.append("BYSECOND=" + ",".join(map(str, sample(rng, list(range(60)), 1, 3))))
        has_by = True
    if has_by and rng.random() < 0.2:
        values = [v for v in range(-4, 5) if v != 0]
        parts.append("BYSETPOS=" + ",".join(map(str, sample(rng, values, 1, 2))))
    if rng.random() < 0.3:
        parts.append("WKST=" + rng.choice(DAYS))
    return parts


def random_start(rng, zone, sub_daily):
    hour = rng.randint(4, 23) if (zone in DST_ZONES and not sub_daily) else rng.randint(0, 23)
    minute = 0 if rng.random() < 0.5 else rng.randint(0, 59)
    second = 0 if rng.random() < 0.6 else rng.randint(0, 59)
    return datetime(rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 28), hour, minute, second)


def iso(value):
    return value.isoformat()


def offsets_stable(zone_info, start, end):
    """True when the UTC offset is the same at both ends of a window shorter than half a year."""
    return start.replace(tzinfo=zone_info).utcoffset() == end.replace(tzinfo=zone_info).utcoffset()


def weeks_in_year(year, wkst):
    """How many weeks the week-numbering year `year` has when weeks start on weekday `wkst` (Monday is 0)."""
    lead = (datetime(year, 1, 1).weekday() - wkst) % 7
    return 53 if lead == 3 or (calendar.isleap(year) and lead == 2) else 52


def dateutil_last_week_of_previous_year(year, wkst):
    """The previous year's last week number as dateutil 2.9 computes it for the January days before week 1."""
    first_wkst = (7 - datetime(year, 1, 1).weekday() + wkst) % 7
    previous_weekday = datetime(year - 1, 1, 1).weekday()
    previous_first_wkst = (7 - previous_weekday + wkst) % 7
    if previous_first_wkst >= 4:
        return 52 + (365 + calendar.isleap(year - 1) + (previous_weekday - wkst) % 7) % 7 // 4
    return 52 + (365 + calendar.isleap(year) - first_wkst) % 7 // 4


def miscounted_last_week(parts, first_year, last_year):
    """True when dateutil would read BYWEEKNO wrongly on January days of a year in the window (exclusion 8)."""
    weeks = next((p[len("BYWEEKNO="):] for p in parts if p.startswith("BYWEEKNO=")), None)
    if weeks is None:
        return False
    numbers = {int(value) for value in weeks.split(",")}
    if -1 in numbers:
        return False
    wkst = DAYS.index(next((p[len("WKST="):] for p in parts if p.startswith("WKST=")), "MO"))
    for year in range(first_year, last_year + 2):
        first_wkst = (7 - datetime(year, 1, 1).weekday() + wkst) % 7
        if not 0 < first_wkst < 4:
            continue
        counted, actual = dateutil_last_week_of_previous_year(year, wkst), weeks_in_year(year - 1, wkst)
        if counted != actual and numbers & {counted, actual}:
            return True
    return False


class SlowRule(Exception):
    """Raised when dateutil spends too long on a rule (it scans to year 9999 for rules that never match)."""


def on_alarm(signum, frame):
    raise SlowRule()


def make_case(rng, index):
    for _ in range(200):
        try:
            # The alarm may fire at any instruction until it is cleared, even in the inner `finally`:
            # the outer `try` catches it wherever it lands, so a slow draw is always just drawn again.
            signal.setitimer(signal.ITIMER_REAL, 0.015)
            try:
                case = try_case(rng, index)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            return case
        except SlowRule:
            continue
        except (RetryCase, ValueError):
            # ValueError: dateutil rejects BYHOUR/BYMINUTE/BYSECOND sets that INTERVAL can never reach.
            continue
    raise RuntimeError(f"could not generate case {index}")


class RetryCase(Exception):
    """The random case falls in an excluded shape; draw another."""


def try_case(rng, index):
    if True:
        zone = rng.choice(ZONES)
        # zoneinfo, not dateutil.tz: dateutil's tzfile ignores the TZif footer rule and so has no DST after 2037.
        zone_info = ZoneInfo(zone)
        freq = rng.choices(FREQS, FREQ_WEIGHTS)[0]
        sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
        parts = random_rule(rng, freq, zone)
        naive = random_start(rng, zone, sub_daily)
        window = WINDOWS[freq]
        base = ";".join(parts)
        probe = rrulestr(base, dtstart=naive.replace(tzinfo=zone_info))
        first = probe.after(naive.replace(tzinfo=zone_info) - timedelta(seconds=1), inc=True)
        if first is None or first.replace(tzinfo=None) > naive + window / 2:
            raise RetryCase()
        naive = first.replace(tzinfo=None)
        if freq == "WEEKLY" and any(p.startswith("BYSETPOS") for p in parts):
            # dateutil's first WEEKLY period starts at DTSTART instead of at WKST, which changes BYSETPOS
            # positions in that week; starting the week on DTSTART's weekday makes both readings agree.
            parts = [p for p in parts if not p.startswith("WKST")] + ["WKST=" + DAYS[naive.weekday()]]
            base = ";".join(parts)
        if zone in DST_ZONES and not sub_daily and naive.hour < 4:
            raise RetryCase()
        start = naive.replace(tzinfo=zone_info)
        end_naive = naive + window
        if miscounted_last_week(parts, naive.year, end_naive.year):
            raise RetryCase()
        if sub_daily and zone in DST_ZONES and not offsets_stable(zone_info, naive, end_naive):
            raise RetryCase()
        roll = rng.random()
        rule_parts = list(parts)
        if roll < 0.4:
            rule_parts.append(f"COUNT={rng.randint(1, LIMIT)}")
        elif roll < 0.7:
            until = start + (end_naive - naive) * rng.random()
            until_utc = until.astimezone(timezone.utc)
            rule_parts.append("UNTIL=" + until_utc.strftime("%Y%m%dT%H%M%SZ"))
        text = ";".join(rule_parts)
        rule = rrulestr(text, dtstart=start)
        if rule.after(start - timedelta(seconds=1), inc=True) != start:
            raise RetryCase()
        end = end_naive.replace(tzinfo=zone_info)
        occurrences = []
        for value in rule.xafter(start, count=None, inc=True):
            if value > end or len(occurrences) >= LIMIT:
                break
            occurrences.append(iso(value))
        return {
            "index": index, "rule": text, "dtstart": naive.strftime("%Y%m%dT%H%M%S"), "tzid": zone,
            "window_end": iso(end), "limit": LIMIT, "occurrences": occurrences,
        }


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    # The parent (e.g. a test runner) may have SIGALRM blocked; the per-rule time limit needs it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])
    signal.signal(signal.SIGALRM, on_alarm)
    for index in range(count):
        rng = random.Random(seed * 1_000_003 + index)
        print(json.dumps(make_case(rng, index)))


if __name__ == "__main__":
    main()
