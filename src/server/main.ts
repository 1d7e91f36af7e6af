// Starts the server: validated environment, database, first owner, listen, graceful shutdown.
import { buildApp, loggerOptions } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { loadEnv } from './env';
import { openConfiguredDatabase } from './open-database';
import { ensureOwner } from './services/bootstrap-owner';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const env = loadEnv();
  const database = await openConfiguredDatabase(env);
  const created = await ensureOwner(database.db, env.OWNER_EMAIL, env.OWNER_PASSWORD);
  const app = await buildApp({ database, env, logger: loggerOptions(env.LOG_LEVEL) });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Keep-alive connections whose last request finishes while draining would otherwise hold the
    // server open until their timeout: close each as soon as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // Printed, not logged: the first-run credentials belong on the operator's terminal, not in log storage.
  process.stdout.write(`License Console is running at http://localhost:${port}/ (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`})\n`);
  if (created) {
    process.stdout.write(
      created.generatedPassword
        ? `First start: created owner ${created.email} with password ${created.generatedPassword}\nSign in and change it (top bar, 'Change password'); it is not shown again.\n`
        : `First start: created owner ${created.email} with the password from OWNER_PASSWORD.\n`,
    );
  }
}

main().catch((error: unknown) => {
  const message = error instanceof DataDirInUseError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
