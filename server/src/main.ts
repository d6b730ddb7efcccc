// Reads the configuration and listens; everything else is in buildApp.
// First: the process's V8 settings, before anything is compiled or allocated (v8-flags.ts).
import "./v8-flags.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

/** How long closing may take (after the drain) before the process gives up waiting and exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ host: config.host, port: config.port });

// SIGTERM (what a process manager, a container runtime or a deploy sends) and SIGINT: drain for
// SHUTDOWN_DRAIN_MS (still serving, /readyz 503, every answer `Connection: close`), then stop
// accepting, let the requests in flight finish, stop the outbox loop, close the database
// (app.ts, onClose), and exit. A second signal, or a shutdown that hangs past the
// grace period, exits at once: nothing acknowledged is lost that way either, only unanswered
// requests are cut.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, "shutting down: draining");
    app.lifecycle.draining = true;
    setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, "shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
    new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      .then(() => {
        app.log.info("shutting down: finishing the requests in flight");
        return app.close();
      })
      .then(
        () => {
          app.log.info("shut down");
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
  });
}
