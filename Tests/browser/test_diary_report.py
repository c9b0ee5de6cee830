"""The bladder diary report a clinician reads (issue 52): printed to PDF by Chromium's DevTools
`Page.printToPDF` on A4 and on Letter, one summary page and one page a diary day, the page-one figures read
back from the PDF with poppler's `pdftotext`, and page one saved as a picture in artifacts/screenshots/."""
import base64
import os
import shutil
import subprocess
import tempfile
from datetime import date, datetime, timedelta

import pytest

from conftest import ADMIN, SCREENSHOTS, make_driver, running_server, sign_in, tally_binary

# Three diary days (bed 23:00, up 07:00) ending three days ago, so the last night's morning is past.
LAST = date.today() - timedelta(days=3)
DAYS = [LAST - timedelta(days=2), LAST - timedelta(days=1), LAST]
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}


def at(day_index, clock):
    """`YYYY-MM-DDTHH:MM` on the clock of diary day `day_index` (4 is the morning after the last day)."""
    day = DAYS[0] + timedelta(days=day_index)
    return f"{day.isoformat()}T{clock}"


# (day, time, volume, extra options). Day 1: 24 h 1450 ml, night 550; day 2: 24 h 1300, night 650;
# day 3: a void without volume, so its 24 hours are withheld; its night 530.
VOIDS = [
    (0, "07:15", 300, ["--urgency", "1"]), (0, "11:00", 250, ["--urgency", "3"]), (0, "11:05", 50, []),
    (0, "15:00", 200, []), (0, "19:00", 250, ["--leak"]), (0, "22:30", 150, []), (1, "03:00", 200, []),
    (1, "07:20", 350, []), (1, "12:00", 300, []), (1, "18:00", 200, []), (1, "22:40", 150, []),
    (2, "02:30", 250, []), (2, "07:10", 400, []), (2, "12:00", 300, []), (2, "17:00", None, ["--urgency", "4"]),
    (2, "22:45", 200, []), (3, "03:15", 150, []), (3, "07:05", 380, []),
]
DRINKS = [(0, "08:00", "500"), (0, "13:00", "250"), (1, "09:00", "750"), (2, "10:00", "1000")]


@pytest.fixture(scope="module")
def report_server():
    data = tempfile.mkdtemp(prefix="tally-report-")
    env = dict(os.environ, TZ="America/New_York", TALLY_DATA_DIR=data)

    def tally(*arguments, **kwargs):
        subprocess.run([tally_binary(), *arguments], env=env, check=True, capture_output=True, **kwargs)

    for day, clock, volume, extra in VOIDS:
        tally("pee", "--at", at(day, clock), *(["--volume", str(volume)] if volume else []), *extra)
    for day, clock, amount in DRINKS:
        tally("water", amount, "--at", at(day, clock))
    tally("settings", "--birth-year", "1958")
    tally("users", "add", ADMIN[0], input=ADMIN[1] + "\n", text=True)
    with running_server(env) as url:
        yield url, env
    shutil.rmtree(data, ignore_errors=True)


def print_pdf(driver, paper):
    width, height = PAPERS[paper]
    result = driver.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": width, "paperHeight": height, "preferCSSPageSize": False, "printBackground": False})
    path = pathlib_tmp(f"diary-report-{paper}.pdf")
    path.write_bytes(base64.b64decode(result["data"]))
    return path


def pathlib_tmp(name):
    import pathlib
    return pathlib.Path(tempfile.mkdtemp(prefix="tally-pdf-")) / name


def pdf_text(path, first=None, last=None):
    pages = (["-f", str(first)] if first else []) + (["-l", str(last)] if last else [])
    return subprocess.run(["pdftotext", "-layout", *pages, str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def page_count(path):
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def test_report_prints_a_summary_page_and_a_page_a_day(report_server):
    url, _ = report_server
    driver = make_driver()
    try:
        sign_in(driver, url, *ADMIN)
        driver.get(f"{url}/bathroom/diary/report?from={DAYS[0]}&to={DAYS[2]}")
        assert "Bladder diary report" in driver.title
        for paper in PAPERS:
            pdf = print_pdf(driver, paper)
            assert page_count(pdf) == 1 + len(DAYS), f"{paper}: {page_count(pdf)} pages"
            one = " ".join(pdf_text(pdf, 1, 1).split())
            # No navigation and no toolbar in print.
            assert "Back to the diary" not in one and "Journal" not in one
            assert "24-hour voided volume (mean) 1375 ml 11 voids, 2 complete days" in one, one
            assert "Maximum voided volume 400 ml 16 voids" in one
            assert "Day frequency 4.3 a day 13 voids, 3 days" in one
            assert "Night frequency (nocturia) 1.0 a night 3 voids, 3 days" in one
            # (550 + 650) / (1450 + 1300) = 44%, above the 33% line at 65 and over.
            assert "Nocturnal polyuria index 44% 11 voids" in one
            assert "Nocturnal polyuria (age-adjusted) Suggested the index is above the 33% line" in one
            assert "Small capacity (maximum ≤ 200 ml) No 16 measured voids" in one
            assert "Leaks 1" in one and "Urgency episodes (grade 3-4) 2" in one
            assert "Double voids (counted once) 1" in one
            # Intake beside output, and day 3's withheld 24 hours.
            assert "1450 ml" in one and "750 ml" in one and "—" in one
            day_three = " ".join(pdf_text(pdf, 4, 4).split())
            assert "Frequency-volume chart" in day_three and "not measured" in day_three
            assert "Drink" in day_three and "1000 ml" in day_three
        # Page one as printed on A4, as a picture (A4 at 96 dpi is 794 px wide).
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        target = SCREENSHOTS / "bathroom-report-page1-794"
        subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", "96", "-png", "-singlefile",
                        str(print_pdf(driver, "a4")), str(target)], check=True)
        assert (SCREENSHOTS / "bathroom-report-page1-794.png").stat().st_size > 10_000
    finally:
        driver.quit()


def test_cli_report_formats_agree_with_the_page(report_server):
    _, env = report_server
    run = lambda *a: subprocess.run([tally_binary(), "pee", "report", "--from", str(DAYS[0]), "--to",
                                     str(DAYS[2]), *a], env=env, check=True, capture_output=True, text=True).stdout
    import json
    document = json.loads(run("--format", "json"))
    assert document["format"] == "tally-bladder-diary-report" and document["version"] == 1
    assert document["figures"]["volume24hMeanMl"] == {"value": 1375, "voids": 11, "withheldReason": None}
    assert document["days"][2]["volume24hMl"]["withheldReason"] == "1 of 5 voids have no measured volume"
    assert document["nocturnalPolyuria"]["flagged"] is True
    csv = run("--format", "csv").splitlines()
    assert csv[0].startswith("day,wake,bed,next_wake") and len(csv) == 4
    assert "<title>Bladder diary report" in run("--format", "html")
