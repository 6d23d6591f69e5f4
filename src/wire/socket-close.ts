/**
 * Closing a WebSocket, from a Durable Object or from the Worker's relay of one's socket, without caring whether it is
 * still open: a close code the peer reported but that may not be sent (1005 no status, 1006 abnormal
 * closure, 1015 TLS failure: codes only a runtime reports) is sent as a normal close (1000); every
 * other code and the reason pass through.
 */

const UNSENDABLE_CODES: ReadonlySet<number> = new Set([1005, 1006, 1015]);

/** Closes `socket` with `code` (made sendable) and `reason`; a socket already closed is left as it is. */
export function closeQuietly(socket: WebSocket, code = 1000, reason = "done"): void {
  try {
    socket.close(UNSENDABLE_CODES.has(code) ? 1000 : code, reason);
  } catch {
    // already closed
  }
}
