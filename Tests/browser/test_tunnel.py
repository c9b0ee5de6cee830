"""Nothing logged in a tunnel is lost. A relay of our own on loopback stands between the browser and
`tally serve` and behaves as a bad connection does: it resets every connection, accepts them and never
answers, or passes the request on and loses the answer. In each mode a person logs water, a bathroom event
and a skill's tick: each shows as waiting, stays in the outbox when they leave the page, and once the relay
passes again each is stored exactly once, without a reload, within 30 seconds."""
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ADMIN, PHONE, free_port, make_driver, running_server, screenshot, set_width, sign_in, tally_binary
from test_offline import cli_json, queued, tap

ZONE = "America/New_York"
SKILLS = {"reset": "Guitar", "hang": "Piano", "lost": "Drums"}


class Relay:
    """A TCP relay to `target` on loopback whose mode says what a connection gets: "pass" (both ways),
    "reset" (closed at once with a reset), "hang" (the request is read and never answered) or "lost"
    (the request reaches the server, and the connection is reset as its answer comes back). Changing the
    mode cuts every open connection, so a connection kept alive cannot outlast its mode."""

    def __init__(self, target):
        self.target = target
        self.mode = "pass"
        self.lock = threading.Lock()
        self.open = set()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def set_mode(self, mode):
        with self.lock:
            self.mode = mode
            connections, self.open = self.open, set()
        for connection in connections:
            self.cut(connection)

    @staticmethod
    def cut(connection):
        """Resets a connection, waking a thread blocked reading it (a bare close would not, on Linux)."""
        try:
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            connection.close()
        except OSError:
            pass

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(client,), daemon=True).start()

    def serve(self, client):
        with self.lock:
            mode = self.mode
            self.open.add(client)
        if mode == "reset":
            self.cut(client)
            return
        if mode == "hang":
            try:
                while client.recv(65536):
                    pass
            except OSError:
                pass
            return
        upstream = socket.create_connection(("127.0.0.1", self.target))
        with self.lock:
            self.open.add(upstream)
        threading.Thread(target=self.pump, args=(client, upstream, False), daemon=True).start()
        self.pump(upstream, client, mode == "lost")

    def pump(self, source, sink, lose):
        try:
            while data := source.recv(65536):
                if lose:
                    self.cut(sink)
                    self.cut(source)
                    return
                sink.sendall(data)
        except OSError:
            pass
        for connection in (source, sink):
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self):
        self.listener.close()
        self.set_mode("reset")


@pytest.fixture(scope="module")
def data():
    directory = tempfile.mkdtemp(prefix="tally-tunnel-")
    env = dict(os.environ, TZ=ZONE, TALLY_DATA_DIR=directory)
    for skill in SKILLS.values():
        subprocess.run([tally_binary(), "skills", "add", skill], env=env, check=True, capture_output=True)
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    yield env
    shutil.rmtree(directory, ignore_errors=True)


def go(driver, url):
    """Opens a page (the saved copy while the relay misbehaves) and waits for its script to have run."""
    driver.execute_script("window.leaving = true")
    driver.get(url)
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !window.leaving && document.readyState === 'complete' && typeof TallyQueue === 'object'"))


def test_every_log_in_every_kind_of_tunnel_is_stored_once(data):
    port = free_port()
    driver = make_driver()
    relay = None
    try:
        set_width(driver, PHONE)
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
        with running_server(data, port=port):
            relay = Relay(port)
            url = relay.url
            sign_in(driver, url, *ADMIN)
            driver.get(url + "/")
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
            for path in ["/water", "/bathroom", "/skills"]:
                driver.get(url + path)
                WebDriverWait(driver, 10).until(lambda d: d.execute_async_script(
                    "const done = arguments[0];"
                    "caches.open('tally-pages-v1').then((c) => c.match(location.href)).then((r) => done(!!r))"))

            for number, mode in enumerate(["reset", "hang", "lost"], start=1):
                go(driver, url + "/water")
                relay.set_mode(mode)
                tap(driver, ".presets button[aria-label='Add 250 ml']")
                # Shown as waiting at once (in a hang, after a moment), not after the connection gives up.
                WebDriverWait(driver, 5).until(
                    lambda d: d.find_elements(By.CSS_SELECTOR, "#water-entries .waiting-item"))
                screenshot(driver, f"tunnel-water-{mode}", PHONE)
                # Leaving the page keeps it.
                go(driver, url + "/bathroom")
                tap(driver, "[data-dialog=log-dialog]")
                driver.find_element(By.CSS_SELECTOR, "#log-form textarea[name=note]").send_keys(mode)
                tap(driver, "#log-form button[type=submit]")
                WebDriverWait(driver, 20).until(
                    lambda d: d.find_elements(By.CSS_SELECTOR, "#today-events .waiting-item"))
                go(driver, url + "/skills")
                tap(driver, f"button[aria-label='Done: {SKILLS[mode]}']")
                WebDriverWait(driver, 20).until(lambda d: len(queued(d)) >= 3)
                waiting = queued(driver)
                assert sorted(item["kind"] for item in waiting) == ["bathroom", "tick", "water"], waiting

                # The connection comes back; the page is not reloaded.
                relay.set_mode("pass")
                started = time.monotonic()
                try:
                    WebDriverWait(driver, 30).until(lambda d: queued(d) == [])
                except Exception:
                    print("DEBUG", queued(driver), driver.execute_script(
                        "return (document.getElementById('offline-banner')||{}).textContent"),
                        driver.get_log("browser")[-20:])
                    raise
                print(f"{mode}: sent {time.monotonic() - started:.1f} s after the connection came back")
                water = cli_json(data, "water", "today")
                assert [entry["amountMl"] for entry in water["entries"]] == [250] * number, (mode, water)
                pee = cli_json(data, "pee", "today")
                assert pee["count"] == number, (mode, pee)
                assert sorted(event.get("note") for event in pee["events"]) == sorted(
                    ["reset", "hang", "lost"][:number]), pee
                WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                    "return document.querySelector(`li.task[data-skill='${arguments[0]}']`)?.dataset.level",
                    SKILLS[mode]) == "full")
                assert not driver.find_elements(By.CSS_SELECTOR, ".queue-refusal")
            screenshot(driver, "tunnel-sent", PHONE)
    finally:
        if relay:
            relay.close()
        driver.quit()
