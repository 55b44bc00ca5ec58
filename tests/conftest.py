import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
# What only the tests use (the VM lanes' game modules, the referee's fuzzer)
# sits beside them in tests/support/; the commands people run stay in tools/.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import paths  # noqa: F401  (puts firmware/ and sim/modules/ on sys.path)

# The firmware drops modules after use (as on the device, for heap) and
# imports them again the next time: thousands of times in some tests.
# CPython then recompiles the source each time unless it may keep bytecode
# in __pycache__ (which a PYTHONDONTWRITEBYTECODE in the environment
# forbids), here and in the simulator runs the tests start. deploy.py and
# the VM lanes never copy __pycache__.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# `make soak` (SOAK=1) runs the long forms of the tests that have one:
# every byte of every power cut, many more fuzz cases. `make test` runs
# the short forms, which cover the same code on a sample.
SOAK = os.environ.get("SOAK") == "1"


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: long runs, only under `make soak`")


def pytest_collection_modifyitems(config, items):
    if SOAK:
        return
    skip = pytest.mark.skip(reason="a long run: `make soak` runs it")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def no_network(monkeypatch, tmp_path_factory):
    """No test reaches beyond this machine or waits on a timeout: a socket
    connection to any address outside the loopback fails at once, and so
    does looking up any name but localhost (the resolver is C code that a
    refused connect() would not stop); and the per-user cache
    (tools/deploy.py keeps its mpy-cross there) is an empty temporary
    folder, also for the programs a test starts."""
    import errno
    import ipaddress
    import socket

    def loopback(host):
        if isinstance(host, bytes):
            host = host.decode("ascii", "replace")
        if host is None or host.lower() == "localhost":
            return True
        try:
            return ipaddress.ip_address(host.split("%")[0]).is_loopback
        except ValueError:
            return False

    def literal(host):
        try:
            ipaddress.ip_address((host.decode() if isinstance(host, bytes) else host).split("%")[0])
            return True
        except (ValueError, AttributeError, UnicodeDecodeError):
            return False

    def refuse(sock, address):
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not loopback(address[0]):
            raise OSError(errno.ENETUNREACH, "tests: no network beyond the loopback (%s)"
                          % (address[0],))

    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo, real_gethostbyname = socket.getaddrinfo, socket.gethostbyname

    def connect(self, address):
        refuse(self, address)
        return real_connect(self, address)

    def connect_ex(self, address):
        refuse(self, address)
        return real_connect_ex(self, address)

    def getaddrinfo(host, *args, **kwargs):
        if not (loopback(host) or literal(host)):
            raise socket.gaierror(socket.EAI_NONAME, "tests: no name lookups (%s)" % (host,))
        return real_getaddrinfo(host, *args, **kwargs)

    def gethostbyname(host):
        if not (loopback(host) or literal(host)):
            raise socket.gaierror(socket.EAI_NONAME, "tests: no name lookups (%s)" % (host,))
        return real_gethostbyname(host)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(socket, "gethostbyname", gethostbyname)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
