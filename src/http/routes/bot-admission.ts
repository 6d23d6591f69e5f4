/**
 * Who may use a registered bot, and where it may be called: the one admission of bots into match seats
 * and tournaments (registry lookup, the owner's consent, this deployment's URL policy), and the owner's
 * requests (the bot's management token as `Authorization: Bearer`: the registry's writes, the ladder,
 * a connected bot's transport).
 */
import type { Context } from "hono";
import { type BotUrlPolicy, checkBotUrl } from "../../bots/index.ts";
import { hashToken, isId } from "../../match/index.ts";
import { ProblemError, readSettings, type StoredBot } from "../../wire/index.ts";
import { type AppEnv, bearerToken } from "../context.ts";
import { blockedGuesser, countWrongToken } from "../limits.ts";
import { notFound, registryObject, replyValue } from "../objects.ts";
import { fieldProblem } from "./shared.ts";

/**
 * Where this deployment lets bots live: public hosts only, unless ALLOW_PRIVATE_BOT_URLS is "true"
 * (npm start); never the service's own host.
 */
export function botUrlPolicy(c: Context<AppEnv>): BotUrlPolicy {
  return { allowPrivate: readSettings(c.env).allowPrivateBotUrls, selfHosts: [new URL(c.req.url).hostname] };
}

/** A registered bot a request names, and the management token it gives with it (an `owner` bot needs it). */
export interface BotClaim {
  id: string;
  token?: string;
  /** Where the request names it: the match seat `seats.{index}` (the id in its `bot`), or the tournament entrant `bots.{index}`. */
  at: { seat: number } | { entrant: number };
}

/** A registered bot admitted to play: a connected bot (asked through its link), or a webhook bot at a URL the policy allows. */
export type AdmittedBot = { id: string; name: string } & ({ connection: "stream" } | { connection: "webhook"; url: string; secret: string });

/** The request's paths to a claim: the item that names the bot, and its id in it. */
function pathsOf(claim: BotClaim): { item: (string | number)[]; id: (string | number)[] } {
  return "seat" in claim.at ? { item: ["seats", claim.at.seat], id: ["seats", claim.at.seat, "bot"] } : { item: ["bots", claim.at.entrant], id: ["bots", claim.at.entrant] };
}

/**
 * Why a claim may not use `bot`, or null when it may: an `open` bot, anyone; an `owner` bot, only with
 * its management token (`tokenHash`: the hash of the token the claim gave, null for none).
 */
function entryRefusal(bot: StoredBot, claim: BotClaim, tokenHash: string | null): string | null {
  if (tokenHash !== null) return tokenHash === bot.tokenHash ? null : `the token given for ${bot.name} is not its management token`;
  if (bot.entry === "open") return null;
  return "seat" in claim.at
    ? `${bot.name} is seated by its owner only (entry: owner): give its seat as {"kind": "bot", "bot": "${bot.id}", "token": "<its management token>"}`
    : `${bot.name} is entered by its owner only (entry: owner): give it as {"id": "${bot.id}", "token": "<its management token>"}`;
}

/** The auth-failures 429, alone in saying which policy refused (the route's own, counted before, is left out). */
function throttled(c: Context<AppEnv>, limited: ProblemError): ProblemError {
  c.header("RateLimit-Policy", undefined);
  c.header("RateLimit", undefined);
  return limited;
}

/**
 * The registered bots of `claims`, in order, read in one registry call, each checked in turn: an id that
 * names no registered bot is the caller's `unknown` problem (`at`: the id's path in the request); a bot the claim may not use is a 403
 * `registry/entry_refused`; a webhook bot whose URL this deployment's policy refuses (registered before
 * the policy, or under another deployment's) a 422 `registry/url_not_allowed`: it is never called.
 */
export async function admitBots(c: Context<AppEnv>, claims: readonly BotClaim[], unknown: (claim: BotClaim, at: (string | number)[]) => ProblemError): Promise<AdmittedBot[]> {
  const ids = claims.map((claim) => claim.id).filter(isId);
  const found = ids.length === 0 ? [] : await registryObject(c.env).entrants(ids);
  // Entry tokens in a body are guesses like a header's: a client blocked for wrong tokens gets no answer to them.
  const guessing = claims.some((claim) => claim.token !== undefined);
  const blocked = guessing ? blockedGuesser(c) : null;
  if (blocked !== null) throw throttled(c, blocked);
  const hashes = await Promise.all(claims.map((claim) => (claim.token === undefined ? null : hashToken(claim.token))));
  const admitted: AdmittedBot[] = [];
  for (const [index, claim] of claims.entries()) {
    const bot = isId(claim.id) ? found[ids.indexOf(claim.id)] : null;
    const paths = pathsOf(claim);
    if (!bot) throw unknown(claim, paths.id);
    const refusal = entryRefusal(bot, claim, hashes[index]);
    if (refusal !== null) {
      // A wrong token (not a missing one) counts against the client's auth-failures.
      const limited = hashes[index] === null ? null : await countWrongToken(c);
      throw limited !== null ? throttled(c, limited) : fieldProblem("registry/entry_refused", paths.item, refusal);
    }
    if (bot.connection === "stream") {
      admitted.push({ id: bot.id, name: bot.name, connection: "stream" });
      continue;
    }
    const url = checkBotUrl(bot.url, botUrlPolicy(c));
    if (!url.ok) throw fieldProblem("registry/url_not_allowed", paths.id, url.detail);
    admitted.push({ id: bot.id, name: bot.name, connection: "webhook", url: url.url, secret: bot.secret });
  }
  return admitted;
}

/** The hash of the management token the request carries for the bot `id` (checked by the registry's call that takes it). */
export async function managementTokenHash(c: Context<AppEnv>, id: string): Promise<string> {
  const token = bearerToken(c);
  if (token === null) throw new ProblemError("registry/token_required", "send the bot's management token as Authorization: Bearer <token>");
  if (!isId(id)) throw notFound("bot", id);
  return hashToken(token);
}

/** The registered bot `id` if the request carries its management token, and that token's hash. */
export async function ownedBot(c: Context<AppEnv>, id: string): Promise<{ bot: Omit<StoredBot, "secret" | "tokenHash">; tokenHash: string }> {
  const tokenHash = await managementTokenHash(c, id);
  return { bot: replyValue(await registryObject(c.env).authorize(id, tokenHash), "bot", id), tokenHash };
}
