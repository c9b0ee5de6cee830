"""Bodies over the limit, sent chunked (no length up front) to a real `tally serve`: each is a 413 with a
problem body or the form's page, never a 500."""
import http.client
import json
import os
import socket
import time
import urllib.parse
import urllib.request

from conftest import ADMIN, running_server


def post_chunked(base, path, content_type, size, token=None):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"Content-Type": content_type}
    if token:
        headers["Authorization"] = "Bearer " + token
    chunk = b"a" * 65536
    body = (chunk for _ in range(size // len(chunk)))
    connection.request("POST", path, body=body, headers=headers, encode_chunked=True)
    response = connection.getresponse()
    answer = (response.status, response.getheader("Content-Type"), response.read().decode())
    connection.close()
    return answer


def token(base):
    connection = http.client.HTTPConnection(urllib.parse.urlparse(base).netloc, timeout=10)
    connection.request("POST", "/api/v1/auth/tokens", body=json.dumps(
        {"user": ADMIN[0], "password": ADMIN[1], "name": "limits test"}), headers={"Content-Type": "application/json"})
    return json.loads(connection.getresponse().read())["token"]


def test_chunked_bodies_over_the_limit_are_413(server):
    bearer = token(server)
    for path, content_type, size in [
        ("/api/v1/water/entries", "application/json", 2 * 1024 * 1024),
        ("/api/v1/images", "application/octet-stream", 12 * 1024 * 1024),
        ("/api/v1/sync/push", "application/json", 9 * 1024 * 1024),
        ("/api/v1/auth/tokens", "application/json", 2 * 1024 * 1024),
    ]:
        status, kind, text = post_chunked(server, path, content_type, size, bearer)
        assert status == 413, f"{path}: {status} {text[:200]}"
        assert kind == "application/problem+json" and "larger than the limit" in json.loads(text)["detail"]
    status, kind, text = post_chunked(server, "/login", "application/x-www-form-urlencoded", 2 * 1024 * 1024)
    assert status == 413 and kind.startswith("text/html") and "larger than the limit of 1 MB" in text
    # Under the request cap but over a form's: the page says so.
    status, kind, text = post_chunked(server, "/login", "application/x-www-form-urlencoded", 128 * 1024)
    assert status == 413 and "the form is larger than 64 KB" in text


def test_slow_and_idle_connections_are_closed_and_others_still_answer(tmp_path):
    env = dict(os.environ, TALLY_DATA_DIR=str(tmp_path))
    with running_server(env, "--idle-timeout", "2") as base:
        port = urllib.parse.urlparse(base).port
        # Eight slowloris connections: half a request line, headers that never end, and nothing at all.
        sockets = []
        for index in range(8):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall([b"GET /hea", b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: 1", b""][index % 3])
            sockets.append(connection)
        # Meanwhile the server answers everyone else.
        assert urllib.request.urlopen(base + "/health", timeout=5).read() == b"ok"
        time.sleep(3.5)
        for connection in sockets:
            # Closed by the server: reading reaches the end (or a reset) at once, rather than waiting.
            connection.settimeout(2)
            closed = False
            try:
                while connection.recv(1024):
                    pass
                closed = True
            except (ConnectionResetError, BrokenPipeError):
                closed = True
            except socket.timeout:
                closed = False
            assert closed, "a slow connection is still open after the idle timeout"
            connection.close()
        assert urllib.request.urlopen(base + "/health", timeout=5).read() == b"ok"


def test_a_body_that_trickles_in_is_cut_at_its_deadline_and_one_address_holds_few(tmp_path):
    """A piece of the body every second keeps the 2 s idle timeout from firing; the body's deadline (twice
    the idle timeout) still answers 408 and closes. Beyond 32 bodies arriving at once from one address,
    the next is a 429 at once, and other requests are answered throughout."""
    env = dict(os.environ, TALLY_DATA_DIR=str(tmp_path))
    with running_server(env, "--idle-timeout", "2") as base:
        port = urllib.parse.urlparse(base).port

        def slow_post():
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(b"POST /login HTTP/1.1\r\nHost: x\r\n"
                               b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nn")
            return connection

        trickling = slow_post()
        started = time.monotonic()
        answer = b""
        trickling.settimeout(0.9)
        while time.monotonic() - started < 15:
            try:
                trickling.sendall(b" ")
            except (BrokenPipeError, ConnectionResetError):
                break
            try:
                piece = trickling.recv(4096)
                if not piece:
                    break
                answer += piece
            except socket.timeout:
                continue
            except ConnectionResetError:
                break
        elapsed = time.monotonic() - started
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert elapsed < 10, f"cut after {elapsed:.1f} s"
        trickling.close()

        held = [slow_post() for _ in range(32)]
        time.sleep(0.5)
        extra = slow_post()
        extra.settimeout(5)
        assert extra.recv(4096).startswith(b"HTTP/1.1 429")
        assert urllib.request.urlopen(base + "/health", timeout=5).read() == b"ok"
        for connection in held + [extra]:
            connection.close()
