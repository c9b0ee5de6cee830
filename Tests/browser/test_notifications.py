"""Notifications end to end: a `tally serve` whose clock is just past a water nudge, a webhook receiver on
loopback, the settings page in headless Chromium, a push delivered to the service worker through the
DevTools protocol, its "+250 ml" button storing an entry, and the calendar feed read by Python's icalendar."""
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

import icalendar
import pytest
import websocket
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, make_driver, running_server, screenshot, set_width, sign_in, tally_binary

USER = ("nina", "quiet river 7")
# 10:05 in New York: the 10:00 nudge (the second of eight between 07:00 and 23:00) is due and within the
# scheduler's grace, and nothing has been drunk.
NOW = "2026-11-23T10:05:00-05:00"


class Receiver(http.server.BaseHTTPRequestHandler):
    """A webhook endpoint on loopback that keeps what it is sent."""
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        Receiver.received.append((dict(self.headers), json.loads(body)))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def receiver():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


METRICS_TOKEN = "a scraper's token, long enough"


def metrics(base):
    request = urllib.request.Request(base + "/metrics", headers={"Authorization": "Bearer " + METRICS_TOKEN})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


@pytest.fixture(scope="module")
def nudging_server():
    data = tempfile.mkdtemp(prefix="tally-notify-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data, TALLY_NOW=NOW)
    subprocess.run([tally_binary(), "users", "add", USER[0]], input=USER[1] + "\n", text=True, env=env,
                   check=True, capture_output=True)
    with running_server(env, "--metrics-token", METRICS_TOKEN) as url:
        yield url
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="module")
def driver(nudging_server):
    browser = make_driver()
    sign_in(browser, nudging_server, *USER)
    yield browser
    browser.quit()


def click(driver, element):
    # Centre it first: the fixed tab bar at the bottom of a phone screen would take a click at the edge.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def api(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return json.loads(text) if text else None


def bearer(base):
    name = "browser test %d" % time.monotonic_ns()
    return api(base, "POST", "/api/v1/auth/tokens", {"user": USER[0], "password": USER[1], "name": name})["token"]


class DevTools:
    """The browser's DevTools protocol over its own websocket, with sessions on the page and on workers."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        version = json.load(urllib.request.urlopen(f"http://{address}/json/version", timeout=5))
        self.socket = websocket.create_connection(version["webSocketDebuggerUrl"], timeout=15, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method, matches, seconds=15):
        deadline = time.time() + seconds
        while time.time() < deadline:
            for event in self.events:
                if event.get("method") == method and matches(event["params"]):
                    return event["params"]
            self.events.append(json.loads(self.socket.recv()))
        raise AssertionError(f"no {method} event")

    def attach(self, kind, url_prefix):
        targets = self.send("Target.getTargets")["targetInfos"]
        target = next(t for t in targets if t["type"] == kind and t["url"].startswith(url_prefix))
        return self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]

    def close(self):
        self.socket.close()


def test_a_pushed_nudge_shows_and_its_button_logs_water(nudging_server, receiver, driver):
    base = nudging_server
    set_width(driver, PHONE)
    driver.get(base + "/settings/notifications")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Notifications"
    screenshot(driver, "notifications-empty", PHONE)

    # Add the webhook through the page; the scheduler sends the 10:00 nudge to it within a poll or two.
    form = driver.find_element(By.ID, "channel-form")
    Select(form.find_element(By.NAME, "kind")).select_by_value("webhook")
    form.find_element(By.NAME, "url").send_keys(receiver + "/hook")
    form.find_element(By.NAME, "name").send_keys("Home Assistant")
    click(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    WebDriverWait(driver, 10).until(lambda d: "shown this once" in d.page_source or "error-banner" in d.page_source)
    assert "signing secret, shown this once" in driver.page_source, driver.page_source
    deadline = time.time() + 20
    while not Receiver.received and time.time() < deadline:
        time.sleep(0.2)
    assert Receiver.received, "the scheduler sent no nudge to the webhook"
    headers, nudge = Receiver.received[0]
    assert nudge["kind"] == "water" and nudge["dueLocal"] == "2026-11-23T10:00"
    assert headers.get("X-Tally-Signature", "").startswith("sha256=")
    assert [a["label"] for a in nudge["actions"]] == ["+250 ml", "Snooze 15 min"]
    # The scheduler's work shows in /metrics: what it has sent, what is queued, what is being sent.
    sent = 'tally_notification_deliveries_total{outcome="sent"}'
    deadline = time.time() + 10
    while sent not in (scraped := metrics(base)) and time.time() < deadline:
        time.sleep(0.2)
    assert sent in scraped, scraped
    assert "tally_notifications_queued" in scraped and "tally_notification_deliveries_in_flight" in scraped

    # The same notification, pushed to this browser's service worker as a push service would.
    devtools = DevTools(driver)
    try:
        devtools.send("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
        driver.get(base + "/settings/notifications")
        driver.execute_async_script(
            "navigator.serviceWorker.ready.then(() => arguments[arguments.length - 1](true))")
        page = devtools.attach("page", base)
        devtools.send("ServiceWorker.enable", session=page)
        registration = devtools.wait_for(
            "ServiceWorker.workerRegistrationUpdated",
            lambda params: any(r["scopeURL"] == base + "/" and not r["isDeleted"] for r in params["registrations"]))
        registration_id = next(r["registrationId"] for r in registration["registrations"] if r["scopeURL"] == base + "/")
        devtools.wait_for(
            "ServiceWorker.workerVersionUpdated",
            lambda params: any(v["registrationId"] == registration_id and v["status"] == "activated"
                               and v["runningStatus"] == "running" for v in params["versions"]))
        payload = {
            "key": nudge["id"], "kind": nudge["kind"], "title": nudge["title"], "body": nudge["body"],
            "url": nudge["url"], "token": nudge["token"],
            "actions": [{"action": a["action"], "title": a["label"]} for a in nudge["actions"]],
        }
        # Headless Chromium now and then drops a notification right after showing it (showNotification
        # resolves, getNotifications is empty): push again, as a push service may; the tag keeps one.
        shown = []
        for _ in range(3):
            devtools.send("ServiceWorker.deliverPushMessage",
                          {"origin": base, "registrationId": registration_id, "data": json.dumps(payload)},
                          session=page)
            for _ in range(30):
                shown = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "navigator.serviceWorker.ready.then(r => r.getNotifications())"
                    ".then(ns => done(ns.map(n => ({title: n.title, actions: n.actions.map(a => a.title), data: n.data}))))")
                if shown:
                    break
                time.sleep(0.1)
            if shown:
                break
        assert shown and shown[0]["title"] == nudge["title"]
        assert shown[0]["actions"] == ["+250 ml", "Snooze 15 min"]

        # Pressing "+250 ml" runs in the worker what its notificationclick handler runs with the shown
        # notification's data, the app closed.
        worker = devtools.attach("service_worker", base)
        said = devtools.send("Runtime.evaluate", {
            "expression": "press(%s, 'water')" % json.dumps(shown[0]["data"]),
            "awaitPromise": True, "returnByValue": True}, session=worker)
        assert said["result"]["value"] == "Logged 250 ml."
    finally:
        devtools.close()
    token = bearer(base)
    day = api(base, "GET", "/api/v1/water/days/2026-11-23", token=token)
    assert day["totalMl"] == 250

    # The page lists the delivery and what is coming, on a phone and on a desktop.
    driver.get(base + "/settings/notifications")
    log = driver.find_element(By.ID, "log").text
    assert "Time for some water" in log and "Home Assistant" in log
    assert "Water nudge" in driver.find_element(By.ID, "upcoming").text
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    screenshot(driver, "notifications", PHONE)
    set_width(driver, DESKTOP)
    screenshot(driver, "notifications", DESKTOP)


def test_the_calendar_feed_reads_in_icalendar_and_its_old_address_is_refused(nudging_server, driver):
    base = nudging_server
    token = bearer(base)
    event = api(base, "POST", "/api/v1/events", {
        "title": "Yoga, gentle", "startDate": "2026-11-02T18:30:00-05:00", "timeZone": "America/New_York",
        "recurrenceRule": "FREQ=WEEKLY;BYDAY=MO"}, token=token)
    api(base, "POST", f"/api/v1/events/{event['id']}/skip?occurrence=2026-11-16T23:30:00Z", token=token)
    api(base, "POST", "/api/v1/reminders", {"title": "Call mum", "date": "2026-11-25T18:00:00-05:00"}, token=token)

    set_width(driver, PHONE)
    driver.get(base + "/settings/notifications")
    click(driver, driver.find_element(By.CSS_SELECTOR, "#calendar button"))
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#calendar input.feed-url"))
    url = driver.find_element(By.CSS_SELECTOR, "#calendar input.feed-url").get_attribute("value")
    assert url.startswith(base + "/calendar/") and url.endswith(".ics")
    screenshot(driver, "notifications-calendar", PHONE)

    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
        calendar = icalendar.Calendar.from_ical(response.read())
    events = {str(component["SUMMARY"]): component for component in calendar.walk("VEVENT")}
    yoga = events["Yoga, gentle"]
    assert yoga["RRULE"]["FREQ"] == ["WEEKLY"] and yoga["RRULE"]["BYDAY"] == ["MO"]
    assert yoga["DTSTART"].params["TZID"] == "America/New_York"
    assert yoga["DTSTART"].dt.isoformat() == "2026-11-02T18:30:00-05:00"
    skipped = [d.dt for exdate in (yoga["EXDATE"] if isinstance(yoga["EXDATE"], list) else [yoga["EXDATE"]])
               for d in exdate.dts]
    assert [d.isoformat() for d in skipped] == ["2026-11-16T18:30:00-05:00"]
    assert [str(alarm["TRIGGER"].dt) for alarm in yoga.walk("VALARM")] == ["0:00:00"]
    assert events["Call mum"]["DTSTART"].dt.isoformat() == "2026-11-25T18:00:00-05:00"
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == ["America/New_York"]

    # A new address: the old one is refused at once. The button reloads the page; while it loads, Chromium
    # may answer a read of the field with any WebDriver error (a stale element, no element, or once in CI
    # "unhandled inspector error"), so every one of them means: not yet.
    click(driver, driver.find_element(By.XPATH, "//section[@id='calendar']//button[normalize-space()='New address']"))
    WebDriverWait(driver, 10, ignored_exceptions=[WebDriverException]).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "#calendar input.feed-url").get_attribute("value") != url)
    new_url = driver.find_element(By.CSS_SELECTOR, "#calendar input.feed-url").get_attribute("value")
    assert new_url != url
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url, timeout=10)
    assert refused.value.code == 404
    assert urllib.request.urlopen(new_url, timeout=10).status == 200
