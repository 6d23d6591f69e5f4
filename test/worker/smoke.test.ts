import { env, SELF, evictDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
it("serves", async () => {
  const r = await SELF.fetch("http://x/");
  expect(await r.text()).toBe("ok");
  const stub = env.MATCHES.get(env.MATCHES.idFromName("a"));
  expect(await stub.ping()).toBe("pong");
  await evictDurableObject(stub);
  expect(await stub.ping()).toBe("pong");
});
