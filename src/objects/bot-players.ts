/**
 * A bot as a Player (src/bots/protocol.ts), built one way for tournaments and match seats alike: a
 * built-in bot in process (untimed), a webhook bot over HTTP, a connected bot through its link object
 * (the same Player: the step and a match's bot seat cannot tell them apart).
 */
import { callCheck, httpBot, type Player, builtInBot } from "../bots/index.ts";
import { readSettings, type StoredBot, type StoredEntry } from "../wire/index.ts";
import { type CallRecorder, connectedBot } from "./bot-link.ts";

/** A registered bot, as the registry keeps it, as an entrant named `name`. */
export function registeredEntry(bot: StoredBot, name: string): StoredEntry {
  return bot.connection === "stream" ? { name, kind: "connected", botId: bot.id } : { name, kind: "registered", botId: bot.id, url: bot.url, secret: bot.secret };
}

/**
 * The player of `entry`; `maxNodes` is a built-in bot's node budget per move. With `calls`, a registered
 * bot's end notices go to its call log (its moves are recorded by the host, which judges them).
 */
export function botPlayer(env: Env, entry: StoredEntry, maxNodes?: number, calls?: CallRecorder): Player {
  const player = playerOf(env, entry, maxNodes);
  const { end } = player;
  if (calls === undefined || end === undefined || entry.kind === "builtIn") return player;
  return {
    ...player,
    async end(notice) {
      const sentAt = Date.now();
      const delivery = await end(notice);
      calls.end(entry, notice, delivery, sentAt, Date.now());
      return delivery;
    },
  };
}

function playerOf(env: Env, entry: StoredEntry, maxNodes?: number): Player {
  switch (entry.kind) {
    case "builtIn":
      return builtInBot(entry.level, { name: entry.name, ...(maxNodes === undefined ? {} : { maxNodes }) });
    case "registered":
      // Each call first checks where the bot's host resolves (src/bots/resolve.ts).
      return httpBot({ name: entry.name, url: entry.url, secret: entry.secret, checkUrl: callCheck({ allowPrivate: readSettings(env).allowPrivateBotUrls }) });
    case "connected":
      return connectedBot(env, entry);
  }
}
