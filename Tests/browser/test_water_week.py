"""The week calendar (seed 003) and the weekly goal, at a phone's width: seven days from the first weekday
chosen in Settings, each against its daily goal, and the week against the weekly goal."""
from datetime import date, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PHONE, screenshot, set_width


def wait(driver, seconds=10):
    return WebDriverWait(driver, seconds)


def save_form(driver, url, fields):
    """Opens `url`, sets each field (a select by its value, an input by its text) and saves the form."""
    driver.get(url)
    form = driver.find_element(By.CSS_SELECTOR, "form.settings-form")
    for name, value in fields.items():
        field = form.find_element(By.NAME, name)
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            if value:
                field.send_keys(value)
    driver.execute_script("arguments[0].requestSubmit()", form)
    wait(driver).until(EC.url_contains("saved=1"))


def week_dates(driver):
    return [date.fromisoformat(li.get_attribute("data-date"))
            for li in driver.find_elements(By.CSS_SELECTOR, ".week-list > li")]


def test_week_calendar_at_phone_width_with_sunday_and_monday_weeks(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/water")
    try:
        save_form(browser, server + "/water/settings", {"weekGoal": "14000"})
        save_form(browser, server + "/settings", {"weekStart": "sunday"})

        browser.get(server + "/water/calendar/week")
        days = week_dates(browser)
        assert len(days) == 7
        assert days[0].weekday() == 6  # Sunday
        assert days == [days[0] + timedelta(days=n) for n in range(7)]
        assert len(browser.find_elements(By.CSS_SELECTOR, ".week-list > li.today")) == 1
        headline = browser.find_element(By.CSS_SELECTOR, "#week-total .week-headline").text
        assert headline.endswith("of 14 l this week"), headline
        assert browser.find_element(By.CSS_SELECTOR, "#week-total [role=progressbar]")
        assert browser.find_element(By.CSS_SELECTOR, '.calendar-views a[aria-current="page"]').text == "Week"
        overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the week calendar is wider than a phone by {overflow}px"
        # Every row fits the screen: the amount does not push the percentage off.
        for row in browser.find_elements(By.CSS_SELECTOR, ".week-list > li"):
            right = browser.execute_script("return arguments[0].getBoundingClientRect().right", row)
            assert right <= PHONE[0], f"{row.get_attribute('data-date')} ends at {right}px"
        screenshot(browser, "water-week", PHONE)

        # The previous week: seven days earlier, still from a Sunday.
        browser.find_element(By.CSS_SELECTOR, 'a[aria-label="Previous week"]').click()
        wait(browser).until(EC.url_contains("day="))
        assert week_dates(browser)[0] == days[0] - timedelta(days=7)
        assert "that week" in browser.find_element(By.CSS_SELECTOR, "#week-total .week-headline").text

        # The month calendar's columns start on Sunday too, and it links to the week.
        browser.get(server + "/water/calendar")
        header = [cell.get_attribute("textContent") for cell in browser.find_elements(By.CSS_SELECTOR, ".month-grid .weekday")]
        assert header[0] == "Sun" and header[-1] == "Sat"

        # The water page shows the week's progress under the ring.
        browser.get(server + "/water")
        assert "of 14 l this week" in browser.find_element(By.ID, "week-progress").text

        save_form(browser, server + "/settings", {"weekStart": "monday"})
        browser.get(server + "/water/calendar/week")
        assert week_dates(browser)[0].weekday() == 0  # Monday
        screenshot(browser, "water-week-monday", PHONE)
    finally:
        save_form(browser, server + "/water/settings", {"weekGoal": ""})
        save_form(browser, server + "/settings", {"weekStart": ""})
    browser.get(server + "/water/calendar/week")
    assert "No weekly goal" in browser.find_element(By.ID, "week-total").text
