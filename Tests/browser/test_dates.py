"""Drives Dates and Journal in headless Chromium: a tracker of each kind (one arriving today, with confetti),
a reminder, a weekly event with a skipped occurrence, and a journal entry with a photo."""
import struct
import tempfile
import zlib
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, screenshot, set_width, submit

ZONE = ZoneInfo("America/New_York")  # the server's zone, set in conftest


def click(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def text_of(driver, css):
    return driver.execute_script("return document.querySelector(arguments[0])?.textContent || ''", css)


def until(driver, condition):
    WebDriverWait(driver, 10).until(lambda d: condition())


def fill(driver, name, value, form="main form"):
    field = driver.find_element(By.CSS_SELECTOR, f'{form} [name="{name}"]')
    # Date and time inputs take typed text in the browser's locale; set the value the form posts instead.
    driver.execute_script("arguments[0].value = arguments[1]", field, value)


def tiny_png():
    """A real 2x2 PNG, written to a file to upload."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes([200, 80, 120] * 2) for _ in range(2))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    file = tempfile.NamedTemporaryFile(suffix=".png", delete=False)
    file.write(png)
    file.close()
    return file.name


def add_tracker(driver, server, title, kind, day):
    driver.get(server + f"/dates/trackers/new?type={kind}")
    fill(driver, "title", title)
    fill(driver, "date", day.isoformat())
    submit(driver, driver.find_element(By.CSS_SELECTOR, "#tracker-form button[type=submit]"))


def test_trackers_reminders_events_and_journal(server, browser):
    today = datetime.now(ZONE).date()
    set_width(browser, PHONE)
    browser.get(server + "/dates")
    assert "No trackers yet" in browser.find_element(By.ID, "trackers").text
    screenshot(browser, "dates-empty", PHONE)

    add_tracker(browser, server, "Holiday", "till", today + timedelta(days=5))
    assert browser.current_url.split("/")[-2] == "trackers"
    assert browser.find_element(By.ID, "countdown-words").text == "in 5 days"
    assert "day" in browser.find_element(By.CSS_SELECTOR, ".live-countdown").text  # the live clock ticks in

    add_tracker(browser, server, "Moved in", "since", today.replace(year=today.year - 1))
    assert browser.find_element(By.ID, "countdown-words").text == "1 year ago"

    add_tracker(browser, server, "Launch day", "till", today)
    assert browser.find_element(By.ID, "countdown-words").text == "today"
    assert "The day is here" in browser.find_element(By.CSS_SELECTOR, ".arrived").text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".confetti i")) > 10
    screenshot(browser, "tracker-arrived", PHONE)

    # A title over 200 characters is refused with the reason; nothing is added.
    browser.get(server + "/dates/trackers/new")
    fill(browser, "title", "x" * 201)
    fill(browser, "date", today.isoformat())
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#tracker-form button[type=submit]"))
    assert "Title: is 201 characters long" in browser.find_element(By.CSS_SELECTOR, ".error-banner").text

    browser.get(server + "/dates")
    cards = browser.find_elements(By.CSS_SELECTOR, ".tracker-card")
    assert [c.find_element(By.CSS_SELECTOR, ".tracker-title").text for c in cards] == ["Moved in", "Launch day", "Holiday"]
    assert "background: radial-gradient" in cards[0].get_attribute("style")
    screenshot(browser, "dates-grid", PHONE)
    submit(browser, browser.find_element(By.LINK_TEXT, "List"))
    assert "as-list" in browser.find_element(By.CSS_SELECTOR, ".tracker-cards").get_attribute("class")
    screenshot(browser, "dates-list", PHONE)

    # A reminder for tomorrow, then marked done.
    browser.get(server + "/dates/reminders")
    fill(browser, "title", "Call the dentist", form="#reminder-form")
    fill(browser, "date", (today + timedelta(days=1)).isoformat(), form="#reminder-form")
    fill(browser, "time", "09:30", form="#reminder-form")
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#reminder-form button[type=submit]"))
    upcoming = browser.find_element(By.ID, "upcoming")
    assert "Call the dentist" in upcoming.text and "in 1 day" in upcoming.text
    screenshot(browser, "reminders", PHONE)
    submit(browser, upcoming.find_element(By.XPATH, ".//button[text()='Done']"))
    until(browser, lambda: "Call the dentist" in text_of(browser, "#past"))

    # A weekly event on Mondays and Wednesdays from the simple form; then skip its next occurrence.
    browser.get(server + "/dates/events/new")
    fill(browser, "title", "Yoga")
    fill(browser, "date", today.isoformat())
    fill(browser, "time", "18:30")
    for box in browser.find_elements(By.CSS_SELECTOR, ".weekday-picks input"):
        if box.is_selected():
            click(browser, box)
    for day in ("1", "3"):
        click(browser, browser.find_element(By.CSS_SELECTOR, f'input[name="day-{day}"]'))
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#event-form button[type=submit]"))
    card = browser.find_element(By.CSS_SELECTOR, ".event-card")
    assert "Every week on Mon, Wed" in card.text
    next_line = card.find_element(By.CSS_SELECTOR, ".event-next").text
    assert next_line.startswith("Next: ") and "18:30" in next_line
    first = next_line.split("Next: ")[1].split(" (")[0]
    click(browser, card.find_element(By.CSS_SELECTOR, "summary"))
    screenshot(browser, "events", PHONE)
    submit(browser, card.find_element(By.XPATH, ".//button[text()='Skip']"))
    until(browser, lambda: "Skipped" in text_of(browser, ".occurrences"))
    assert first not in browser.find_element(By.CSS_SELECTOR, ".event-next").text

    # A typed rule the engine rejects gets the engine's message.
    browser.get(server + "/dates/events/new")
    fill(browser, "title", "Odd")
    browser.find_element(By.CSS_SELECTOR, 'input[name="rule"]').send_keys("FREQ=SOMETIMES")
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#event-form button[type=submit]"))
    assert 'FREQ value "SOMETIMES" is not a frequency' in browser.find_element(By.CSS_SELECTOR, ".error-banner").text

    # Today's journal entry with a mood and a photo; the month shows the mood's colour.
    browser.get(server + "/journal")
    click(browser, browser.find_element(By.CSS_SELECTOR, '.mood input[value="4"]').find_element(By.XPATH, ".."))
    browser.find_element(By.CSS_SELECTOR, 'textarea[name="notes"]').send_keys("A calm, good day.")
    browser.find_element(By.CSS_SELECTOR, 'input[name="photo"]').send_keys(tiny_png())
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#journal-form button.primary"))
    photo = browser.find_element(By.CSS_SELECTOR, ".current-photo img")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", photo) == 2
    assert browser.find_element(By.CSS_SELECTOR, 'textarea[name="notes"]').get_attribute("value") == "A calm, good day."
    cell = browser.find_element(By.CSS_SELECTOR, f'.mood-day[data-date="{today.isoformat()}"]')
    assert "--mood: #8BCF6A" in cell.get_attribute("style") and "🙂" in cell.text
    screenshot(browser, "journal", PHONE)

    browser.get(server + "/journal/year")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".mood-year-days .mood-year-day")) in (365, 366)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".mood-year-days .mood-year-day[style]")) == 1
    screenshot(browser, "journal-year", PHONE)

    set_width(browser, DESKTOP)
    browser.get(server + "/dates")
    screenshot(browser, "dates-grid", DESKTOP)
    browser.get(server + "/journal")
    screenshot(browser, "journal", DESKTOP)


def test_dark_mode_and_a_text_file_named_jpg(server, browser, tmp_path):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    set_width(browser, PHONE)
    fake = tmp_path / "cat.jpg"
    fake.write_text("this is not a picture")
    browser.get(server + "/journal")
    browser.find_element(By.CSS_SELECTOR, 'textarea[name="notes"]').send_keys("x")
    browser.find_element(By.CSS_SELECTOR, 'input[name="photo"]').send_keys(str(fake))
    submit(browser, browser.find_element(By.CSS_SELECTOR, "#journal-form button.primary"))
    assert "not a JPEG, PNG or WebP" in browser.find_element(By.CSS_SELECTOR, ".error-banner").text
    screenshot(browser, "journal-error-dark", PHONE)


def test_a_countdown_reaching_zero_arrives_on_the_open_page(server, browser):
    """A "till" tracker a few seconds away: with its page open, the arrival ("The day is here!", the
    confetti, the words) appears when the time comes, without a reload."""
    set_width(browser, PHONE)
    browser.get(server + "/dates/trackers/new")
    target = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const token = document.querySelector('input[name=_csrf]').value;
        const target = new Date(Date.now() + 6000);
        target.setMilliseconds(0);
        fetch('/api/v1/trackers', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token},
          body: JSON.stringify({title: 'Launch', targetDate: target.toISOString(), type: 'till'})})
          .then(r => r.json()).then(json => done([json.id, target.getTime()]));
    """)
    tracker, when = target
    browser.get(server + f"/dates/trackers/{tracker}")
    browser.execute_script("window.stillThisPage = true")
    assert not browser.find_elements(By.CSS_SELECTOR, ".arrived")
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tracker-hero .arrived"))
    assert browser.execute_script("return window.stillThisPage === true"), "the page was loaded again"
    assert "The day is here!" in browser.find_element(By.CSS_SELECTOR, ".arrived").text
    assert browser.find_elements(By.CSS_SELECTOR, ".confetti i")
    words = browser.find_element(By.ID, "countdown-words").text
    assert "in less than" not in words, words
