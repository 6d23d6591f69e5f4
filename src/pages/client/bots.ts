/**
 * The bots page's script: turns the registration form into `POST /v1/bots` (a webhook bot with its URL
 * and, if given, its own secret; or a connected bot), shows the token and secret it answers once with
 * what to do with them, and keeps the token in this browser (by the bot's id), so the bot's page can
 * manage it and the home and tournaments pages can play and enter it. It also marks the listed bots
 * whose token this browser holds. Bundled into public/scripts/bots.js (see scripts.ts).
 */
import { boot, type ClientEnv } from "./boot.ts";

interface RegisteredBot {
  id: string;
  name: string;
  connection: "webhook" | "stream";
  secret: string;
  token: string;
}

/** The page passes nothing: the list and the form are in its markup. */
export type BotsConfig = Record<string, never>;

function botsClient(env: ClientEnv, _config: BotsConfig): void {
  const { kit } = env;
  const { document } = kit.browser;
  const form = kit.byId("register-bot");
  const error = kit.byId("form-error");
  const { field, checked } = kit.formFields(form);

  for (const row of document.querySelectorAll("tr[data-bot]")) {
    const mark = row.querySelector(".held-mark");
    if (mark && kit.heldBot(row.dataset.bot ?? "")) mark.hidden = false;
  }

  function sync(): void {
    const webhook = checked("connection")[0] !== "stream";
    kit.byId("url-row").hidden = !webhook;
    kit.byId("secret-row").hidden = !webhook;
  }
  form.addEventListener("change", sync);
  sync();

  /** What to do with the credentials, for the kind of bot registered. */
  function steps(bot: RegisteredBot): string[] {
    if (bot.connection === "stream")
      return [
        `Run the bot with the token: it reads GET /v1/bots/${bot.id}/events with Authorization: Bearer <token> and answers each move request there (or bridge a webhook bot with npm run arena -- connect --bot-id ${bot.id} --token <token>).`,
        "Keep the token secret: whoever has it can manage the bot.",
      ];
    return [
      "Give the secret to the bot: every call the service makes to it carries a webhook-signature made with it; the bot checks it and refuses calls that do not match.",
      "Keep the token for managing the bot (Authorization: Bearer <token>): its settings, the ladder, rotating, deleting, its call log; and to enter it while it is owner only.",
    ];
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = field("name").value.trim();
    const connection = checked("connection")[0] === "stream" ? "stream" : "webhook";
    const body: Record<string, unknown> = { name, entry: field("open").checked ? "open" : "owner" };
    if (connection === "stream") body.connection = "stream";
    else {
      body.url = field("url").value.trim();
      const secret = field("secret").value.trim();
      if (secret) body.secret = secret;
    }
    if (field("ladder").checked) body.ladder = true;
    error.textContent = "";
    const button = kit.byId("register");
    button.disabled = true;
    const answer = await kit.api<RegisteredBot>("POST", "/v1/bots", body);
    button.disabled = false;
    if (!answer.ok) {
      error.textContent = answer.detail;
      return;
    }
    const bot = answer.body;
    kit.holdBot({ id: bot.id, name: bot.name, token: bot.token });
    kit.byId("registered-name").innerHTML = env.draw.isolateHtml(bot.name);
    kit.byId("registered-token").textContent = bot.token;
    kit.byId("registered-secret").textContent = bot.secret;
    kit.byId("registered-steps").innerHTML = steps(bot)
      .map((step) => `<li>${env.draw.escapeHtml(step)}</li>`)
      .join("");
    kit.byId("registered-link").setAttribute("href", `/bots/${bot.id}`);
    kit.byId("registered").hidden = false;
    form.hidden = true;
    kit.byId("registered").focus();
  });
}

boot(botsClient);
