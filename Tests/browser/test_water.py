"""Drives the water tracker in headless Chromium: presets, custom amount, edit, delete, undo, stats, calendar."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, screenshot, set_width


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def total(driver):
    # Read through script: each save swaps the page's main element.
    return driver.execute_script("return document.getElementById('water-total')?.textContent.trim()")


def click(driver, element):
    # Centre it first: the fixed tab bar at the bottom of a phone screen would take a click at the edge.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def percent(driver):
    return driver.execute_script("return document.getElementById('water-ring')?.dataset.percent")


def test_add_edit_delete_undo_and_read_stats_at_phone_width(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water")
    assert browser.title.startswith("Water")
    assert total(browser) == "0"
    screenshot(browser, "water-empty", PHONE)

    browser.execute_script("window.__stillHere = true")
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Add 250 ml"]'))
    wait(browser).until(lambda d: total(d) == "250")
    assert percent(browser) == "12"  # 250 of the default 2,000 ml goal
    assert "1,750 ml to go" in browser.find_element(By.ID, "water-remaining").text
    assert browser.execute_script("return window.__stillHere === true")  # no full reload
    row = browser.find_element(By.CSS_SELECTOR, "#water-entries .event")
    assert "250 ml" in row.text and "fresh" in row.get_attribute("class")
    assert "Added 250 ml" in browser.find_element(By.CSS_SELECTOR, "form.undo").text

    # A custom amount, nudged up by one 50 ml step.
    amount = browser.find_element(By.CSS_SELECTOR, "form.custom-amount input[name=amount]")
    amount.send_keys("300")
    click(browser, browser.find_element(By.CSS_SELECTOR, '.stepper [data-step="1"]'))
    assert amount.get_attribute("value") == "350"
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Add custom amount"]'))
    wait(browser).until(lambda d: total(d) == "600")
    screenshot(browser, "water-home", PHONE)

    # Edit the 350 ml entry to 400 ml.
    click(browser, browser.find_element(By.CSS_SELECTOR, 'a[aria-label^="Edit 350 ml"]'))
    wait(browser).until(EC.url_contains("/edit"))
    field = browser.find_element(By.NAME, "amount")
    field.clear()
    field.send_keys("400")
    screenshot(browser, "water-edit", PHONE)
    click(browser, browser.find_element(By.XPATH, '//button[normalize-space()="Save"]'))
    wait(browser).until(EC.url_matches(r"/water$"))
    wait(browser).until(lambda d: total(d) == "650")  # the URL changes before the new page is read

    # Delete the 250 ml entry.
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label^="Delete 250 ml"]'))
    wait(browser).until(lambda d: total(d) == "400")
    assert "250 ml" not in browser.find_element(By.ID, "water-entries").text

    # Add 500 ml, then take it back.
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Add 500 ml"]'))
    wait(browser).until(lambda d: total(d) == "900")
    click(browser, browser.find_element(By.CSS_SELECTOR, "form.undo button"))
    wait(browser).until(lambda d: total(d) == "400")
    assert percent(browser) == "20"

    click(browser, browser.find_element(By.LINK_TEXT, "Stats"))
    wait(browser).until(EC.url_contains("/water/stats"))
    figures = browser.find_element(By.ID, "water-figures").text
    assert "Total water" in figures and "400 ml" in figures
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.chart rect.bar")) == 24
    screenshot(browser, "water-stats", PHONE)

    click(browser, browser.find_element(By.LINK_TEXT, "Calendar"))
    wait(browser).until(EC.url_contains("/water/calendar"))
    today = browser.find_element(By.CSS_SELECTOR, ".cal-day.today")
    assert today.get_attribute("data-percent") == "20"
    screenshot(browser, "water-calendar", PHONE)

    browser.get(server + "/")
    assert total(browser) == "400"
    assert browser.find_element(By.ID, "today-count").text.startswith("Pee events:")
    screenshot(browser, "today", PHONE)

    for path, screen in (("/water/settings", "water-settings"), ("/water/share", "water-share")):
        browser.get(server + path)
        screenshot(browser, screen, PHONE)
    for path in ("/", "/water", "/water/stats", "/water/calendar", "/water/settings", "/water/share"):
        browser.get(server + path)
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is wider than a phone by {overflow}px"


def test_water_screens_at_desktop_width(server, browser):
    set_width(browser, DESKTOP)
    for path, screen in (("/", "today"), ("/water", "water-home"), ("/water/stats", "water-stats"),
                         ("/water/calendar", "water-calendar"), ("/water/settings", "water-settings")):
        browser.get(server + path)
        assert browser.find_element(By.TAG_NAME, "h1").text
        screenshot(browser, screen, DESKTOP)


def test_a_bad_amount_is_refused_with_its_reason(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water")
    before = total(browser)
    form = browser.find_element(By.CSS_SELECTOR, "form.custom-amount")
    browser.execute_script("arguments[0].noValidate = true", form)
    browser.execute_script("arguments[0].value = '6000'", form.find_element(By.NAME, "amount"))
    browser.execute_script("arguments[0].requestSubmit()", form)
    banner = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "main .error-banner"))
    assert "more than 5 litres" in banner.text
    assert total(browser) == before
