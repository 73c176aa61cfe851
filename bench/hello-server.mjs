// The benchmark's baseline: a bare Fastify "hello world" on PORT, in a process of its own like the store.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
