"""Tally installs like an app: Chromium finds the manifest installable (PNG icons, a maskable one, start
at Today, standalone) with the quick actions; the quick action for water has 250 ml ready; a custom
amount takes any whole millilitres; and signed-out pages log no console errors."""
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ADMIN, PHONE, make_driver, running_server, screenshot, set_width, sign_in, tally_binary


# This module logs and deletes water and changes the zone: a server of its own keeps the shared one's
# day as the other modules expect it.
@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="tally-install-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data)
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    with running_server(env) as url:
        yield url
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def browser(server):
    driver = make_driver()
    sign_in(driver, server, *ADMIN)
    yield driver
    driver.quit()


def add_custom_amount(driver, amount):
    """Types an amount in the water page's custom field and adds it."""
    field = driver.find_element(By.CSS_SELECTOR, ".custom-amount input[name=amount]")
    field.clear()
    field.send_keys(amount)
    button = driver.find_element(By.CSS_SELECTOR, ".custom-amount button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_the_manifest_is_installable_with_quick_actions(server, browser):
    browser.get(server + "/")
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    assert errors.get("installabilityErrors") == [], errors
    manifest = json.loads(urllib.request.urlopen(server + "/static/manifest.webmanifest").read())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {"maskable"} <= {icon.get("purpose") for icon in manifest["icons"]}
    assert [shortcut["name"] for shortcut in manifest["shortcuts"]] == ["Add water", "Log bathroom event", "Today"]
    for icon in manifest["icons"] + [{"src": "/static/apple-touch-icon.png", "type": "image/png"}]:
        answer = urllib.request.urlopen(server + icon["src"])
        assert answer.headers["Content-Type"] == icon["type"]
    touch = browser.find_element(By.CSS_SELECTOR, "link[rel=apple-touch-icon]").get_attribute("href")
    assert touch.endswith("/static/apple-touch-icon.png")


def test_the_water_quick_action_and_any_whole_amount(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water?amount=first")
    field = browser.find_element(By.CSS_SELECTOR, ".custom-amount input[name=amount]")
    assert field.get_attribute("value") == "250", "the first preset"
    assert browser.execute_script("return document.activeElement === arguments[0]", field)
    # The stepper moves from what is typed, not snapped to its step.
    field.clear()
    field.send_keys("175")
    browser.find_element(By.CSS_SELECTOR, ".custom-amount [data-step='1']").click()
    assert field.get_attribute("value") == "225"
    before = len(browser.find_elements(By.CSS_SELECTOR, "main .event"))
    field.clear()
    field.send_keys("175")
    assert browser.execute_script("return arguments[0].checkValidity()", field)
    button = browser.find_element(By.CSS_SELECTOR, ".custom-amount button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(browser, 5).until(
        lambda d: d.execute_script("return document.querySelectorAll('main .event').length") == before + 1)
    assert "175 ml" in browser.execute_script("return document.querySelector('main').innerText")
    # The ± buttons still move by the step, from the amount typed.
    field = browser.find_element(By.CSS_SELECTOR, ".custom-amount input[name=amount]")
    field.clear()
    field.send_keys("330")
    browser.execute_script("document.querySelector('[data-step=\"1\"]').click()")
    assert field.get_attribute("value") == "380"
    screenshot(browser, "water-custom", PHONE)


def test_signed_out_pages_log_no_console_errors(server):
    driver = make_driver()
    try:
        # (/signup is refused while sign-up is closed: its page is a 403, the one "error" it should show.)
        for path in ("/login", "/setup", "/no-such-page"):
            driver.get(server + path)
            time.sleep(1.5)
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                      and not (path == "/no-such-page" and "status of 404" in entry["message"])]
            assert errors == [], (path, errors)
    finally:
        driver.quit()


def test_an_entry_logged_on_a_travelling_phone_records_the_phones_zone(server, browser):
    """The setting is New York (the server's zone); the phone is in Tokyo: the water logged from it is
    stored in Asia/Tokyo, on Tokyo's day."""
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        set_width(browser, PHONE)
        browser.get(server + "/water")
        zone = browser.execute_script(
            "return document.querySelector('.custom-amount input[name=deviceZone]')?.value")
        assert zone == "Asia/Tokyo"
        add_custom_amount(browser, "123")
        WebDriverWait(browser, 5).until(lambda d: "123 ml" in d.execute_script("return document.querySelector('main').innerText"))
        entries = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const day = new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Tokyo'}).format(new Date());
            fetch('/api/v1/water/days/' + day).then(r => r.json()).then(json => done(json.entries || json));
        """)
        mine = [entry for entry in entries if entry.get("amountMl") == 123]
        assert mine and mine[0]["timeZone"] == "Asia/Tokyo", entries
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_a_deleted_entry_comes_back_with_undo(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water")
    add_custom_amount(browser, "222")
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('main li.event')].some(li => li.innerText.includes('222 ml'))"))
    row = browser.find_element(By.XPATH, "//li[contains(@class,'event')][contains(., '222 ml')]")
    delete = row.find_element(By.CSS_SELECTOR, "form[action$='/delete'] button")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", delete)
    delete.click()
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(
        "return !!document.querySelector('main form[action$=\\'/restore\\']')"))
    notice = browser.find_element(By.XPATH, "//form[contains(@action,'/restore')]")
    assert "Deleted 222 ml" in notice.text
    assert not browser.find_elements(By.XPATH, "//li[contains(@class,'event')][contains(., '222 ml')]")
    undo = notice.find_element(By.TAG_NAME, "button")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", undo)
    undo.click()
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('main li.event')].some(li => li.innerText.includes('222 ml'))"))
    screenshot(browser, "water-undo-delete", PHONE)


def test_a_device_elsewhere_is_offered_as_the_zone(server, browser):
    """Days are counted in the server's zone (New York) until the person chooses; a phone in Tokyo is
    offered Tokyo on Today, and one tap makes it the setting."""
    from selenium.webdriver.support.ui import Select
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    try:
        set_width(browser, PHONE)
        browser.get(server + "/")
        offer = browser.find_element(By.CSS_SELECTOR, "form.zone-offer")
        assert offer.is_displayed()
        assert "This device is in Asia/Tokyo; Tally counts your days in America/New York." in offer.text
        screenshot(browser, "today-zone-offer", PHONE)
        offer.find_element(By.TAG_NAME, "button").click()
        WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "form.zone-offer"))
        browser.get(server + "/settings")
        chosen = Select(browser.find_element(By.NAME, "timeZone")).first_selected_option.get_attribute("value")
        assert chosen == "Asia/Tokyo"
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})
        # Back to the server's zone for the tests that follow.
        browser.get(server + "/settings")
        Select(browser.find_element(By.NAME, "timeZone")).select_by_value("")
        button = browser.find_element(By.CSS_SELECTOR, ".settings-form button[type=submit]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(browser, 5).until(lambda d: "saved=1" in d.current_url)


def test_share_cards_become_png(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water/share")
    buttons = browser.find_elements(By.XPATH, "//button[text()='Share as PNG']")
    assert len(buttons) == 2
    # The page's content policy keeps blob: addresses from fetch: the blob is caught as it is made.
    browser.execute_script("""
        window.madeBlobs = [];
        const make = URL.createObjectURL;
        URL.createObjectURL = (blob) => { window.madeBlobs.push(blob); return make(blob); };
    """)
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", buttons[0])
    buttons[0].click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.share-png-download"))
    kind, size, name = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const link = document.querySelector('a.share-png-download');
        Promise.resolve(window.madeBlobs[0]).then(async blob => {
          const bytes = new Uint8Array(await blob.slice(0, 24).arrayBuffer());
          const width = (bytes[16] << 24) | (bytes[17] << 16) | (bytes[18] << 8) | bytes[19];
          done([blob.type, width, link.download]);
        }).catch(error => done([String(error), 0, link.href]));
    """)
    assert kind == "image/png" and size == 1200 and name.endswith(".png"), (kind, size, name)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]


def test_swiping_an_entry_left_deletes_it_with_undo(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water")
    add_custom_amount(browser, "321")
    has_321 = "return [...document.querySelectorAll('main li.event')].some(li => li.innerText.includes('321 ml'))"
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(has_321))
    row = browser.find_element(By.XPATH, "//li[contains(@class,'event')][contains(., '321 ml')]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    box = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", row)
    y = box[1] + box[3] / 2
    start = box[0] + box[2] - 20
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
        for step in range(1, 9):
            browser.execute_cdp_cmd("Input.dispatchTouchEvent",
                                    {"type": "touchMove", "touchPoints": [{"x": start - step * 30, "y": y}]})
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    WebDriverWait(browser, 5).until(lambda d: not d.execute_script(has_321))
    notice = browser.find_element(By.XPATH, "//form[contains(@action,'/restore')]")
    assert "Deleted 321 ml" in notice.text


def test_the_first_run_offers_the_devices_zone():
    data = tempfile.mkdtemp(prefix="tally-setup-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data)
    driver = make_driver()
    try:
        with running_server(env) as url:
            set_width(driver, PHONE)
            driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
            driver.get(url + "/setup")
            offer = driver.find_element(By.CSS_SELECTOR, "#signin-form .device-zone")
            assert offer.is_displayed() and "Count my days in Asia/Tokyo" in offer.text, offer.text
            assert driver.find_element(By.NAME, "useDeviceZone").is_selected()
            screenshot(driver, "setup", PHONE)
            driver.find_element(By.NAME, "name").send_keys("ana")
            driver.find_element(By.NAME, "password").send_keys("plum tree 42")
            driver.find_element(By.CSS_SELECTOR, "#signin-form button[type=submit]").click()
            WebDriverWait(driver, 5).until(lambda d: "/setup" not in d.current_url)
            driver.get(url + "/settings")
            chosen = driver.find_element(By.CSS_SELECTOR, "select[name=timeZone] option:checked")
            assert chosen.get_attribute("value") == "Asia/Tokyo"
    finally:
        driver.quit()
        shutil.rmtree(data, ignore_errors=True)
