"""QuartoClient's retries, against a small local server that answers what each test scripts: a request
refused with 429 or 503 is sent again after its Retry-After, at most `retries` times, only when sending it
twice is safe (GET, PUT, DELETE, or a POST with an Idempotency-Key, which creating POSTs get by default).

    PYTHONPATH=clients/python python3 -m unittest discover -s clients/python/tests -p 'test_*.py'
"""

import email.utils
import json
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from quarto_client import QuartoClient, QuartoError

PROBLEM = {"type": "/problems/request/rate_limited", "title": "Too many requests", "status": 429, "code": "request/rate_limited", "detail": "slow down"}
BUSY = {"type": "/problems/engine/busy", "title": "The engine is busy", "status": 503, "code": "engine/busy", "detail": "the queue is full"}


class ScriptedServer:
    """Answers each request with the next of `answers` (status, headers, body), the last one for good."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.requests = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                server.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
                status, headers, payload = server.answers[min(len(server.requests), len(server.answers)) - 1]
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/problem+json" if status >= 400 else "application/json")
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = answer

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class RetryTest(unittest.TestCase):
    def serve(self, *answers):
        server = ScriptedServer(answers)
        self.addCleanup(server.close)
        return server

    def client(self, server, **options):
        waits = []
        return QuartoClient(server.url, sleep=waits.append, **options), waits

    def test_a_get_refused_with_429_is_sent_again_after_retry_after(self):
        server = self.serve((429, {"Retry-After": "2"}, PROBLEM), (429, {"Retry-After": "1"}, PROBLEM), (200, {}, {"status": "ok"}))
        quarto, waits = self.client(server)
        self.assertEqual(quarto.health(), {"status": "ok"})
        self.assertEqual(waits, [2.0, 1.0])
        self.assertEqual(len(server.requests), 3)

    def test_retries_are_bounded_and_the_last_refusal_is_raised_with_its_code(self):
        server = self.serve((503, {"Retry-After": "1"}, BUSY))
        quarto, waits = self.client(server, retries=2)
        with self.assertRaises(QuartoError) as raised:
            quarto.evaluate("..5.A...D3EF90.67", query_form=True)
        self.assertEqual((raised.exception.status, raised.exception.code, raised.exception.retry_after), (503, "engine/busy", 1.0))
        self.assertEqual(waits, [1.0, 1.0])
        self.assertEqual(len(server.requests), 3)

    def test_a_post_without_an_idempotency_key_is_not_sent_twice(self):
        server = self.serve((503, {"Retry-After": "1"}, BUSY), (200, {}, {"value": "win"}))
        quarto, waits = self.client(server)
        with self.assertRaises(QuartoError) as raised:
            quarto.evaluate("..5.A...D3EF90.67")
        self.assertEqual(raised.exception.code, "engine/busy")
        self.assertEqual((waits, len(server.requests)), ([], 1))

    def test_a_creating_post_carries_a_new_idempotency_key_and_its_retry_the_same_one(self):
        server = self.serve((429, {"Retry-After": "3"}, PROBLEM), (201, {}, {"id": "m"}))
        quarto, waits = self.client(server)
        self.assertEqual(quarto.create_match(), {"id": "m"})
        keys = [request["headers"].get("Idempotency-Key") for request in server.requests]
        self.assertEqual(len(keys), 2)
        self.assertIsNotNone(keys[0])
        self.assertEqual(keys[0], keys[1])
        self.assertEqual(waits, [3.0])
        # A second operation is another key; a key of the caller's own is sent as given.
        quarto.create_match(idempotency_key="mine")
        self.assertNotEqual(server.requests[2]["headers"]["Idempotency-Key"], keys[0])
        self.assertEqual(server.requests[2]["headers"]["Idempotency-Key"], "mine")

    def test_put_and_delete_are_retried(self):
        server = self.serve((429, {"Retry-After": "1"}, PROBLEM), (200, {}, {"status": "active"}))
        quarto, waits = self.client(server)
        self.assertEqual(quarto.join_ladder("b", "t")["status"], "active")
        self.assertEqual([request["method"] for request in server.requests], ["PUT", "PUT"])

    def test_a_wait_longer_than_max_retry_wait_is_not_waited(self):
        server = self.serve((429, {"Retry-After": "120"}, PROBLEM), (200, {}, {"status": "ok"}))
        quarto, waits = self.client(server, max_retry_wait=60)
        with self.assertRaises(QuartoError) as raised:
            quarto.health()
        self.assertEqual((raised.exception.retry_after, waits, len(server.requests)), (120.0, [], 1))

    def test_retry_after_as_an_http_date(self):
        later = email.utils.formatdate(time.time() + 5, usegmt=True)
        server = self.serve((503, {"Retry-After": later}, BUSY), (200, {}, {"status": "ok"}))
        quarto, waits = self.client(server)
        quarto.health()
        self.assertEqual(len(waits), 1)
        self.assertTrue(3 <= waits[0] <= 5, waits)

    def test_without_retry_after_it_backs_off(self):
        server = self.serve((503, {}, BUSY), (503, {}, BUSY), (200, {}, {"status": "ok"}))
        quarto, waits = self.client(server)
        quarto.health()
        self.assertEqual(waits, [1.0, 2.0])

    def test_retries_0_turns_them_off(self):
        server = self.serve((429, {"Retry-After": "1"}, PROBLEM), (200, {}, {"status": "ok"}))
        quarto, waits = self.client(server, retries=0)
        with self.assertRaises(QuartoError):
            quarto.health()
        self.assertEqual((waits, len(server.requests)), ([], 1))

    def test_other_errors_are_not_retried(self):
        server = self.serve((422, {"Retry-After": "1"}, {**PROBLEM, "status": 422, "code": "request/invalid"}), (200, {}, {}))
        quarto, waits = self.client(server)
        with self.assertRaises(QuartoError) as raised:
            quarto.health()
        self.assertEqual((raised.exception.code, waits, len(server.requests)), ("request/invalid", [], 1))


if __name__ == "__main__":
    unittest.main()
