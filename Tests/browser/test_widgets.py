"""Widgets: made on Settings › Widgets, they open without a session; the medium widget's preset logs
water that the ring and the status JSON show at once; replacing the addresses stops the old ones."""
import json
import os
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ADMIN, PHONE, make_driver, running_server, screenshot, set_width, sign_in, tally_binary


# Pressing the widget logs water: a server of its own keeps the shared one's day as other modules expect.
@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="tally-widgets-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data)
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    with running_server(env) as url:
        yield url
    shutil.rmtree(data, ignore_errors=True)


def status(address):
    return json.loads(urllib.request.urlopen(address).read())


def test_a_widget_shows_today_and_its_preset_logs(server):
    owner = make_driver()
    visitor = make_driver()
    try:
        set_width(owner, PHONE)
        sign_in(owner, server, *ADMIN)
        owner.get(server + "/settings")
        link = owner.find_element(By.LINK_TEXT, "Today's water and bathroom count on a home screen or dashboard")
        owner.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        WebDriverWait(owner, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button[value=on]"))
        owner.find_element(By.CSS_SELECTOR, "button[value=on]").click()
        WebDriverWait(owner, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".widget-preview img"))
        fields = [field.get_attribute("value") for field in owner.find_elements(By.CSS_SELECTOR, "input.feed-url")]
        ring, medium, status_url, *buttons = fields
        assert ring.endswith("/ring.svg") and status_url.endswith("/status.json") and ring.startswith(server)
        assert owner.execute_script("return document.querySelector('.widget-preview img').naturalWidth") == 170
        screenshot(owner, "widgets-settings", PHONE)
        assert status(status_url)["water"]["totalMl"] == 0
        # Each preset's button address, to copy: the status JSON's, in full.
        assert buttons == [server + preset["add"] for preset in status(status_url)["presets"]], buttons

        # The widget app: no session, just the address.
        set_width(visitor, (360, 420))
        visitor.get(medium)
        assert "0 pees today" in visitor.find_element(By.ID, "widget-bathroom").text
        visitor.find_element(By.CSS_SELECTOR, "button[aria-label='Add 250 ml']").click()
        WebDriverWait(visitor, 5).until(
            lambda d: d.execute_script("return document.getElementById('water-total')?.textContent") == "250")
        screenshot(visitor, "widget-medium", (360, 420))
        assert status(status_url)["water"]["totalMl"] == 250
        visitor.get(ring)
        assert ">12%<" in visitor.page_source

        # Replaced: the old addresses stop working, the new ones show the same day.
        owner.execute_script("window.confirm = () => true")
        replace = owner.find_element(By.CSS_SELECTOR, "button[value=replace]")
        owner.execute_script("arguments[0].scrollIntoView({block: 'center'})", replace)
        replace.click()
        # Read through script: the page is replaced under the driver as the form's answer loads.
        WebDriverWait(owner, 5).until(lambda d: "the old ones no longer work" in (
            d.execute_script("return document.querySelector('main')?.innerText") or ""))
        with pytest.raises(urllib.error.HTTPError) as gone:
            urllib.request.urlopen(status_url)
        assert gone.value.code == 404
        fresh = owner.execute_script("return document.querySelectorAll('input.feed-url')[2].value")
        assert fresh != status_url and status(fresh)["water"]["totalMl"] == 250
    finally:
        owner.quit()
        visitor.quit()
