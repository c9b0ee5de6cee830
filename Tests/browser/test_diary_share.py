"""Share links of the bladder diary report (issue 52 item 3): made on the diary's share page, opened by a
visitor who is not signed in to the report alone (no navigation, no form, no link into the app), listed as
opened, and 404 once revoked."""
from datetime import date, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def test_a_share_link_opens_the_report_alone_until_revoked(server, browser_without_js, signed_out_browser):
    person = browser_without_js
    person.get(server + "/bathroom/diary")
    person.find_element(By.ID, "diary-share-link").click()
    assert person.current_url.endswith("/bathroom/diary/shares")
    assert "No links yet." in person.page_source
    last = date.today() - timedelta(days=1)
    form = person.find_element(By.CSS_SELECTOR, "form[action='/bathroom/diary/shares']")
    for name, value in [("from", (last - timedelta(days=2)).isoformat()), ("to", last.isoformat())]:
        field = form.find_element(By.NAME, name)
        person.execute_script("arguments[0].value = arguments[1]", field, value)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    link = person.find_element(By.ID, "new-share-link").get_attribute("value")
    assert "/shared-diary/" in link and "never opened" in person.page_source

    visitor = signed_out_browser
    visitor.get(link)
    assert visitor.find_element(By.TAG_NAME, "h1").text == "Bladder diary report"
    assert not visitor.find_elements(By.CSS_SELECTOR, "nav, form, a[href^='/']")

    person.get(server + "/bathroom/diary/shares")
    assert "last opened" in person.page_source and link not in person.page_source
    revoke = person.find_element(By.CSS_SELECTOR, "#share-links button[type=submit]")
    person.execute_script("arguments[0].scrollIntoView({block: 'center'})", revoke)
    revoke.click()
    # The form posts and redirects; wait for the page it lands on, not the one it left.
    WebDriverWait(person, 10).until(lambda driver: "done=revoked" in driver.current_url)
    assert "Link revoked" in person.page_source and "No links yet." in person.page_source

    visitor.get(link)
    assert "Bladder diary report" not in visitor.page_source
