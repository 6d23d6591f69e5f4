/**
 * What one WebSocket client may send and be sent: a token bucket of messages, bounds on what is
 * dropped before the socket is closed (1008), and a bucket of answer bytes. The match object applies
 * them to every message it reads, and the Worker's relay (src/http/socket-relay.ts) applies the same
 * bucket in front of it, so a flood is dropped before it reaches the object.
 */
/** A socket message larger than this is refused unread. */
export const MAX_SOCKET_MESSAGE_BYTES = 4096;
/** A socket may send this many messages at once, and this many more per second after that; the rest are dropped unanswered. */
export const SOCKET_BURST = 20;
const SOCKET_MESSAGES_PER_S = 5;
/** A socket is closed (1008) once it has had this many messages dropped, or this many bytes dropped or refused unread. */
export const SOCKET_MAX_DROPPED = 50;
const SOCKET_MAX_DROPPED_BYTES = 64 * 1024;
/**
 * What the server queues for one socket in answers to its messages: this many bytes at once, and this
 * many more per second after that; a socket that asks for more (it cannot be reading them: workerd's
 * sockets have no bufferedAmount to tell) is closed (1008) rather than letting its backlog grow.
 */
export const SOCKET_ANSWER_BYTES = 64 * 1024;
const SOCKET_ANSWER_BYTES_PER_S = 4 * 1024;
/** The close code of a socket cut off for abuse (RFC 6455: policy violation). */
export const POLICY_VIOLATION = 1008;
/**
 * A socket's allowance: messages, a token bucket of SOCKET_BURST refilled at SOCKET_MESSAGES_PER_S
 * (`allowed`: this message is within it); what was dropped so far; and the bytes of answers it may
 * still be sent, a bucket of SOCKET_ANSWER_BYTES refilled at SOCKET_ANSWER_BYTES_PER_S.
 */
export interface Allowance {
  tokens: number;
  at: number;
  allowed: boolean;
  dropped: number;
  droppedBytes: number;
  answerBytes: number;
  answersAt: number;
  /** Wrong tokens sent in `auth` messages. */
  guesses: number;
}

export function spendAllowance(previous: Allowance | undefined, now: number, bytes: number): Allowance {
  const base = previous ?? { tokens: SOCKET_BURST, at: now, allowed: true, dropped: 0, droppedBytes: 0, answerBytes: SOCKET_ANSWER_BYTES, answersAt: now, guesses: 0 };
  const refilled = Math.min(SOCKET_BURST, base.tokens + ((now - base.at) / 1000) * SOCKET_MESSAGES_PER_S);
  if (refilled >= 1) return { ...base, tokens: refilled - 1, at: now, allowed: true };
  return { ...base, tokens: refilled, at: now, allowed: false, dropped: base.dropped + 1, droppedBytes: base.droppedBytes + bytes };
}

/** Takes an answer of `bytes` out of the socket's answer allowance; false when it is spent. */
export function spendAnswer(allowance: Allowance, now: number, bytes: number): boolean {
  allowance.answerBytes = Math.min(SOCKET_ANSWER_BYTES, allowance.answerBytes + ((now - allowance.answersAt) / 1000) * SOCKET_ANSWER_BYTES_PER_S);
  allowance.answersAt = now;
  if (allowance.answerBytes < bytes) return false;
  allowance.answerBytes -= bytes;
  return true;
}

/** A message's size in bytes, at least (a string's UTF-16 length: each unit is 1 to 3 UTF-8 bytes). */
export const messageBytes = (message: string | ArrayBuffer): number => (typeof message === "string" ? message.length : message.byteLength);

/** Whether a message is over MAX_SOCKET_MESSAGE_BYTES (UTF-8 takes 1 to 3 bytes per UTF-16 unit: only a string in between is encoded). */
export function tooLarge(message: string | ArrayBuffer): boolean {
  if (typeof message !== "string") return message.byteLength > MAX_SOCKET_MESSAGE_BYTES;
  if (message.length > MAX_SOCKET_MESSAGE_BYTES) return true;
  if (message.length * 3 <= MAX_SOCKET_MESSAGE_BYTES) return false;
  return new TextEncoder().encode(message).byteLength > MAX_SOCKET_MESSAGE_BYTES;
}

/** Whether a socket has had more dropped than it may (it is then closed with POLICY_VIOLATION). */
export const overDropBound = (allowance: Allowance): boolean => allowance.dropped > SOCKET_MAX_DROPPED || allowance.droppedBytes > SOCKET_MAX_DROPPED_BYTES;

/** Why a socket over the drop bound is closed (the close reason). */
export const DROP_BOUND_REASON = `more than ${SOCKET_MAX_DROPPED} messages or ${SOCKET_MAX_DROPPED_BYTES} bytes over the limits`;

/** Why a socket that asks for answers faster than it can be reading them is closed. */
export const ANSWER_BOUND_REASON = `answers asked faster than ${SOCKET_ANSWER_BYTES_PER_S} bytes a second`;
