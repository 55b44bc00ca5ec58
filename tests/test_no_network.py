"""conftest.py's no_network fixture, which every test runs under: a
connection beyond the loopback and a name lookup fail at once (so no test
reaches a server on the internet or waits out a timeout), the loopback
still works, and the per-user cache is an empty temporary folder."""

import os
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest


def test_connections_beyond_the_loopback_fail_at_once():
    t0 = time.monotonic()
    with pytest.raises(OSError, match="no network beyond the loopback"):
        socket.create_connection(("192.0.2.1", 80), timeout=30)         # TEST-NET-1
    with pytest.raises(OSError, match="no network beyond the loopback"):
        socket.socket(socket.AF_INET6).connect(("2001:db8::1", 443, 0, 0))
    s = socket.socket()
    with pytest.raises(OSError, match="no network beyond the loopback"):
        s.connect_ex(("198.51.100.7", 443))
    s.close()
    with pytest.raises(OSError, match="no name lookups"):
        socket.getaddrinfo("adafruit-circuit-python.s3.amazonaws.com", 443)
    with pytest.raises(OSError, match="no name lookups"):
        socket.gethostbyname("circuitpython.org")
    with pytest.raises(urllib.error.URLError, match="no name lookups"):
        urllib.request.urlopen("https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/",
                               timeout=30)
    assert time.monotonic() - t0 < 1


def test_the_loopback_still_works():
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(2)
    got = []

    def serve():
        for _ in range(2):
            conn, _addr = srv.accept()
            got.append(conn.recv(16))
            conn.close()

    t = threading.Thread(target=serve)
    t.start()
    for host in ("127.0.0.1", "localhost"):
        with socket.create_connection((host, srv.getsockname()[1]), timeout=5) as c:
            c.sendall(host.encode())
    t.join(5)
    srv.close()
    assert got == [b"127.0.0.1", b"localhost"]


def test_the_cache_is_an_empty_temporary_folder():
    cache = os.environ["XDG_CACHE_HOME"]
    assert os.path.isabs(cache) and os.listdir(cache) == []
    assert not cache.startswith(os.path.join(os.path.expanduser("~"), ".cache"))
