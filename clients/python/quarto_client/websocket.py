"""A match's WebSocket (GET /v1/matches/{id}/ws) with the standard library: the opening handshake and
the frames of RFC 6455 over a plain socket (TLS for wss://), enough for the match's JSON messages.

    with quarto.match_socket(match_id, token) as live:
        for message in live:                         # {"type": "state", ...}, then an event per change
            if message["type"] == "state" and my_turn(message["state"]):
                live.send({"type": "move", "ply": message["state"]["ply"], "give": 3})

The server's messages are JSON text frames; its pings are answered; a close frame ends the iteration.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket as sockets
import ssl
import struct
import urllib.parse
from typing import Any, Dict, Iterator, Optional, Tuple

#: RFC 6455, section 1.3: what the server appends to the client's key before hashing it.
ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0
#: The most a message of the server may hold (its state of a match is a few KiB).
MAX_MESSAGE_BYTES = 1 << 20


class SocketRefused(Exception):
    """The server answered the upgrade with an HTTP status instead: `status`, its `body` and `headers`."""

    def __init__(self, status: int, body: bytes, headers: Dict[str, str]):
        self.status = status
        self.body = body
        self.headers = headers
        super().__init__(f"WebSocket refused: HTTP {status}")


class MatchSocket:
    """One open WebSocket to a match: iterate it for the server's messages (parsed JSON), send() yours."""

    def __init__(self, url: str, timeout: Optional[float] = 60.0, read_timeout: Optional[float] = None):
        """Connects and upgrades within `timeout` seconds; then waits `read_timeout` for each message
        (None: as long as it takes, a match can be quiet for long)."""
        parts = urllib.parse.urlsplit(url)
        secure = parts.scheme == "wss"
        host = parts.hostname or "localhost"
        port = parts.port or (443 if secure else 80)
        raw = sockets.create_connection((host, port), timeout=timeout)
        self._socket = ssl.create_default_context().wrap_socket(raw, server_hostname=host) if secure else raw
        self._buffer = b""
        self.closed = False
        key = base64.b64encode(os.urandom(16)).decode()
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        authority = parts.netloc.rsplit("@", 1)[-1]
        request = (
            f"GET {target} HTTP/1.1\r\nHost: {authority}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self._socket.sendall(request.encode())
        status, headers = self._read_head()
        if status != 101:
            body = self._read_body(headers)
            self._socket.close()
            raise SocketRefused(status, body, headers)
        expected = base64.b64encode(hashlib.sha1((key + ACCEPT_GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            self._socket.close()
            raise ConnectionError("the server's Sec-WebSocket-Accept does not match the key sent")
        self._socket.settimeout(read_timeout)

    # ---- the handshake ----

    def _read_exactly(self, size: int) -> bytes:
        while len(self._buffer) < size:
            chunk = self._socket.recv(max(4096, size - len(self._buffer)))
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self._buffer += chunk
        data, self._buffer = self._buffer[:size], self._buffer[size:]
        return data

    def _read_head(self) -> Tuple[int, Dict[str, str]]:
        while b"\r\n\r\n" not in self._buffer:
            chunk = self._socket.recv(4096)
            if not chunk:
                raise ConnectionError("the server closed the connection during the handshake")
            self._buffer += chunk
        head, self._buffer = self._buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ")[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        return status, headers

    def _read_body(self, headers: Dict[str, str]) -> bytes:
        length = int(headers.get("content-length") or 0)
        return self._read_exactly(length) if length else b""

    # ---- frames ----

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        # A client masks every frame it sends (RFC 6455, section 5.3).
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self._socket.sendall(header + mask + masked)

    def _read_frame(self) -> Tuple[bool, int, bytes]:
        first, second = self._read_exactly(2)
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", self._read_exactly(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", self._read_exactly(8))
        if size > MAX_MESSAGE_BYTES:
            raise ConnectionError(f"a frame of {size} bytes is over {MAX_MESSAGE_BYTES}")
        mask = self._read_exactly(4) if second & 0x80 else None
        payload = self._read_exactly(size)
        if mask is not None:
            payload = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        return bool(first & 0x80), first & 0x0F, payload

    def receive(self) -> Optional[Any]:
        """The server's next message (parsed JSON), or None once the socket is closed."""
        message = b""
        while not self.closed:
            final, opcode, payload = self._read_frame()
            if opcode == PING:
                self._send_frame(PONG, payload)
            elif opcode == CLOSE:
                self._close(payload[:2] if len(payload) >= 2 else b"")
            elif opcode in (TEXT, BINARY, CONTINUATION):
                message += payload
                if len(message) > MAX_MESSAGE_BYTES:
                    raise ConnectionError(f"a message over {MAX_MESSAGE_BYTES} bytes")
                if final:
                    return json.loads(message.decode())
        return None

    def __iter__(self) -> Iterator[Any]:
        while True:
            message = self.receive()
            if message is None:
                return
            yield message

    def send(self, message: Dict[str, Any]) -> None:
        """Sends one message (a dict, as JSON text): `{"type": "move", "ply": 4, "place": "d1"}`, ..."""
        self._send_frame(TEXT, json.dumps(message).encode())

    # ---- closing ----

    def _close(self, code: bytes) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._send_frame(CLOSE, code)
        except OSError:
            pass
        self._socket.close()

    def close(self) -> None:
        """Closes the socket normally (status 1000)."""
        self._close(struct.pack("!H", 1000))

    def __enter__(self) -> "MatchSocket":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
