"""Drives the skills tracker in headless Chromium: home, adding a skill, partial and full completion, a
rollover, the morning routine, picking a day, and the week, month and year progress views."""
from datetime import date, timedelta

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, screenshot, set_width


def click(driver, element):
    # Centre it first: the fixed tab bar at the bottom of a phone screen would take a click at the edge.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def task(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'.task[data-skill="{name}"]')


def level_of(driver, name):
    # Read through script: each post redirects and loads the page again.
    return driver.execute_script(
        "return document.querySelector(`.task[data-skill=\"${arguments[0]}\"]`)?.dataset.level", name)


def wait_level(driver, name, level):
    WebDriverWait(driver, 10).until(lambda d: level_of(d, name) == level)
    return True


def today_on_page(driver):
    return driver.find_element(By.CSS_SELECTOR, ".week-day.today").get_attribute("data-date")


def test_home_add_complete_rollover_routine_and_progress(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/skills")
    assert browser.title.startswith("Skills")
    greeting = browser.find_element(By.ID, "greeting").text
    assert greeting in ("Good Morning", "Good Afternoon", "Good Evening")
    label = browser.find_element(By.ID, "week-label").text
    assert " - " in label and label[:3] in ("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())
    assert len(browser.find_elements(By.CSS_SELECTOR, ".week-days .week-day")) == 7
    today = date.fromisoformat(today_on_page(browser))
    assert len(browser.find_elements(By.CSS_SELECTOR, ".routine-grid .habit")) == 4
    screenshot(browser, "skills-empty", PHONE)

    # Add a skill due only on yesterday's weekday, started a week ago, with rollover: yesterday's task
    # was never done, so it rolls over to today with the arrow.
    yesterday = today - timedelta(days=1)
    click(browser, browser.find_element(By.CSS_SELECTOR, 'a[aria-label="Add skill"]'))
    WebDriverWait(browser, 10).until(lambda d: "/skills/new" in d.current_url)
    browser.find_element(By.NAME, "name").send_keys("Piano")
    browser.find_element(By.CSS_SELECTOR, 'select[name=category] option[value="creative-skills"]').click()
    click(browser, browser.find_element(By.CSS_SELECTOR, 'input[name=freq][value="weekdays"]'))
    click(browser, browser.find_element(By.NAME, f"wd{yesterday.isoweekday()}"))
    browser.execute_script(
        "document.querySelector('input[name=start]').value = arguments[0]", (today - timedelta(days=7)).isoformat())
    click(browser, browser.find_element(By.NAME, "rollover"))
    screenshot(browser, "skills-add", PHONE)
    click(browser, browser.find_element(By.CSS_SELECTOR, "#skill-form button[type=submit].primary"))
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/skills"))
    piano = task(browser, "Piano")
    assert "rolled" in piano.get_attribute("class")
    assert "rolled over from" in piano.text

    # A bad name shows the message and stores nothing.
    browser.execute_script("document.querySelector('.quick-add input[name=name]').value = ' '.repeat(3)")
    browser.execute_script("document.querySelector('.quick-add input[name=name]').removeAttribute('required')")
    click(browser, browser.find_element(By.CSS_SELECTOR, ".quick-add button"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".error-banner"))
    assert "Name: must not be empty" in browser.find_element(By.CSS_SELECTOR, ".error-banner").text

    # Quick add, then partial and full completion.
    browser.get(server + "/skills")
    field = browser.find_element(By.CSS_SELECTOR, ".quick-add input[name=name]")
    field.send_keys("Guitar")
    click(browser, browser.find_element(By.CSS_SELECTOR, ".quick-add button"))
    assert wait_level(browser, "Guitar", "none")
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Partly done: Guitar"]'))
    assert wait_level(browser, "Guitar", "partial")
    colour_partial = task(browser, "Guitar").value_of_css_property("background-color")
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Done: Guitar"]'))
    assert wait_level(browser, "Guitar", "full")
    assert task(browser, "Guitar").value_of_css_property("background-color") != colour_partial
    # The carried task done today: it stops rolling over and counts.
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Done: Piano"]'))
    assert wait_level(browser, "Piano", "full")

    # The morning routine: stretch in full, reading in part.
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Done: Stretch"]'))
    WebDriverWait(browser, 10).until(
        lambda d: d.execute_script("return document.querySelector('[data-habit=stretch]').dataset.level") == "full")
    click(browser, browser.find_element(By.CSS_SELECTOR, 'button[aria-label="Partly done: Read 10 pages"]'))
    WebDriverWait(browser, 10).until(
        lambda d: d.execute_script("return document.querySelector('[data-habit=read-10-pages]').dataset.level")
        == "partial")
    habits = {h.get_attribute("data-habit"): h.get_attribute("data-level")
              for h in browser.find_elements(By.CSS_SELECTOR, ".routine-grid .habit")}
    assert habits == {"read-10-pages": "partial", "stretch": "full", "track-weight": "none",
                      "drink-500ml-water": "none"}
    today_cell = browser.find_element(By.CSS_SELECTOR, ".week-day.today")
    assert "heat-4" in today_cell.get_attribute("class")  # both tasks done in full
    screenshot(browser, "skills-home", PHONE)
    set_width(browser, DESKTOP)
    screenshot(browser, "skills-home", DESKTOP)
    set_width(browser, PHONE)

    # Pick yesterday in the week calendar (or last week's Sunday on a Monday): its own tasks.
    browser.get(server + f"/skills?day={yesterday.isoformat()}")
    selected = browser.find_element(By.CSS_SELECTOR, ".week-day.selected")
    assert selected.get_attribute("data-date") == yesterday.isoformat()
    assert level_of(browser, "Piano") == "none"
    click(browser, browser.find_element(By.CSS_SELECTOR, 'a[aria-label="Next week"]'))
    WebDriverWait(browser, 10).until(lambda d: "day=" + (yesterday + timedelta(days=7)).isoformat() in d.current_url)
    assert browser.find_element(By.CSS_SELECTOR, ".week-day.selected").get_attribute("data-date") == (
        yesterday + timedelta(days=7)).isoformat()

    # Progress: heatmap and the three views.
    browser.get(server + "/skills/progress")
    cell = browser.find_element(By.CSS_SELECTOR, f'.heatmap .heat-cell[data-date="{today.isoformat()}"]')
    assert "heat-4" in cell.get_attribute("class")
    missed = browser.find_element(By.CSS_SELECTOR, f'.heatmap .heat-cell[data-date="{yesterday.isoformat()}"]')
    assert "heat-0" in missed.get_attribute("class")
    assert browser.find_element(By.ID, "week-view").is_displayed()
    screenshot(browser, "skills-progress-week", PHONE)
    click(browser, browser.find_element(By.LINK_TEXT, "Month"))
    WebDriverWait(browser, 10).until(lambda d: "view=month" in d.current_url)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#month-view .cal-day")) >= 28
    screenshot(browser, "skills-progress-month", PHONE)
    click(browser, browser.find_element(By.LINK_TEXT, "Year"))
    WebDriverWait(browser, 10).until(lambda d: "view=year" in d.current_url)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#year-view .year-month")) == 12
    screenshot(browser, "skills-progress-year", PHONE)
    set_width(browser, DESKTOP)
    screenshot(browser, "skills-progress-year", DESKTOP)


def test_ticking_a_task_updates_in_place_where_the_person_is(server, browser):
    """A dozen tasks a day: each ½ or ✓ updates the list in place, keeping the scroll position and the
    focus on the button pressed (it used to reload the page and jump to the top)."""
    set_width(browser, PHONE)
    names = [f"Drill {n:02d}" for n in range(12)]
    # Posted from the page through its own form endpoint. The page may reload itself when its live
    # updates hear of the new skills, which ends the script early (Selenium reports a script timeout):
    # post whatever is still missing again, from the reloaded page.
    for _ in range(5):
        browser.get(server + "/skills")
        missing = [name for name in names if name not in browser.page_source]
        if not missing:
            break
        try:
            browser.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const token = document.querySelector('input[name=_csrf]').value;
                (async () => {
                  for (const name of arguments[0]) {
                    await fetch('/skills/quick', {method: 'POST',
                      headers: {'Content-Type': 'application/x-www-form-urlencoded'},
                      body: new URLSearchParams({_csrf: token, name})});
                  }
                  done();
                })();
            """, missing)
        except TimeoutException:
            pass
    browser.get(server + "/skills")
    last = task(browser, names[-1])
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", last)
    browser.execute_script("window.stillThisPage = true")
    before = browser.execute_script("return window.scrollY")
    assert before > 300, before
    button = last.find_element(By.CSS_SELECTOR, "button.level-button.full")
    button.click()
    assert wait_level(browser, names[-1], "full")
    assert browser.execute_script("return window.stillThisPage === true"), "the page was loaded again"
    after = browser.execute_script("return window.scrollY")
    assert abs(after - before) <= 2, (before, after)
    focused = browser.execute_script("return document.activeElement.getAttribute('aria-label')")
    assert focused == f"Done: {names[-1]}", focused
    # ½ on the one above, then ✓ again on the last takes it back: each in place.
    task(browser, names[-2]).find_element(By.CSS_SELECTOR, "button.level-button.partial").click()
    assert wait_level(browser, names[-2], "partial")
    task(browser, names[-1]).find_element(By.CSS_SELECTOR, "button.level-button.full").click()
    assert wait_level(browser, names[-1], "none")
    assert browser.execute_script("return window.stillThisPage === true")
    assert abs(browser.execute_script("return window.scrollY") - before) <= 2
    screenshot(browser, "skills-ticked", PHONE)
