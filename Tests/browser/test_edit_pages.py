"""Reminders, events and moments can be changed after they are made, and a moment can be recorded from a
completed task and from the progress screen (seed 004, F-009)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, screenshot, set_width


def press(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def replace(driver, selector, value):
    field = driver.find_element(By.CSS_SELECTOR, selector)
    field.clear()
    field.send_keys(value)


def test_a_reminder_an_event_and_a_moment_are_edited(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/dates/reminders")
    replace(browser, "#reminder-form [name=title]", "Ring the optician")
    browser.execute_script("document.querySelector('#reminder-form [name=date]').value = '2031-03-04'")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#reminder-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: "Ring the optician" in d.page_source)
    press(browser, browser.find_element(By.XPATH, "//li[.//p[text()='Ring the optician']]//a[text()='Edit']"))
    WebDriverWait(browser, 5).until(lambda d: "/edit" in d.current_url)
    assert browser.find_element(By.CSS_SELECTOR, "#reminder-form [name=title]").get_attribute("value") == "Ring the optician"
    assert browser.find_element(By.CSS_SELECTOR, "#reminder-form [name=date]").get_attribute("value") == "2031-03-04"
    screenshot(browser, "reminder-edit", PHONE)
    replace(browser, "#reminder-form [name=title]", "Ring the optician back")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#reminder-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: d.current_url.endswith("/dates/reminders"))
    titles = [p.text for p in browser.find_elements(By.CSS_SELECTOR, ".reminder-title")]
    assert "Ring the optician back" in titles and "Ring the optician" not in titles

    # The first date is set to a day the rule names: DTSTART always counts as the first occurrence
    # (RFC 5545), so a first date left at today would be "next" until its time passes, whatever the rule.
    browser.get(server + "/dates/events/new")
    replace(browser, "#event-form [name=title]", "Choir")
    browser.execute_script("document.querySelector('#event-form [name=date]').value = '2031-03-04'")  # a Tuesday
    replace(browser, "#event-form [name=rule]", "FREQ=WEEKLY;BYDAY=TU")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#event-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: d.current_url.endswith("/dates/events"))
    press(browser, browser.find_element(By.XPATH, "//section[.//p[text()='Choir']]//a[text()='Edit']"))
    WebDriverWait(browser, 5).until(lambda d: "/edit" in d.current_url)
    # A rule the simple choices make opens as those choices (weekly, on Tuesday), the RRULE field empty.
    assert browser.find_element(By.CSS_SELECTOR, "#event-form [name=rule]").get_attribute("value") == ""
    assert browser.find_element(By.CSS_SELECTOR, "#event-form [name=frequency]").get_attribute("value") == "weekly"
    assert browser.find_element(By.CSS_SELECTOR, "#event-form [name=day-2]").is_selected()
    assert not browser.find_element(By.CSS_SELECTOR, "#event-form [name=day-4]").is_selected()
    assert browser.find_element(By.CSS_SELECTOR, "#event-form [name=date]").get_attribute("value") == "2031-03-04"
    replace(browser, "#event-form [name=title]", "Choir practice")
    browser.execute_script("document.querySelector('#event-form [name=date]').value = '2031-03-06'")  # a Thursday
    replace(browser, "#event-form [name=rule]", "FREQ=WEEKLY;BYDAY=TH")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#event-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: d.current_url.endswith("/dates/events"))
    card = browser.find_element(By.XPATH, "//section[.//p[text()='Choir practice']]")
    assert "Thursday" in card.text and "March 2031" in card.text, card.text

    browser.get(server + "/skills/moments")
    replace(browser, "#moment-form [name=title]", "Sang a solo")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#moment-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: "Sang a solo" in d.page_source)
    press(browser, browser.find_element(By.XPATH, "//li[contains(@class,'moment')][.//strong[text()='Sang a solo']]//a[text()='Edit']"))
    WebDriverWait(browser, 5).until(lambda d: "/edit" in d.current_url)
    replace(browser, "#moment-form [name=title]", "Sang my first solo")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#moment-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: "Sang my first solo" in d.page_source)
    assert "Sang a solo" not in browser.page_source


def test_a_moment_is_recorded_from_a_completed_task(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/skills")
    quick = browser.find_element(By.CSS_SELECTOR, ".quick-add input[name=name]")
    quick.send_keys("Scales")
    press(browser, browser.find_element(By.CSS_SELECTOR, ".quick-add button"))
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, '.task[data-skill="Scales"]'))
    task = browser.find_element(By.CSS_SELECTOR, '.task[data-skill="Scales"]')
    press(browser, task.find_element(By.CSS_SELECTOR, "button.level-button.full"))
    WebDriverWait(browser, 5).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '.task[data-skill="Scales"][data-level="full"] .task-moment'))
    press(browser, browser.find_element(By.CSS_SELECTOR, '.task[data-skill="Scales"] .task-moment'))
    WebDriverWait(browser, 5).until(lambda d: "/skills/moments" in d.current_url)
    selected = browser.find_element(By.CSS_SELECTOR, "#moment-form select[name=skill] option:checked").text
    assert selected == "Scales"
    replace(browser, "#moment-form [name=title]", "Clean scales at 120 bpm")
    press(browser, browser.find_element(By.CSS_SELECTOR, "#moment-form button[type=submit]"))
    WebDriverWait(browser, 5).until(lambda d: "Clean scales at 120 bpm" in d.page_source)
    assert "Clean scales at 120 bpm · Scales" in browser.find_element(
        By.XPATH, "//li[contains(@class,'moment')][.//strong[text()='Clean scales at 120 bpm']]").text
    browser.get(server + "/skills/progress")
    assert browser.find_elements(By.XPATH, "//a[text()='Record a moment']")
