"""For the deploy's tests: stand-ins for CircuitPython's mpy-cross, and a
web server on the loopback laid out like Adafruit's downloads
(BASE/linux-amd64/mpy-cross-linux-amd64-<tag>.static, ...), so that
tools/deploy.py fetches from it with --mpy-cross-from and no test goes
near the network.

    with Server({form_path("10.0.3"): good_binary()}) as srv:
        deploy.main(["--drive", d, "--mpy-cross-from", srv.url])
        srv.requests            # the paths asked for, in order
"""

import http.server
import threading

import cplane

CP10_VERSION = "CircuitPython 10.0.3 on 2025-10-17; mpy-cross emitting mpy v6.3"
CP9_VERSION = "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.3"
MICROPYTHON_VERSION = "MicroPython v1.27.0 on 2025-12-09; mpy-cross emitting mpy v6.3"


def fake_script(magic=b"C", version=CP10_VERSION):
    """A shell script that answers --version with `version` and, given
    `-o OUT [-s NAME] SRC`, writes OUT starting with `magic`
    (CircuitPython's .mpy files start with b"C", MicroPython's with b"M"),
    then the mpy version 6 and SRC's first bytes."""
    assert magic in (b"C", b"M") and "'" not in version
    return ("#!/bin/sh\n"
            "if [ \"$1\" = --version ]; then echo '%s'; exit 0; fi\n"
            "while [ $# -gt 0 ]; do\n"
            "  case \"$1\" in -o) out=$2; shift 2;; -s) shift 2;; *) src=$1; shift;; esac\n"
            "done\n"
            "printf '%s\\006\\000\\037' > \"$out\" && head -c 16 \"$src\" >> \"$out\"\n"
            % (version, magic.decode())).encode()


def write_fake(path, magic=b"C", version=CP10_VERSION):
    path.write_bytes(fake_script(magic, version))
    path.chmod(0o755)
    return str(path)


def real_binary():
    """CircuitPython 10.3's own mpy-cross from ../shared/circuitpython, or
    None where that folder is absent."""
    if not cplane.available():
        return None
    return cplane.mpy_cross().read_bytes()


def good_binary():
    """The one a deploy to a CircuitPython 10 board should take: the real
    mpy-cross when ../shared/circuitpython has it, else the fake."""
    return real_binary() or fake_script()


def form_path(tag, folder="linux-amd64", name="mpy-cross-linux-amd64-{tag}.static"):
    """The path below the base where Adafruit keeps that release's
    mpy-cross for a host (Linux x86-64 unless told)."""
    return "/%s/%s" % (folder, name.format(tag=tag))


class Server:
    """http.server in a thread on 127.0.0.1 (a free port), serving
    `files` ({path below the base: bytes, or ("cut", bytes): the headers
    promise all of it, the connection closes after half}) under
    /mirror; anything else is a 404. .url is the base to give deploy.py;
    .requests the paths asked for."""

    def __init__(self, files=()):
        self.files = dict(files)
        self.requests = []

    def __enter__(self):
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                body = server.files.get(self.path[len("/mirror"):]) \
                    if self.path.startswith("/mirror/") else None
                if body is None:
                    self.send_error(404)
                    return
                cut = isinstance(body, tuple)
                data = body[1] if cut else body
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[:len(data) // 2] if cut else data)
                self.wfile.flush()
                self.close_connection = True

            def log_message(self, format, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = "http://127.0.0.1:%d/mirror" % self.httpd.server_address[1]
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


def closed_port():
    """A loopback port with nothing listening (a connection is refused at once)."""
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port
