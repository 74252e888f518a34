"""A loopback HTTP server for FeedFetchTests: serves the recorded feeds with ETag and
Last-Modified (answering 304 to a matching If-None-Match or If-Modified-Since), and two misbehaving paths:
/flaky/N/<file> answers 503 (Retry-After: 0) to its first N requests, /slow/<seconds> answers late.
With --route PATH=FILE (repeatable), a request for exactly PATH (query included: a league's own
API path, as trips asks it) is answered with FILE under the root, like /feeds/FILE.
With --drip=PATH (repeatable), that path's answer is sent one byte a second (logged "... status=200 drip"):
a server too slow for any deadline.
Prints "port N" once listening; with --log, then a line per request: "request PATH
if-none-match=VALUE status=N" (VALUE - when not sent). Ends when its stdin closes (the test's lifeline) or after 120 s."""
import hashlib, os, sys, threading, time
from email.utils import formatdate, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.realpath(sys.argv[1])
LOG = "--log" in sys.argv[2:]
ROUTES = dict(arg[len("--route="):].rsplit("=", 1) for arg in sys.argv[2:] if arg.startswith("--route="))
DRIPS = {arg[len("--drip="):] for arg in sys.argv[2:] if arg.startswith("--drip=")}
counts = {}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=()):
        if LOG:
            sent = self.headers.get("If-None-Match") or "-"
            print("request %s if-none-match=%s status=%d" % (self.path, sent, status), flush=True)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def drip(self, body):
        if LOG:
            print("request %s if-none-match=- status=200 drip" % self.path, flush=True)
        try:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.flush()
            for byte in body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_GET(self):
        parts = self.path.lstrip("/").split("/")
        if self.path in DRIPS:
            return self.drip(open(os.path.join(ROOT, ROUTES.get(self.path, "")), "rb").read())
        if self.path in ROUTES:
            parts = ["feeds"] + ROUTES[self.path].split("/")
        if parts[0] == "slow":
            time.sleep(float(parts[1]))
            return self.reply(200, b"{}")
        if parts[0] == "flaky":
            with lock:
                counts[self.path] = counts.get(self.path, 0) + 1
                seen = counts[self.path]
            if seen <= int(parts[1]):
                return self.reply(503, b"busy", [("Retry-After", "0")])
            parts = parts[2:]
        elif parts[0] == "feeds":
            parts = parts[1:]
        else:
            return self.reply(404, b"no such path")
        path = os.path.realpath(os.path.join(ROOT, *parts))
        if not path.startswith(ROOT + os.sep) or not os.path.isfile(path):
            return self.reply(404, b"no such file")
        body = open(path, "rb").read()
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        modified = formatdate(int(os.path.getmtime(path)), usegmt=True)
        validators = [("ETag", etag), ("Last-Modified", modified)]
        if self.headers.get("If-None-Match") == etag:
            return self.reply(304, b"", validators)
        since = self.headers.get("If-Modified-Since")
        if since and self.headers.get("If-None-Match") is None:
            if parsedate_to_datetime(since).timestamp() >= int(os.path.getmtime(path)):
                return self.reply(304, b"", validators)
        self.reply(200, body, validators + [("Content-Type", "application/json")])


def lifeline():
    sys.stdin.read()
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=lifeline, daemon=True).start()
threading.Timer(120, lambda: os._exit(1)).start()
print("port %d" % server.server_address[1], flush=True)
server.serve_forever()
