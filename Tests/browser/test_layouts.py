"""Layouts that hold: no page wider than a 320 px phone in light and dark, the journal's year shows all
twelve months on a phone and a desktop, and the text on every tracker theme reads at WCAG AA."""
import re

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, screenshot, set_width
from test_accounts import fill_in

NARROW = (320, 640)
PAGES = [
    "/", "/water", "/water/stats", "/water/calendar", "/water/settings", "/water/share", "/bathroom",
    "/bathroom/new", "/bathroom/history", "/bathroom/diary", "/skills", "/skills/new", "/skills/all",
    "/skills/progress", "/skills/progress?view=week", "/skills/progress?view=month", "/skills/progress?view=year",
    "/skills/moments", "/dates", "/dates/trackers/new", "/dates/reminders", "/dates/events", "/dates/events/new",
    "/journal", "/journal/year", "/settings", "/settings/notifications", "/settings/widgets", "/account", "/import",
]
THEMES = {"blue": "#4D99FF", "purple": "#9966E6", "pink": "#E66BA8", "red": "#E5484D", "orange": "#F2994A",
          "gold": "#D4A72C", "green": "#3FB68B", "teal": "#2BB5C0"}


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": name}]})


def test_no_page_is_wider_than_a_small_phone_in_light_or_dark(server, browser):
    set_width(browser, NARROW)
    too_wide = []
    for name in ("light", "dark"):
        scheme(browser, name)
        for path in PAGES:
            browser.get(server + path)
            width = browser.execute_script("return document.documentElement.scrollWidth")
            if width > NARROW[0]:
                too_wide.append(f"{path} ({name}): {width} px")
    scheme(browser, "light")
    assert too_wide == [], "\n".join(too_wide)


def test_the_journal_year_shows_twelve_months_on_a_phone_and_a_desktop(server, browser):
    for size in (PHONE, DESKTOP):
        set_width(browser, size)
        browser.get(server + "/journal/year")
        rows = browser.find_elements(By.CSS_SELECTOR, ".mood-year-row")
        assert len(rows) == 12
        viewport = browser.execute_script("return window.innerWidth")
        for row in rows:
            right = browser.execute_script("return arguments[0].getBoundingClientRect().right", row)
            assert row.is_displayed() and right <= viewport, (size, right)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= viewport
        screenshot(browser, "journal-year", size)


def relative_luminance(red, green, blue):
    def linear(channel):
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first, second):
    light, dark = sorted((relative_luminance(*first), relative_luminance(*second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_tracker_theme_has_readable_text(server, browser):
    set_width(browser, PHONE)
    for theme in THEMES:
        browser.get(server + "/dates/trackers/new")
        fill_in(browser, {"title": f"Theme {theme}", "date": "2031-06-01"}, "#tracker-form")
        browser.find_element(By.CSS_SELECTOR, f'#tracker-form select[name=colorTheme] option[value="{theme}"]').click()
        button = browser.find_element(By.CSS_SELECTOR, "#tracker-form button[type=submit]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        WebDriverWait(browser, 10).until(lambda d: re.search(r"/dates/trackers/[0-9A-F-]{36}", d.current_url, re.I))
    browser.get(server + "/dates")
    measured = {}
    for theme, seed in THEMES.items():
        card = browser.find_element(By.XPATH, f"//li[contains(@class,'tracker-card')][.//*[contains(text(),'Theme {theme}')]]")
        color = browser.execute_script("return getComputedStyle(arguments[0]).color", card)
        text = tuple(int(part) for part in re.findall(r"\d+", color)[:3])
        background = tuple(int(seed[i:i + 2], 16) for i in (1, 3, 5))
        measured[theme] = round(contrast(text, background), 2)
    assert all(ratio >= 4.5 for ratio in measured.values()), measured
    screenshot(browser, "dates-themes", PHONE)


def test_more_contrast_when_the_system_asks(server, browser):
    set_width(browser, PHONE)
    browser.get(server + "/settings")
    normal = browser.execute_script("return getComputedStyle(document.querySelector('.hint, .summary, .muted') || document.body).color")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-contrast", "value": "more"}]})
    try:
        browser.get(server + "/settings")
        link = browser.find_element(By.CSS_SELECTOR, "main a")
        assert "underline" in browser.execute_script("return getComputedStyle(arguments[0]).textDecorationLine", link)
        border = browser.execute_script("return getComputedStyle(document.querySelector('main select')).borderTopWidth")
        assert border == "2px", border
        screenshot(browser, "settings-more-contrast", PHONE)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert normal


def test_no_page_is_wider_than_a_phone_at_200_percent_text(server):
    """A 32 px default font (twice the usual, as a person with large text sets it): every page still
    fits a 375 px phone."""
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from conftest import ADMIN, sign_in
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": 32})
    driver = webdriver.Chrome(
        service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    try:
        sign_in(driver, server, *ADMIN)
        set_width(driver, PHONE)
        assert driver.execute_script("return getComputedStyle(document.documentElement).fontSize") == "32px"
        too_wide = []
        for path in PAGES:
            driver.get(server + path)
            width = driver.execute_script("return document.documentElement.scrollWidth")
            if width > PHONE[0]:
                too_wide.append(f"{path}: {width} px")
        driver.get(server + "/skills")
        screenshot(driver, "skills-large-text", PHONE)
        assert too_wide == [], "\n".join(too_wide)
    finally:
        driver.quit()


# What 200% text must not do to a page: make it wider than the screen, print the sections' labels over
# each other, let a control or a label run past its box or off the screen, or break a title inside a word.
LARGE_TEXT_PROBLEMS = """
const problems = [];
const width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > width + 1) {
  problems.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
}
const tabs = [...document.querySelectorAll('nav.tabs a')].map((a) => [a.textContent, a.getBoundingClientRect()]);
for (const [i, [name, a]] of tabs.entries()) {
  for (const [other, b] of tabs.slice(i + 1)) {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
      problems.push(`"${name}" overlaps "${other}"`);
    }
  }
}
const named = (el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`;
for (const el of document.querySelectorAll('nav.tabs a, h1, h2, h3, button, .button, label, input, select, summary')) {
  if (el.offsetParent === null) continue;
  if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible') {
    problems.push(named(el) + ' runs past its box');
  }
  if (el.getBoundingClientRect().right > width + 1) problems.push(named(el) + ' runs off the screen');
}
for (const heading of document.querySelectorAll('h1, h2')) {
  const text = heading.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) continue;
  let at = 0;
  for (const word of text.textContent.split(/(\\s+)/)) {
    if (word.trim()) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`the title "${heading.textContent.trim()}" breaks inside "${word}"`);
    }
    at += word.length;
  }
}
return problems;
"""


def test_every_page_holds_at_200_percent_text(server, browser):
    set_width(browser, PHONE)
    # The browser's own text size, as a person sets it (twice the usual 16 px).
    browser.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    problems = []
    try:
        for path in PAGES + ["/admin"]:
            browser.get(server + path)
            problems += [f"{path}: {problem}" for problem in browser.execute_script(LARGE_TEXT_PROBLEMS)]
        browser.get(server + "/water")
        screenshot(browser, "water-200-percent-text", PHONE)
    finally:
        browser.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
    assert problems == [], "\n".join(problems)
