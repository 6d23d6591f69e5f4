/**
 * Registered bots: the form the registry stores (signing secret as is, because the service signs its
 * calls with it; management token only hashed) and the public view, which never shows either.
 */
import type { BotInfo, ForfeitCode } from "../bots/index.ts";
import type { BotCallKind, BotCallOutput, BotConnection, BotEntry, BotOutput } from "./bot-schemas.ts";

/** A registered bot as the registry stores it. */
export interface StoredBot {
  id: string;
  name: string;
  /** How the service reaches it: `webhook` calls `url`; `stream` asks it over its event stream (`url` is empty). */
  connection: BotConnection;
  url: string;
  secret: string;
  tokenHash: string;
  info: BotInfo;
  /** Who may enter it (absent in rows stored before the setting: `open`). */
  entry: BotEntry;
  createdAt: number;
}

/** The name of the one BotRegistry object (`idFromName`). */
export const REGISTRY_NAME = "registry";

const instant = (ms: number): string => new Date(ms).toISOString();

/** Whether a connected bot is connected now, and when it was last seen (null: never). */
export interface LinkStatus {
  connected: boolean;
  lastSeen: number | null;
}

/** The public view of a bot; a connected bot's with its link status (when read). */
export function botOutput(bot: StoredBot, link?: LinkStatus): BotOutput {
  const output: BotOutput = { id: bot.id, name: bot.name, connection: bot.connection, url: bot.connection === "stream" ? null : bot.url, info: bot.info, entry: bot.entry, createdAt: instant(bot.createdAt) };
  if (bot.connection === "stream") {
    output.connected = link?.connected ?? false;
    output.lastSeen = link?.lastSeen == null ? null : instant(link.lastSeen);
  }
  return output;
}

/** The id of a move request to a connected bot: its match and ply (one open request per turn). */
export const linkRequestId = (matchId: string, ply: number): string => `${matchId}-${ply}`;

/** What a bot's call log keeps: its last `calls` calls, none older than `days` days (the API describes the same numbers). */
export const CALL_LOG_BOUND = { calls: 1000, days: 7 } as const;

/** One call to a bot as its call log stores it (src/objects/bot-calls.ts); the view is `BotCall`. */
export interface StoredBotCall {
  kind: BotCallKind;
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  ply: number;
  /** When the request was sent, in ms since the epoch. */
  sentAt: number;
  status: number | null;
  latencyMs: number;
  move: string | null;
  forfeit: ForfeitCode | null;
  detail: string | null;
}

/** The view of call `seq` of a bot's log. */
export const botCallOutput = (seq: number, call: StoredBotCall): BotCallOutput => ({ id: String(seq), ...call, sentAt: instant(call.sentAt) });
