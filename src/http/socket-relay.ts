/**
 * The Worker's end of a match WebSocket: the client's socket is held here and relayed to the
 * match object's (which the object accepted for hibernation), with the object's own message allowance
 * applied first. A flood is dropped here, one cheap event each, instead of reaching the object as one
 * hibernation event per frame (each an invocation of the object, which under `wrangler dev` shares the
 * isolate with every other match); past the drop bound both sockets are closed (1008), and once the
 * client's is closed, its next frame ends the runtime's reading of it (FloodCutOff), so the rest of a
 * flood already sent is never read. The object keeps its own checks (answers, tokens, sizes).
 */
import { type Allowance, closeQuietly, DROP_BOUND_REASON, messageBytes, overDropBound, POLICY_VIOLATION, spendAllowance } from "../wire/index.ts";

/** Thrown by the client socket's message listener once it is closed for a flood: the runtime stops reading it. */
class FloodCutOff extends Error {
  constructor() {
    super(`the client was closed (${POLICY_VIOLATION}) for sending past its allowance and kept sending: its socket is no longer read`);
    this.name = "FloodCutOff";
  }
}

/** Relays the object's socket `upstream` to a new client socket; answers the client end for the 101. */
export function relayMatchSocket(upstream: WebSocket): WebSocket {
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  upstream.accept();
  let allowance: Allowance | undefined;
  let open = true;
  /** The client went over its allowance: nothing more it sends is read; it is closed once the object has closed. */
  let cut = false;
  const closeBoth = (code: number, reason: string) => {
    if (!open) return;
    open = false;
    closeQuietly(server, code, reason);
    closeQuietly(upstream, code, reason);
  };
  server.addEventListener("message", (event) => {
    // Closed for a flood and the client still sends: throwing ends the runtime's read loop of this
    // socket, so the rest of the flood is not read at all (each frame read is an event in this isolate;
    // 20,000 of them held it for 100 ms and more). The runtime logs the error once.
    if (!open && cut) throw new FloodCutOff();
    if (!open || cut) return;
    const data = event.data as string | ArrayBuffer;
    allowance = spendAllowance(allowance, Date.now(), messageBytes(data));
    if (overDropBound(allowance)) {
      // The object closes after it has answered what it was sent (one socket keeps its order); the
      // client gets those answers, then the close. A second later it is closed in any case.
      cut = true;
      closeQuietly(upstream, POLICY_VIOLATION, DROP_BOUND_REASON);
      setTimeout(() => closeBoth(POLICY_VIOLATION, DROP_BOUND_REASON), 1000);
      return;
    }
    if (!allowance.allowed) return;
    try {
      upstream.send(data);
    } catch {
      closeBoth(1011, "the match's socket closed");
    }
  });
  upstream.addEventListener("message", (event) => {
    if (!open) return;
    try {
      server.send(event.data as string | ArrayBuffer);
    } catch {
      closeBoth(1000, "the client's socket closed");
    }
  });
  server.addEventListener("close", (event) => closeBoth(event.code, event.reason));
  upstream.addEventListener("close", (event) => (cut ? closeBoth(POLICY_VIOLATION, DROP_BOUND_REASON) : closeBoth(event.code, event.reason)));
  server.addEventListener("error", () => closeBoth(1011, "error"));
  upstream.addEventListener("error", () => closeBoth(1011, "error"));
  return client;
}
