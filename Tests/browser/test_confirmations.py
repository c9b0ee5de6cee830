"""What cannot be undone asks first: deleting a tracker, a skill or a moment shows a confirmation; "Cancel"
keeps it, "OK" deletes it."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, set_width
from test_accounts import add_tracker


def press(driver, button):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def answer_confirmation(driver, accept):
    alert = WebDriverWait(driver, 5).until(lambda d: d.switch_to.alert)
    text = alert.text
    if accept:
        alert.accept()
    else:
        alert.dismiss()
    return text


def test_deleting_a_tracker_asks_first(server, browser):
    set_width(browser, PHONE)
    tracker = add_tracker(browser, server, "Passport renewal")
    button = browser.find_element(By.CSS_SELECTOR, "form[action$='/delete'] button")
    press(browser, button)
    assert "cannot be undone" in answer_confirmation(browser, accept=False)
    time.sleep(0.3)
    assert browser.current_url.endswith(f"/dates/trackers/{tracker}")
    browser.get(server + "/dates")
    assert "Passport renewal" in browser.page_source
    browser.get(server + f"/dates/trackers/{tracker}")
    press(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='/delete'] button"))
    answer_confirmation(browser, accept=True)
    WebDriverWait(browser, 5).until(lambda d: "/dates/trackers/" not in d.current_url)
    assert "Passport renewal" not in browser.page_source


def test_a_moment_can_be_deleted_in_the_browser_after_a_confirmation(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/skills/moments")
    form = browser.find_element(By.CSS_SELECTOR, "form[action='/skills/moments']")
    form.find_element(By.NAME, "title").send_keys("First clean scale run")
    press(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: "First clean scale run" in d.page_source)
    delete = browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete First clean scale run']")
    press(browser, delete)
    assert "First clean scale run" in answer_confirmation(browser, accept=False)
    assert "First clean scale run" in browser.page_source
    press(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete First clean scale run']"))
    answer_confirmation(browser, accept=True)
    WebDriverWait(browser, 5).until(lambda d: "First clean scale run" not in d.page_source)
