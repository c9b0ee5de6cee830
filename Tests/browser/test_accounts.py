"""Two people on one server, in two browsers: neither can see or change the other's data."""
import re

from selenium.webdriver.common.by import By

from conftest import ADMIN, DESKTOP, PHONE, make_driver, screenshot, set_width, sign_in
from test_dates import fill, submit


def fill_in(driver, fields, form="main form"):
    for name, value in fields.items():
        fill(driver, name, value, form)


def sign_up(driver, url, name, password):
    driver.get(url + "/signup")
    fill_in(driver, {"name": name, "password": password}, "#signin-form")
    submit(driver, driver.find_element(By.CSS_SELECTOR, "#signin-form button[type=submit]"))
    assert "/signup" not in driver.current_url, driver.page_source[:400]


def add_tracker(driver, url, title):
    driver.get(url + "/dates/trackers/new")
    fill_in(driver, {"title": title, "date": "2030-01-01"}, "#tracker-form")
    submit(driver, driver.find_element(By.CSS_SELECTOR, "#tracker-form button[type=submit]"))
    match = re.search(r"/dates/trackers/([0-9A-F-]{36})", driver.current_url, re.I)
    assert match, driver.current_url
    return match.group(1)


def test_two_people_see_only_their_own_data(server):
    admin = make_driver()
    maria = make_driver()
    tom = make_driver()
    try:
        # The administrator opens sign-up; it is closed by default.
        sign_in(admin, server, *ADMIN)
        admin.get(server + "/admin")
        set_width(admin, DESKTOP)
        screenshot(admin, "admin", DESKTOP)
        if "Open sign-up" in admin.page_source:
            submit(admin, admin.find_element(By.CSS_SELECTOR, "form[action='/admin/signup'] button"))
        assert "Open sign-up is on" in admin.find_element(By.TAG_NAME, "main").text

        set_width(maria, PHONE)
        maria.get(server + "/signup")
        screenshot(maria, "signup", PHONE)
        sign_up(maria, server, "maria", "maria's long secret")
        sign_up(tom, server, "tom", "tom's own secret 9")

        marias = add_tracker(maria, server, "Maria's holiday")
        toms = add_tracker(tom, server, "Tom's exam")

        maria.get(server + "/dates")
        assert "Maria's holiday" in maria.page_source and "Tom's exam" not in maria.page_source
        tom.get(server + "/dates")
        assert "Tom's exam" in tom.page_source and "Maria's holiday" not in tom.page_source

        # Typing the other's addresses finds nothing, exactly like an address that never existed.
        for path in ["/dates/trackers/%s", "/dates/trackers/%s/edit"]:
            tom.get(server + path % marias)
            assert "Not Found" in tom.title or "Not Found" in tom.page_source
            assert "Maria's holiday" not in tom.page_source
        screenshot(tom, "other-users-tracker", PHONE)

        # A forged post from Tom's page (with his own valid token) cannot delete Maria's tracker.
        tom.get(server + "/account")
        status = tom.execute_script(
            """
            const token = document.querySelector('input[name=_csrf]').value;
            const response = await fetch('/dates/trackers/' + arguments[0] + '/delete', {
              method: 'POST', body: new URLSearchParams({_csrf: token}), redirect: 'manual'});
            return response.status;
            """, marias)
        assert status == 404
        maria.get(server + "/dates/trackers/" + marias)
        assert "Maria's holiday" in maria.page_source

        # Each sees their own account; the administrator's pages are not theirs.
        maria.get(server + "/account")
        assert maria.find_element(By.ID, "account-name").text == "maria"
        screenshot(maria, "account", PHONE)
        maria.get(server + "/admin")
        assert "Forbidden" in maria.page_source

        # Signing out ends the session: the pages ask to sign in again.
        maria.get(server + "/account")
        submit(maria, maria.find_element(By.ID, "sign-out"))
        maria.get(server + "/dates/trackers/" + marias)
        assert "/login" in maria.current_url
        screenshot(maria, "login", PHONE)
        set_width(maria, DESKTOP)
        screenshot(maria, "login", DESKTOP)
        tom.get(server + "/dates/trackers/" + toms)
        assert "Tom's exam" in tom.page_source
    finally:
        for driver in (admin, maria, tom):
            driver.quit()
