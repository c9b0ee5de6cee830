"""Opening every edit page in a real Chromium and pressing Save without touching anything changes nothing:
for a store holding every kind with an edit page and the variants a person can make (each skill frequency,
monthly ones too, targets a day, a week and a month; trackers with and without a time; each event repeat
shape, a custom RRULE too; water in ml and in oz with seconds and fractions; a moment from a task; the
journal, settings and water settings), the backup is the same before and after."""
import json
import os
import subprocess
import time
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By

from conftest import ADMIN, make_driver, running_server, sign_in, tally_binary


def api(base, token, method, path, body=None):
    request = urllib.request.Request(
        base + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()[:300]}") from None


def token(base, name):
    request = urllib.request.Request(
        base + "/api/v1/auth/tokens", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"user": ADMIN[0], "password": ADMIN[1], "name": name}).encode())
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())["token"]


SKILLS = [
    {"name": "Walk", "frequency": "daily"},
    {"name": "Swim", "frequency": "3/week", "days": 30, "reviewReminder": True},
    {"name": "Piano", "category": "learning", "frequency": "mon,wed,fri", "targetAmount": 20, "targetUnit": "minutes"},
    {"name": "Run", "frequency": "every-3-days", "end": "2027-01-31", "targetAmount": 5, "targetUnit": "km",
     "targetPeriod": "week", "rollover": True},
    {"name": "Budget", "frequency": "monthly", "targetAmount": 12, "targetUnit": "entries", "targetPeriod": "month"},
    {"name": "Deep clean", "frequency": "3/month", "rollover": True},
    {"name": "Pay rent", "frequency": "day-1,15,31"},
]
EVENT_RULES = [
    "FREQ=YEARLY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "FREQ=MONTHLY;BYDAY=-1FR",
    "FREQ=DAILY;INTERVAL=3", "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=10",
]


def fill(base, bearer):
    """Every kind with an edit page, in its variants; returns the edit pages and the forms they post."""
    pages = []
    for skill in SKILLS:
        made = api(base, bearer, "POST", "/api/v1/skills", dict(skill, start="2026-11-02"))
        pages.append((f"/skills/{made['id']}/edit", f"/skills/{made['id']}"))
    water = api(base, bearer, "POST", "/api/v1/water/entries",
                {"amountMl": 333.33, "at": "2026-11-20T20:53:15.586-05:00", "drinkKind": "tea"})
    pages.append((f"/water/entries/{water['id']}/edit", f"/water/entries/{water['id']}"))
    for body in [
        {"title": "Holiday", "targetDate": "2027-07-01T09:30:15-04:00", "allDay": False, "timeZone": "America/New_York",
         "type": "till", "category": "Travel", "colorTheme": "green", "displayUnits": ["days", "hours"]},
        {"title": "Quit sugar", "targetDate": "2026-10-01T00:00:00-04:00", "allDay": True, "timeZone": "America/New_York", "type": "since", "category": "Health",
         "colorTheme": "purple", "displayUnits": ["days"]},
    ]:
        tracker = api(base, bearer, "POST", "/api/v1/trackers", body)
        pages.append((f"/dates/trackers/{tracker['id']}/edit", f"/dates/trackers/{tracker['id']}"))
    reminder = api(base, bearer, "POST", "/api/v1/reminders", {
        "title": "Call mum", "description": "Sunday", "date": "2026-12-06T10:15:42-05:00",
        "timeZone": "America/New_York", "category": "Family", "colorTheme": "teal"})
    pages.append((f"/dates/reminders/{reminder['id']}/edit", f"/dates/reminders/{reminder['id']}"))
    for rule in EVENT_RULES:
        event = api(base, bearer, "POST", "/api/v1/events", {
            "title": "Book club", "startDate": "2026-11-19T09:30:00-05:00", "timeZone": "America/New_York",
            "recurrenceRule": rule, "category": "Social", "colorTheme": "orange"})
        pages.append((f"/dates/events/{event['id']}/edit", f"/dates/events/{event['id']}"))
    budget = api(base, bearer, "GET", "/api/v1/skills")
    skill_id = next(s["id"] for s in (budget if isinstance(budget, list) else budget["skills"]) if s["name"] == "Piano")
    moment = api(base, bearer, "POST", "/api/v1/moments", {
        "title": "First scale", "description": "C major", "date": "2026-11-20", "category": "milestone",
        "skillId": skill_id})
    pages.append((f"/skills/moments/{moment['id']}/edit", f"/skills/moments/{moment['id']}"))
    api(base, bearer, "PUT", "/api/v1/journal/2026-11-20", {"notes": "A quiet day.\nTwo lines.", "moodRating": 4})
    pages.append(("/journal?day=2026-11-20", "/journal/2026-11-20"))
    pages.append(("/settings", "/settings"))
    pages.append(("/water/settings", "/water/settings"))
    return pages


def backup(env):
    """The store's records as a backup holds them, without the moment it was written."""
    out = subprocess.run([tally_binary(), "export"], env=env, check=True, capture_output=True).stdout
    return {key: value for key, value in json.loads(out).items() if isinstance(value, list)}


def save_unchanged(driver, base, page, action):
    driver.get(base + page)
    form = driver.find_element(By.CSS_SELECTOR, f'form[action="{action}"]')
    # The form's own Save: not a button that does something else (a preset's "move up" has a name).
    button = form.find_elements(By.CSS_SELECTOR, "button[type=submit]:not([formaction]):not([name])")[-1]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    driver.execute_script("window.beforeSave = true")
    button.click()
    # The post answered with a new page (a redirect, or the same address again).
    for _ in range(200):
        if driver.execute_script("return document.readyState == 'complete' && !window.beforeSave"):
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"{page}: Save did not load a page")
    banner = driver.find_elements(By.CSS_SELECTOR, ".error, [role=alert]")
    assert not [b.text for b in banner if b.text.strip()], f"{page}: {[b.text for b in banner]}"


def test_every_edit_page_saved_unchanged_changes_nothing(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=str(data))
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True, env=env,
                   check=True, capture_output=True)
    for unit in ["oz", "ml"]:
        with running_server(env) as base:
            bearer = token(base, "unchanged saves in " + unit)
            if unit == "oz":
                pages = fill(base, bearer)
            api(base, bearer, "PATCH", "/api/v1/water/settings",
                {"unit": unit, "presetsMl": [250, 330, 500, 750], "goalMl": 2500, "weekGoalMl": 14250})
            before = backup(env)
            driver = make_driver()
            try:
                sign_in(driver, base, *ADMIN)
                for page, action in pages:
                    save_unchanged(driver, base, page, action)
                    if os.environ.get("UNCHANGED_DEBUG"):
                        now = backup(env)
                        assert [k for k in before if now[k] != before[k]] == [], f"{unit}: {page}"
            finally:
                driver.quit()
            after = backup(env)
        for kind in before:
            assert after[kind] == before[kind], f"{unit}: {kind} changed by an unchanged save"
