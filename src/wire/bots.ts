/**
 * Registered bots: the form the registry stores (signing secret as is, because the service signs its
 * calls with it; management token only hashed) and the public view, which never shows either.
 */
import type { BotInfo } from "../bots/index.ts";
import type { BotEntry, BotOutput } from "./bot-schemas.ts";

/** A registered bot as the registry stores it. */
export interface StoredBot {
  id: string;
  name: string;
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

export function botOutput(bot: StoredBot): BotOutput {
  return { id: bot.id, name: bot.name, url: bot.url, info: bot.info, entry: bot.entry, createdAt: instant(bot.createdAt) };
}
