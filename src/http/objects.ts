/**
 * How the routes reach the Durable Objects and read their answers. Each object is reached by its name
 * (objectNamed): a match, tournament or connected bot's link by its random id, the registry, ladder and
 * puzzle store by their fixed names. An id that cannot be one is refused as not found before any call.
 * An object's `Reply` becomes its value or a thrown problem (replyValue); the app renders the problem.
 * The objects layer is imported for its types only (the app also runs under Node).
 */
import { isId } from "../match/index.ts";
import { PUZZLE_STORE_NAME } from "../puzzles/index.ts";
import { LADDER_NAME, objectNamed, ProblemError, REGISTRY_NAME, type Reply } from "../wire/index.ts";

/** What a route may be asked about by id, with the problem when there is none. */
const SUBJECTS = {
  match: { code: "match/not_found", noun: "match" },
  tournament: { code: "tournament/not_found", noun: "tournament" },
  bot: { code: "registry/not_found", noun: "registered bot" },
} as const;
export type Subject = keyof typeof SUBJECTS;

/** An id as a problem's detail quotes it: whole, or its first 40 characters when it is longer. */
export const shortId = (id: string): string => (id.length > 40 ? `${id.slice(0, 40)}...` : id);

/** The problem of an id that names no `subject` (`there is no match ...`). */
export function notFound(subject: Subject, id: string): ProblemError {
  const { code, noun } = SUBJECTS[subject];
  return new ProblemError(code, `there is no ${noun} ${shortId(id)}`);
}

/**
 * The value of an object's reply, or its refusal thrown as a problem. With `subject` and `id`, that
 * subject's not-found refusal names the id (an object that was never created cannot know its own).
 */
export function replyValue<T>(reply: Reply<T>, subject?: Subject, id?: string): T {
  if (reply.ok) return reply.value;
  if (subject !== undefined && id !== undefined && reply.error.code === SUBJECTS[subject].code) throw notFound(subject, id);
  throw new ProblemError(reply.error.code, reply.error.detail);
}

/** The match `id`'s object; an id that cannot be one is not found. */
export function matchObject(env: Env, id: string) {
  if (!isId(id)) throw notFound("match", id);
  return objectNamed(env.MATCHES, id);
}

/** The tournament `id`'s object; an id that cannot be one is not found. */
export function tournamentObject(env: Env, id: string) {
  if (!isId(id)) throw notFound("tournament", id);
  return objectNamed(env.TOURNAMENTS, id);
}

/** A connected bot's link, one object per bot (src/objects/bot-link.ts); the caller has checked the id. */
export const linkObject = (env: Env, botId: string) => objectNamed(env.BOT_LINKS, botId);

/** The bot registry: a single object (it also keeps the tournaments' index). */
export const registryObject = (env: Env) => objectNamed(env.BOT_REGISTRY, REGISTRY_NAME);

/** The ladder: a single object. */
export const ladderObject = (env: Env) => objectNamed(env.LADDER, LADDER_NAME);

/** The puzzle store: a single object. */
export const puzzleStore = (env: Env) => objectNamed(env.PUZZLES, PUZZLE_STORE_NAME);
