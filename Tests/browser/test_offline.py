"""Tally works offline: in airplane mode (the DevTools protocol's network emulation, with the server
stopped too, so the service worker cannot reach it either) a person logs water, a bathroom event and a
task; each shows at once as waiting; reloading shows the saved page with them still waiting; when the
connection returns each is stored once, and sending the same actions again stores nothing new."""
import json
import os
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ADMIN, PHONE, free_port, make_driver, running_server, screenshot, set_width, sign_in, tally_binary

ZONE = "America/New_York"


@pytest.fixture(scope="module")
def data():
    directory = tempfile.mkdtemp(prefix="tally-offline-")
    env = dict(os.environ, TZ=ZONE, TALLY_DATA_DIR=directory)
    subprocess.run([tally_binary(), "skills", "add", "Guitar"], env=env, check=True, capture_output=True)
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    yield env
    shutil.rmtree(directory, ignore_errors=True)


def cli_json(env, *arguments):
    result = subprocess.run([tally_binary(), *arguments, "--json"], env=env, check=True, capture_output=True, text=True)
    return json.loads(result.stdout)


def queued(driver):
    return driver.execute_async_script(
        "const done = arguments[0]; TallyQueue.all(null).then(done, (e) => done(String(e)))")


def network(driver, offline):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def main_text(driver):
    return driver.execute_script("return document.querySelector('main').innerText")


def tap(driver, selector):
    """Scrolls a control clear of the tab bar and taps it."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def open_saved(driver, url):
    """Opens a page and waits for its script to have shown the offline state (in the new page: the old
    one is marked, as the driver may answer before an offline navigation has replaced it)."""
    driver.execute_script("window.leaving = true")
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return !window.leaving && document.readyState === 'complete' && !!document.getElementById('offline-banner')"))


def test_logging_in_a_tunnel_is_kept_then_stored_once(data):
    port = free_port()
    driver = make_driver()
    try:
        set_width(driver, PHONE)
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
        with running_server(data, port=port) as url:
            sign_in(driver, url, *ADMIN)
            driver.get(url + "/")
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
            # The pages seen online are kept for offline.
            for path in ["/", "/water", "/bathroom", "/skills"]:
                driver.get(url + path)
                WebDriverWait(driver, 10).until(lambda d: d.execute_async_script(
                    "const done = arguments[0];"
                    "caches.open('tally-pages-v1').then((c) => c.match(location.href)).then((r) => done(!!r))"))
        # Airplane mode: the page's network is off and the server is gone.
        network(driver, True)

        open_saved(driver, url + "/water")
        banner = driver.find_element(By.ID, "offline-banner").text
        assert "You are offline." in banner, banner
        assert driver.execute_script("return document.body.dataset.savedAt") not in (None, "")
        tap(driver, ".presets button[aria-label='Add 250 ml']")
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#water-entries .waiting-item"))
        row = driver.find_element(By.CSS_SELECTOR, "#water-entries .waiting-item").text
        assert "250 ml" in row and "Waiting to send" in row, row
        assert "Waiting to send: 250 ml." in driver.find_element(By.ID, "offline-banner").text
        screenshot(driver, "offline-water", PHONE)

        open_saved(driver, url + "/bathroom")
        tap(driver, "[data-dialog=log-dialog]")
        driver.find_element(By.CSS_SELECTOR, "#log-form textarea[name=note]").send_keys("in the tunnel")
        tap(driver, "#log-form button[type=submit]")
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#today-events .waiting-item"))
        assert not driver.execute_script("return document.getElementById('log-dialog').open")
        screenshot(driver, "offline-bathroom", PHONE)

        open_saved(driver, url + "/skills")
        tap(driver, "button[aria-label='Done: Guitar']")
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.task.waiting"))
        assert len(queued(driver)) == 3

        # Reloading offline shows the saved page, with what waits still marked.
        driver.refresh()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "li.task.waiting"))
        banner = driver.find_element(By.ID, "offline-banner").text
        assert "Waiting to send: 250 ml, Pee event, Done: Guitar." in banner, banner
        screenshot(driver, "offline-skills", PHONE)
        open_saved(driver, url + "/water")
        assert driver.find_elements(By.CSS_SELECTOR, "#water-entries .waiting-item")
        sent_later = queued(driver)
        assert [item["kind"] for item in sent_later] == ["water", "bathroom", "tick"]

        # A page never opened here shows Tally's offline page, not the browser's.
        driver.execute_script("window.leaving = true")
        driver.get(url + "/water/stats")
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body[data-offline-page]"))
        assert "not saved on this device yet" in driver.find_element(By.TAG_NAME, "main").text
        screenshot(driver, "offline-page", PHONE)
        open_saved(driver, url + "/water")

        # The train leaves the tunnel: the server is back and so is the network.
        with running_server(data, port=port):
            network(driver, False)
            WebDriverWait(driver, 20).until(lambda d: queued(d) == [])
            water = cli_json(data, "water", "today")
            assert [entry["amountMl"] for entry in water["entries"]] == [250]
            pee = cli_json(data, "pee", "today")
            assert pee["count"] == 1 and pee["events"][0].get("note") == "in the tunnel", pee
            WebDriverWait(driver, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".waiting-item"))
            WebDriverWait(driver, 10).until(lambda d: "250 ml" in main_text(d))
            screenshot(driver, "offline-sent", PHONE)
            driver.get(url + "/skills")
            assert driver.execute_script(
                "return document.querySelector(\"li.task[data-skill='Guitar']\").dataset.level") == "full"

            # The same three actions sent again, in the other order, store nothing new.
            # They are kept while a send is already under way: the send asked for meanwhile runs after it.
            driver.get(url + "/water")
            driver.execute_async_script(
                "const [items, done] = arguments; sendWaiting();"
                "items.reduce((kept, item) => kept.then(() => TallyQueue.add(item)), Promise.resolve())"
                ".then(() => sendWaiting()).then(() => done(true))", list(reversed(sent_later)))
            assert queued(driver) == []
            assert cli_json(data, "water", "today")["entries"] == water["entries"]
            assert cli_json(data, "pee", "today")["count"] == 1
            assert "Not saved" not in driver.execute_script("return document.body.innerText")
    finally:
        driver.quit()
