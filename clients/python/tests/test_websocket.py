"""quarto_client.websocket against a scripted server on a raw socket: the handshake's key and accept, the
frame lengths (7-bit, 16-bit and 64-bit), a message in fragments, a ping answered with a pong, masked
frames from the client, a close ending the iteration, and an HTTP refusal raised with its status.

    PYTHONPATH=clients/python python3 -m unittest discover -s clients/python/tests -p 'test_*.py'
"""

import base64
import hashlib
import json
import socket
import struct
import threading
import unittest

from quarto_client.websocket import ACCEPT_GUID, MatchSocket, SocketRefused


def frame(opcode, payload, final=True):
    size = len(payload)
    first = (0x80 if final else 0) | opcode
    if size < 126:
        return struct.pack("!BB", first, size) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", first, 126, size) + payload
    return struct.pack("!BBQ", first, 127, size) + payload


def read_frame(connection):
    def exactly(size):
        data = b""
        while len(data) < size:
            data += connection.recv(size - len(data))
        return data

    first, second = exactly(2)
    size = second & 0x7F
    if size == 126:
        (size,) = struct.unpack("!H", exactly(2))
    elif size == 127:
        (size,) = struct.unpack("!Q", exactly(8))
    masked = bool(second & 0x80)
    mask = exactly(4) if masked else b"\0\0\0\0"
    payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(exactly(size)))
    return first & 0x0F, masked, payload


class ScriptedSocketServer:
    """Accepts one connection and runs `script(connection, request_head)` on it."""

    def __init__(self, script):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.url = f"ws://127.0.0.1:{self.listener.getsockname()[1]}/v1/matches/m/ws?token=t"
        self.received = []
        self.error = None

        def serve():
            connection, _ = self.listener.accept()
            try:
                head = b""
                while b"\r\n\r\n" not in head:
                    head += connection.recv(4096)
                script(self, connection, head.decode())
            except Exception as error:  # noqa: BLE001 (reported by the test)
                self.error = error
            finally:
                connection.close()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()

    def close(self):
        self.thread.join(5)
        self.listener.close()


def accept_upgrade(connection, head):
    key = next(line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("sec-websocket-key:"))
    accept = base64.b64encode(hashlib.sha1((key + ACCEPT_GUID).encode()).digest()).decode()
    connection.sendall(f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n".encode())


class WebSocketTest(unittest.TestCase):
    def test_frames_fragments_ping_and_close(self):
        big = {"type": "state", "filler": "x" * 70000}

        def script(server, connection, head):
            server.received.append(head.split("\r\n")[0])
            accept_upgrade(connection, head)
            connection.sendall(frame(0x9, b"are you there"))
            server.received.append(read_frame(connection))  # the pong
            connection.sendall(frame(0x1, b'{"type": "ev', final=False) + frame(0x0, b'ent", "n": 1}'))
            connection.sendall(frame(0x1, json.dumps({"type": "medium", "text": "y" * 300}).encode()))
            connection.sendall(frame(0x1, json.dumps(big).encode()))
            server.received.append(read_frame(connection))  # the client's message
            connection.sendall(frame(0x8, struct.pack("!H", 1000)))
            server.received.append(read_frame(connection))  # the client's close

        server = ScriptedSocketServer(script)
        self.addCleanup(server.close)
        live = MatchSocket(server.url, timeout=5)
        first = live.receive()
        self.assertEqual(first, {"type": "event", "n": 1})
        self.assertEqual(live.receive()["text"], "y" * 300)
        self.assertEqual(live.receive(), big)
        live.send({"type": "move", "ply": 0, "give": 5})
        self.assertEqual(list(live), [])
        self.assertTrue(live.closed)
        server.thread.join(5)
        self.assertIsNone(server.error)
        request_line, pong, sent, close = server.received
        self.assertEqual(request_line, "GET /v1/matches/m/ws?token=t HTTP/1.1")
        self.assertEqual(pong, (0xA, True, b"are you there"))
        self.assertEqual((sent[0], sent[1], json.loads(sent[2])), (0x1, True, {"type": "move", "ply": 0, "give": 5}))
        self.assertEqual(close[:2], (0x8, True))

    def test_an_http_answer_instead_of_the_upgrade_is_raised_with_its_status(self):
        problem = json.dumps({"code": "match/not_found", "status": 404}).encode()

        def script(server, connection, head):
            connection.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Type: application/problem+json\r\nContent-Length: " + str(len(problem)).encode() + b"\r\n\r\n" + problem)

        server = ScriptedSocketServer(script)
        self.addCleanup(server.close)
        with self.assertRaises(SocketRefused) as refused:
            MatchSocket(server.url, timeout=5)
        self.assertEqual((refused.exception.status, json.loads(refused.exception.body)["code"]), (404, "match/not_found"))

    def test_a_wrong_accept_is_refused(self):
        def script(server, connection, head):
            connection.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: bm9wZQ==\r\n\r\n")

        server = ScriptedSocketServer(script)
        self.addCleanup(server.close)
        with self.assertRaises(ConnectionError):
            MatchSocket(server.url, timeout=5)


if __name__ == "__main__":
    unittest.main()
