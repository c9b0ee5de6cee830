"""A real `tally serve` on a fresh data directory, and headless Chromium driven through Selenium."""
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
PHONE = (375, 812)
ADMIN = ("ana", "plum tree 42")
DESKTOP = (1280, 900)
BROWSER_ZONE = "America/New_York"


def tally_binary():
    return os.environ.get("TALLY_BINARY", str(ROOT / ".build" / "debug" / "tally"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server():
    data = tempfile.mkdtemp(prefix="tally-browser-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data)
    # An older event, logged three days ago through the CLI, for History to show.
    three_days_ago = (datetime.now(timezone.utc) - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%SZ")
    subprocess.run([tally_binary(), "pee", "--at", three_days_ago, "--note", "older event from the CLI"],
                   env=env, check=True, capture_output=True)
    # The first account owns what the CLI recorded before it: the browser signs in as this administrator.
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    with running_server(env) as url:
        yield url
    shutil.rmtree(data, ignore_errors=True)


@contextmanager
def running_server(env, *arguments, port=None):
    """`tally serve` on a loopback port (a free one unless given) with `env` (and any more `arguments`),
    once it answers /health; stopped when the block ends. Yields its address."""
    port = port or free_port()
    process = subprocess.Popen([tally_binary(), "serve", "--port", str(port), *arguments], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/health", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("tally serve did not start: " + process.stdout.read().decode())
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    # The browser's console, for tests that check a page logs no errors.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver_path = os.environ.get("CHROMEDRIVER", shutil.which("chromedriver") or "/usr/bin/chromedriver")
    # The browser is in the servers' zone (a phone in New York), whatever the machine's clock says: between
    # midnight UTC and midnight in New York a UTC browser's entries would land on the next day.
    service = Service(executable_path=driver_path, env=dict(os.environ, TZ=BROWSER_ZONE))
    driver = webdriver.Chrome(service=service, options=options)
    driver.implicitly_wait(0)
    return driver


def sign_in(driver, url, name, password, remember=True):
    """Signs in through the log-in page, as a person would."""
    from selenium.webdriver.common.by import By
    driver.get(url + "/login")
    driver.find_element(By.NAME, "name").send_keys(name)
    driver.find_element(By.NAME, "password").send_keys(password)
    box = driver.find_element(By.NAME, "remember")
    if box.is_selected() != remember:
        box.click()
    driver.find_element(By.CSS_SELECTOR, "#signin-form button[type=submit]").click()
    for _ in range(50):
        if "/login" not in driver.current_url:
            return
        time.sleep(0.1)
    raise AssertionError("signing in as %s failed: %s" % (name, driver.page_source[:500]))


@pytest.fixture
def browser(server):
    driver = make_driver()
    sign_in(driver, server, *ADMIN)
    yield driver
    driver.quit()


@pytest.fixture
def browser_without_js(server):
    driver = make_driver(javascript=False)
    sign_in(driver, server, *ADMIN)
    yield driver
    driver.quit()


@pytest.fixture
def signed_out_browser():
    driver = make_driver()
    yield driver
    driver.quit()


def set_width(driver, size):
    driver.set_window_size(*size)
    # The window includes no browser chrome in headless mode, but make the viewport exact.
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]") if driver_has_js(driver) else size
    driver.set_window_size(size[0] + (size[0] - inner[0]), size[1] + (size[1] - inner[1]))


def driver_has_js(driver):
    try:
        return driver.execute_script("return 1") == 1
    except Exception:
        return False


def screenshot(driver, screen, size):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{screen}-{size[0]}.png"
    if driver_has_js(driver):
        # Let entrance animations (the ring filling, a ripple) finish, so the picture shows the settled page.
        for _ in range(30):
            if driver.execute_script(
                    "return document.getAnimations().every(a => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"):
                break
            time.sleep(0.1)
    height = driver.execute_script("return document.documentElement.scrollHeight") if driver_has_js(driver) else size[1]
    driver.set_window_size(size[0], max(size[1], min(height, 4000)))
    driver.save_screenshot(str(path))
    driver.set_window_size(*size)
    return path


def submit(driver, button):
    """Clicks a button that posts a form and waits for the page that answers it, so that nothing after it
    reads the old page while it is being replaced."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()

    def answered(_):
        # The old page is gone once the browser no longer knows its root element (Chromium reports that
        # either as a stale element or as a node outside the document).
        try:
            page.is_enabled()
            return False
        except WebDriverException:
            return True

    WebDriverWait(driver, 10).until(answered)
