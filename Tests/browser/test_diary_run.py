"""A 3-day bladder diary kept from the diary page (issue 52 item 4), with the day's "Got up" mark (item 2):
started with one button, its progress shown on the diary page and on Today, a mark shown in its day's
row, stopped early into the report of its days, and put away. Runs on the real clock, so the first
diary day may not have begun (before the wake time it is still the day before)."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import submit


def click(browser, element_id):
    """Posts the form of the button `element_id` (the page runs without JavaScript) and waits for the answer."""
    submit(browser, browser.find_element(By.ID, element_id))


def test_a_diary_is_started_marked_stopped_and_put_away(server, browser_without_js):
    person = browser_without_js
    person.get(server + "/bathroom/diary")
    if person.find_elements(By.ID, "diary-run-stop"):  # left by an earlier run of the suite
        click(person, "diary-run-stop")
        if person.find_elements(By.ID, "diary-run-stop"):
            click(person, "diary-run-stop")
    click(person, "diary-run-start")
    WebDriverWait(person, 10).until(lambda driver: driver.find_elements(By.ID, "diary-run-progress"))
    progress = person.find_element(By.ID, "diary-run-progress").text
    assert "Day 1 of 3" in progress or "starts on" in progress, progress
    assert not person.find_elements(By.ID, "diary-run-start")

    person.get(server + "/")
    assert "Bladder diary:" in person.find_element(By.ID, "today-diary").text

    person.get(server + "/bathroom/diary")
    click(person, "mark-wake")
    WebDriverWait(person, 10).until(lambda driver: driver.find_elements(By.ID, "diary-run-progress"))
    times = [field.get_attribute("value") for field in person.find_elements(By.CSS_SELECTOR, "input[name=wake]")]
    assert any(times), times

    click(person, "diary-run-stop")
    WebDriverWait(person, 10).until(lambda driver: driver.find_elements(By.ID, "diary-run-start"))
    if person.find_elements(By.ID, "diary-run-report"):
        report = person.find_element(By.ID, "diary-run-report")
        assert "Diary stopped after" in report.text
        assert "/bathroom/diary/report?from=" in report.get_attribute("href")
        click(person, "diary-run-stop")  # put it away
        WebDriverWait(person, 10).until(lambda driver: not driver.find_elements(By.ID, "diary-run-stop"))
    assert not person.find_elements(By.ID, "diary-run-progress")
