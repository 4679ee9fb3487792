import { issueFormToken } from "#app/services/form-token.server.ts";
import { createPostgresDatabase } from "../tests/support/database.ts";
import { startServer } from "../tests/support/server.ts";

const secret = "contact-benchmark-secret-0123456789abcdef";
const pg = await createPostgresDatabase();
const server = await startServer({
  nodeArgs: (process.env.NA ?? "").split(" ").filter(Boolean),
  env: { CONTACT_RATE_LIMIT: "off", SESSION_SECRET: secret, DATABASE_URL: pg.url },
});
const total = 3000;
const issued = Date.now() - 10_000;
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < total) {
      const i = next++;
      const r = await fetch(`${server.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({
          form_token: issueFormToken(secret, issued - i),
          first_name: "A",
          last_name: "B" + i,
          email: `a${i}@example.test`,
          project_type: "quote",
          message: "Hello there " + i,
        }),
      });
      await r.arrayBuffer();
    }
  }),
);
console.log("rps", (total / ((performance.now() - t0) / 1000)).toFixed(0));
await server.stop();
await pg.drop();
