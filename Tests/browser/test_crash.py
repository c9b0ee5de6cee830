"""Kill -9 under load: eight clients log bathroom events while `tally serve` is killed with SIGKILL at
random moments and started again on the same data. Every write the server acknowledged (201) must be
there at the end, once, and the database must pass its integrity check: SQLite's `PRAGMA
integrity_check`, and on PostgreSQL (when TALLY_TEST_POSTGRES_URL names a server) amcheck over every
B-tree index with its heap."""
import http.client
import json
import os
import random
import signal
import subprocess
import sqlite3
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from conftest import ADMIN, free_port, tally_binary

CLIENTS = 8
ROUNDS = 5

# A writer thread that dies stops writing, and the test would go on with fewer clients unnoticed.
pytestmark = pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")


def start(env, port):
    process = subprocess.Popen([tally_binary(), "serve", "--port", str(port)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("tally serve did not start")


def call(base, method, path, token, body=None):
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.status, json.loads(response.read() or b"null")


def hammer(env, database_check):
    subprocess.run([tally_binary(), "users", "add", ADMIN[0]], input=ADMIN[1] + "\n", text=True,
                   env=env, check=True, capture_output=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start(env, port)
    _, answer = call(base, "POST", "/api/v1/auth/tokens", None,
                     {"user": ADMIN[0], "password": ADMIN[1], "name": "crash test"})
    token = answer["token"]
    acknowledged, lock, stop = {}, threading.Lock(), threading.Event()
    failures_before_kill = []

    def writer(number):
        sequence = 0
        while not stop.is_set():
            note = f"client {number} write {sequence} {uuid.uuid4()}"
            sequence += 1
            try:
                status, event = call(base, "POST", "/api/v1/bathroom/events", token, {"note": note})
            except urllib.error.HTTPError as error:
                if error.code >= 500:
                    failures_before_kill.append(f"{error.code} for {note}")
                continue
            except (OSError, http.client.HTTPException):
                # The server is down, or was killed halfway through an answer (the write was not
                # acknowledged): try again until it is back.
                time.sleep(0.02)
                continue
            if status == 201:
                with lock:
                    acknowledged[event["id"]] = note

    threads = [threading.Thread(target=writer, args=(number,), daemon=True) for number in range(CLIENTS)]
    for thread in threads:
        thread.start()
    rng = random.Random(21)
    try:
        for _ in range(ROUNDS):
            time.sleep(rng.uniform(0.4, 1.5))
            process.send_signal(signal.SIGKILL)
            process.wait()
            process = start(env, port)
        time.sleep(0.5)
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
        now = datetime.now(timezone.utc)
        days = {"from": (now - timedelta(days=2)).date().isoformat(),
                "to": (now + timedelta(days=2)).date().isoformat()}
        # The listing comes a page at a time: follow `next` to the last page.
        events, following = [], None
        while True:
            query = urllib.parse.urlencode(days | ({"before": following} if following else {}))
            _, page = call(base, "GET", "/api/v1/bathroom/events?" + query, token)
            events += page["events"]
            following = page.get("next")
            if not following:
                break
        assert page["count"] == len(events), "the listing's count is not what its pages hold"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    notes = {event["id"]: event.get("note") for event in events}
    missing = [identifier for identifier in acknowledged if notes.get(identifier) != acknowledged[identifier]]
    print(f"{len(acknowledged)} writes acknowledged over {ROUNDS} kills, {len(events)} stored, "
          f"{len(missing)} missing")
    assert len(acknowledged) > 100, "too few writes got through to test anything"
    assert not missing, f"{len(missing)} acknowledged writes are missing, e.g. {missing[:3]}"
    assert len(set(notes.values())) == len(notes), "an event was stored twice"
    assert not failures_before_kill, failures_before_kill[:5]
    database_check()


def test_acknowledged_writes_survive_sigkill_on_sqlite(tmp_path):
    data = tmp_path / "data"
    env = dict(os.environ, TALLY_DATA_DIR=str(data))
    env.pop("TALLY_DATABASE_URL", None)

    def integrity():
        with sqlite3.connect(data / "tally.sqlite") as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]

    hammer(env, integrity)


def test_acknowledged_writes_survive_sigkill_on_postgresql(tmp_path):
    server = os.environ.get("TALLY_TEST_POSTGRES_URL")
    if not server:
        pytest.skip("TALLY_TEST_POSTGRES_URL names no PostgreSQL server")
    name = "crash_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", server, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    parts = urllib.parse.urlparse(server)
    url = parts._replace(path="/" + name).geturl()
    env = dict(os.environ, TALLY_DATA_DIR=str(tmp_path / "data"), TALLY_DATABASE_URL=url)

    def integrity():
        check = """
            CREATE EXTENSION IF NOT EXISTS amcheck;
            SELECT count(*) FROM (
                SELECT bt_index_check(index => c.oid, heapallindexed => true)
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE am.amname = 'btree' AND n.nspname = 'public') checked;
        """
        result = subprocess.run(["psql", url, "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-c", check],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert int(result.stdout.strip().splitlines()[-1]) > 0, "no index was checked"

    try:
        hammer(env, integrity)
    finally:
        subprocess.run(["psql", server, "-q", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"],
                       capture_output=True)
