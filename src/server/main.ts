// Starts the server: validated environment, database, first owner, listen, graceful shutdown.
import { readFileSync } from 'node:fs';
import { buildApp, loggerOptions } from './app';
import { DataDirInUseError } from './db/data-dir-lock';
import { loadEnv } from './env';
import { loggableError } from './log-redaction';
import { openConfiguredDatabase } from './open-database';
import { ensureOwner } from './services/auth/bootstrap-owner';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Reads a TLS file named by the environment, or stops the start with one line saying which and why. */
function readTlsFile(variable: 'TLS_CERT_FILE' | 'TLS_KEY_FILE', path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new Error(`Invalid environment variable ${variable}: cannot read ${path} (${reason})`);
  }
}

async function main() {
  const env = loadEnv();
  const tls =
    env.TLS_CERT_FILE && env.TLS_KEY_FILE
      ? {
          cert: readTlsFile('TLS_CERT_FILE', env.TLS_CERT_FILE),
          key: readTlsFile('TLS_KEY_FILE', env.TLS_KEY_FILE),
        }
      : undefined;
  const database = await openConfiguredDatabase(env);
  const created = await ensureOwner(database.db, env.OWNER_EMAIL, env.OWNER_PASSWORD);
  const app = await buildApp({
    database,
    env,
    logger: loggerOptions(env.LOG_LEVEL),
    ...(tls ? { tls } : {}),
  });

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
    // (HTTP/2 sessions, with TLS, are closed by the server itself.)
    const server = app.server as Partial<typeof app.server>;
    const closeIdle = setInterval(() => server.closeIdleConnections?.(), 100);
    closeIdle.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: loggableError(error) }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // Printed, not logged: the first-run credentials belong on the operator's terminal, not in log storage.
  const url = env.PUBLIC_URL ? `${env.PUBLIC_URL}/` : `${tls ? 'https' : 'http'}://localhost:${port}/`;
  process.stdout.write(
    `License Console is running at ${url} (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`})\n`,
  );
  if (created) {
    process.stdout.write(
      created.generatedPassword
        ? `First start: created owner ${created.email} with password ${created.generatedPassword}\nSign in and change it (top bar, 'Change password'); it is not shown again.\n`
        : `First start: created owner ${created.email} with the password from OWNER_PASSWORD.\n`,
    );
  }
}

main().catch((error: unknown) => {
  const message =
    error instanceof DataDirInUseError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
