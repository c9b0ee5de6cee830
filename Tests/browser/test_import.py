"""The Import page in a real browser: choose a file, watch it upload, read the preview, import; and the
same without JavaScript. Screenshots: import-375, import-preview-375, import-done-375, import-1280."""
import time

from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, screenshot, set_width


def record(start, millilitres):
    return ('<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Water" unit="mL" '
            f'startDate="{start}" endDate="{start}" value="{millilitres}"/>')


def health_export(path):
    # Enough other records around the three glasses for the upload to take a moment and report progress.
    steps = "\n".join(
        '<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" '
        f'startDate="2025-03-0{1 + i % 9} 10:00:00 -0800" endDate="2025-03-01 10:05:00 -0800" value="{i}"/>'
        for i in range(40_000))
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ATTLIST ExportDate
  value CDATA #REQUIRED
]>
<HealthData locale="en_US">
{record("2025-03-01 08:15:00 -0800", 250)}
{steps}
{record("2025-03-01 08:16:00 -0800", 250)}
{record("2025-03-02 12:00:00 -0800", 500)}
</HealthData>
""")
    return path


def wait_for(driver, predicate, what, seconds=20):
    for _ in range(seconds * 10):
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: {driver.current_url} {driver.page_source[:800]}")


def test_a_health_export_uploads_with_progress_previews_and_imports(server, browser, tmp_path):
    export = health_export(tmp_path / "export.xml")
    assert export.stat().st_size > 3_000_000
    set_width(browser, PHONE)
    browser.get(server + "/import")
    screenshot(browser, "import", PHONE)
    # The progress the page shows, remembered across the page change that follows the upload.
    browser.execute_script("""
        const bar = document.querySelector('.upload-progress');
        new MutationObserver(() => {
          if (!bar.hidden) sessionStorage.setItem('shown', 'yes');
          sessionStorage.setItem('progress', String(Math.max(Number(sessionStorage.getItem('progress') || 0), bar.value)));
        }).observe(bar, {attributes: true});
    """)
    browser.find_element(By.NAME, "file").send_keys(str(export))
    browser.find_element(By.CSS_SELECTOR, "form[data-upload] button[type=submit]").click()
    wait_for(browser, lambda: "/import/" in browser.current_url and "Importing this file" in browser.page_source,
             "the preview never appeared")
    assert browser.execute_script("return sessionStorage.getItem('shown')") == "yes"
    assert browser.execute_script("return Number(sessionStorage.getItem('progress'))") == 100
    figures = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
               for row in browser.find_elements(By.CSS_SELECTOR, ".import-figures div")}
    assert figures["New"] == "3", figures
    assert figures["Skipped as duplicates"] == "0", figures
    assert "Apple Health export" in browser.page_source
    screenshot(browser, "import-preview", PHONE)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    browser.find_element(By.XPATH, "//button[text()='Import']").click()
    wait_for(browser, lambda: "Apple Health export: added 3" in browser.page_source, "the import did not report")
    screenshot(browser, "import-done", PHONE)
    # The same file again: the preview says it is all here already.
    browser.get(server + "/import")
    browser.find_element(By.NAME, "file").send_keys(str(export))
    browser.find_element(By.CSS_SELECTOR, "form[data-upload] button[type=submit]").click()
    wait_for(browser, lambda: "Already here from an earlier import" in browser.page_source, "no second preview")
    figures = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
               for row in browser.find_elements(By.CSS_SELECTOR, ".import-figures div")}
    assert figures["New"] == "0" and figures["Already here from an earlier import"] == "3", figures
    browser.find_element(By.XPATH, "//button[text()='Cancel']").click()
    wait_for(browser, lambda: browser.current_url.endswith("/import"), "cancel did not return to the form")
    set_width(browser, DESKTOP)
    screenshot(browser, "import", DESKTOP)


def test_a_refused_upload_shows_its_reason_on_the_page(server, browser, tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("just some words\n")
    set_width(browser, PHONE)
    browser.get(server + "/import")
    browser.find_element(By.NAME, "file").send_keys(str(bad))
    browser.find_element(By.CSS_SELECTOR, "form[data-upload] button[type=submit]").click()
    wait_for(browser, lambda: "/import/" in browser.current_url, "no preview page")
    alert = browser.find_element(By.CSS_SELECTOR, "[role=alert]").text
    assert "notes.txt" in alert or "format" in alert, alert
    assert browser.find_elements(By.XPATH, "//button[text()='Import']") == []


def test_without_javascript_the_form_posts_and_redirects(server, browser_without_js, tmp_path):
    diary = tmp_path / "daylio_export.csv"
    diary.write_text("full_date,date,weekday,time,mood,activities,note_title,note\n"
                     "2025-02-10,February 10,Monday,9:00 pm,rad,reading,,Finished the book\n")
    set_width(browser_without_js, DESKTOP)
    browser_without_js.get(server + "/import")
    browser_without_js.find_element(By.NAME, "file").send_keys(str(diary))
    browser_without_js.find_element(By.CSS_SELECTOR, "form[data-upload] button[type=submit]").click()
    # Without JavaScript each step is a page load: wait for the page, not the click.
    wait_for(browser_without_js, lambda: "/import/" in browser_without_js.current_url
             and "Importing this file" in browser_without_js.page_source, "no preview page")
    assert "Daylio" in browser_without_js.page_source
    browser_without_js.find_element(By.XPATH, "//button[text()='Import']").click()
    wait_for(browser_without_js, lambda: "Daylio: added 1" in browser_without_js.page_source, "no import report")
