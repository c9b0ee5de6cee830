"""Drives the web app in a real headless Chromium: log, see, delete, find older events; saves screenshots."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, screenshot, set_width


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def count_text(driver):
    # Read through script: saving swaps the page's main element, which would leave a found element stale.
    return driver.execute_script("return document.getElementById('today-count')?.textContent.trim()")


def test_log_see_delete_and_find_history_at_phone_width(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/bathroom")
    assert browser.title.startswith("Pee Tracker")
    assert count_text(browser) == "Pee events: 0"
    screenshot(browser, "dashboard-empty", PHONE)

    # A marker that a full page load would wipe: saving must not reload the page.
    browser.execute_script("window.__stillHere = true")
    browser.find_element(By.CSS_SELECTOR, '[aria-label="Log pee event"]').click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.ID, "log-dialog")))
    assert dialog.find_element(By.NAME, "at").get_attribute("value")
    dialog.find_element(By.NAME, "note").send_keys("logged from the browser")
    dialog.find_element(By.CSS_SELECTOR, "details.clinical summary").click()
    dialog.find_element(By.NAME, "volume").send_keys("275")
    screenshot(browser, "log-form", PHONE)
    dialog.find_element(By.XPATH, './/button[normalize-space()="Save"]').click()

    wait(browser).until(lambda d: count_text(d) == "Pee events: 1")
    row = browser.find_element(By.CSS_SELECTOR, "#today-events .event")
    assert "logged from the browser" in row.text
    assert "275 ml" in row.text
    assert "fresh" in row.get_attribute("class")  # the ripple
    assert browser.execute_script("return window.__stillHere === true")
    assert not browser.find_element(By.ID, "log-dialog").is_displayed()
    screenshot(browser, "dashboard", PHONE)

    row.find_element(By.CSS_SELECTOR, "button[aria-label^='Delete event']").click()
    wait(browser).until(lambda d: count_text(d) == "Pee events: 0")
    assert "logged from the browser" not in browser.find_element(By.TAG_NAME, "main").text

    browser.find_element(By.CSS_SELECTOR, 'header [aria-label="History"]').click()
    wait(browser).until(EC.url_contains("/bathroom/history"))
    history = browser.find_element(By.ID, "history").text
    assert "older event from the CLI" in history
    assert "logged from the browser" not in history
    screenshot(browser, "history", PHONE)


def test_invalid_input_shows_the_message_in_the_dialog(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/bathroom")
    browser.find_element(By.CSS_SELECTOR, '[aria-label="Log pee event"]').click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.ID, "log-dialog")))
    # Past the browser's own checks (max=5000), as an older browser would send it: the server must refuse.
    browser.execute_script("arguments[0].noValidate = true", dialog.find_element(By.TAG_NAME, "form"))
    browser.execute_script("arguments[0].value = '99999'", dialog.find_element(By.NAME, "volume"))
    browser.execute_script("arguments[0].requestSubmit()", dialog.find_element(By.TAG_NAME, "form"))
    banner = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#log-dialog .error-banner"))
    assert "Volume" in banner.text
    assert count_text(browser) == "Pee events: 0"


def test_every_screen_at_desktop_width(server, browser):
    set_width(browser, DESKTOP)
    browser.get(server + "/bathroom")
    browser.find_element(By.CSS_SELECTOR, '[aria-label="Log pee event"]').click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.ID, "log-dialog")))
    dialog.find_element(By.NAME, "note").send_keys("desktop entry")
    screenshot(browser, "log-form", DESKTOP)
    dialog.find_element(By.XPATH, './/button[normalize-space()="Save"]').click()
    wait(browser).until(lambda d: count_text(d) == "Pee events: 1")
    screenshot(browser, "dashboard", DESKTOP)
    for path, screen in (("/bathroom/history", "history"), ("/bathroom/diary", "diary"), ("/settings", "settings")):
        browser.get(server + path)
        assert browser.find_element(By.TAG_NAME, "h1").text
        screenshot(browser, screen, DESKTOP)
    for path, screen in (("/bathroom/diary", "diary"), ("/settings", "settings")):
        set_width(browser, PHONE)
        browser.get(server + path)
        screenshot(browser, screen, PHONE)
    # Nothing on any page overflows a phone's width.
    for path in ("/bathroom", "/bathroom/history", "/bathroom/diary", "/settings"):
        browser.get(server + path)
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is wider than a phone by {overflow}px"


def test_works_without_javascript(server, browser_without_js):
    browser = browser_without_js
    browser.set_window_size(*PHONE)
    browser.get(server + "/bathroom")
    before = int(browser.find_element(By.ID, "today-count").text.split(": ")[1])
    browser.find_element(By.CSS_SELECTOR, '[aria-label="Log pee event"]').click()
    assert browser.current_url.endswith("/bathroom/new")
    browser.find_element(By.NAME, "note").send_keys("no script needed")
    screenshot(browser, "log-form-nojs", PHONE)
    browser.find_element(By.XPATH, '//button[normalize-space()="Save"]').click()
    wait(browser).until(EC.url_matches(r"/bathroom$"))
    assert browser.find_element(By.ID, "today-count").text == f"Pee events: {before + 1}"
    assert "no script needed" in browser.find_element(By.ID, "today-events").text
