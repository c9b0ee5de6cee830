"""WCAG 2.2 A and AA on every page, as axe-core checks them (4.12, pinned: the copy inside the
`axe-playwright-python` wheel, installed without its dependencies), at 375 px in light and in dark, with
something of every kind on the pages: a done task with its "Record a moment", a rolled-over task, the
categories' headings, moments, a countdown, a reminder, an event, a journal entry, water and bathroom
events."""
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from conftest import ADMIN, PHONE, make_driver, running_server, set_width, sign_in, tally_binary

AXE = Path(importlib.util.find_spec("axe_playwright_python").submodule_search_locations[0]) / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PAGES = [
    "/", "/water", "/water/stats", "/water/calendar", "/water/settings", "/water/share", "/bathroom",
    "/bathroom/new", "/bathroom/history", "/bathroom/diary", "/skills", "/skills/new", "/skills/all",
    "/skills/progress", "/skills/progress?view=week", "/skills/progress?view=month", "/skills/progress?view=year",
    "/skills/moments", "/dates", "/dates/trackers/new", "/dates/reminders", "/dates/events", "/dates/events/new",
    "/journal", "/journal/year", "/settings", "/settings/notifications", "/settings/widgets", "/account",
    "/admin", "/import",
]


@pytest.fixture(scope="module")
def seeded():
    directory = tempfile.mkdtemp(prefix="tally-a11y-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=directory)
    today = datetime.now().date()
    yesterday = (today - timedelta(days=1)).isoformat()

    def tally(*arguments):
        subprocess.run([tally_binary(), *arguments], env=env, check=True, capture_output=True)

    tally("skills", "add", "Guitar", "--category", "learning")
    tally("skills", "add", "Run", "--category", "fitness", "--start", yesterday, "--rollover")
    tally("skills", "add", "Read", "--category", "learning")
    tally("skills", "done", "Guitar")
    tally("skills", "done", "Read", "--partial")
    tally("moments", "add", "First song", "--skill", "Guitar")
    tally("moments", "add", "Ten kilometres", "--category", "milestone")
    tally("trackers", "add", "Holiday", "--till", (today + timedelta(days=3)).isoformat())
    tally("trackers", "add", "Quit sugar", "--since", (today - timedelta(days=40)).isoformat(), "--theme", "gold")
    tally("reminders", "add", "Call mum", "--date", today.isoformat(), "--time", "23:59")
    tally("events", "add", "Yoga", "--start", yesterday, "--rrule", "FREQ=DAILY")
    tally("journal", "--mood", "4", "--note", "A good day")
    tally("water", "log", "250")
    tally("pee", "--volume", "300")
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    with running_server(env) as url:
        yield url
    shutil.rmtree(directory, ignore_errors=True)


def violations(driver):
    if not driver.execute_script("return typeof axe === 'object'"):
        driver.execute_script(AXE.read_text())
    result = driver.execute_async_script(
        "const done = arguments[1];"
        "axe.run(document, { runOnly: { type: 'tag', values: arguments[0] }, resultTypes: ['violations'] })"
        ".then((r) => done(JSON.stringify(r.violations)), (e) => done(JSON.stringify([{id: 'axe', help: String(e), nodes: []}])))",
        TAGS)
    return json.loads(result)


def describe(path, scheme, found):
    lines = []
    for violation in found:
        for node in violation["nodes"][:3]:
            lines.append(f"{path} ({scheme}) {violation['id']}: {violation['help']}: {node.get('target')} "
                         f"{(node.get('failureSummary') or '').splitlines()[-1:]}")
    return lines


def test_every_page_meets_wcag_22_aa_in_light_and_dark(seeded):
    driver = make_driver()
    try:
        driver.set_script_timeout(60)
        set_width(driver, PHONE)
        driver.get(seeded + "/login")
        problems = describe("/login", "light", violations(driver))
        sign_in(driver, seeded, *ADMIN)
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for path in PAGES:
                driver.get(seeded + path)
                problems += describe(path, scheme, violations(driver))
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()
