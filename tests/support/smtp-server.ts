// A real SMTP server on loopback for the mail tests (the `smtp-server` package): it takes every message (or refuses
// them while told to), and keeps each one as it arrived, parsed by `mailparser`. No STARTTLS is offered, so a client
// speaks plain SMTP to it; with `auth` it wants that user name and password (over plain text, allowed here).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), which is where the message really went. */
  to: string[];
  from: string;
  parsed: ParsedMail;
  /** The message as it came over the wire. */
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` (with the credentials when the server wants them). */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While set, every message is refused with this answer (e.g. `451 Try again later`); null takes them again. */
  refuse(answer: { code: number; message: string } | null): void;
  /** Messages received to `address` (case-insensitive), in order. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(
  options: { auth?: { user: string; pass: string }; port?: number } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusing: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    hideSTARTTLS: true,
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          const error = Object.assign(new Error(refusing.message), { responseCode: refusing.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              parsed,
              raw,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    refuse(answer) {
      refusing = answer;
    },
    to: (address) =>
      received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
