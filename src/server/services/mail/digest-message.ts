// One digest as an e-mail: the subject, a plain-text part and an HTML part saying the same, and the headers of a list
// mail (List-Unsubscribe with its one-click POST, RFC 8058; Auto-Submitted, RFC 3834, so auto-responders stay quiet).
// No tracking: no images, no pixels, every link goes straight to its page (PUBLIC_URL), none through a redirect.
import { describeDay } from '../../../contract/common';
import { DAY_MS } from '../../../contract/constants';
import { certificatePath } from '../../../contract/entity-paths';
import { MAIL_PRODUCT_NAME, OUTGOING_MAIL_TEXTS, MAX_DIGEST_ENTRIES } from '../../../contract/mail';
import { escapeHtml } from './html';

export interface DigestEntry {
  certificateId: string;
  serialNumber: string;
  clientName: string;
  validTo: Date;
}

export type DigestAudience =
  /** A staff user: every entry links to its certificate's page in the console. */
  | { kind: 'user'; name: string }
  /** A client's contact: their own client's certificates, no console links. */
  | { kind: 'contact'; clientName: string };

export interface DigestMessage {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The console's page for the account (the reminders' switch), and the dashboard (the expiring list). */
const ACCOUNT_PATH = '/account';
const DASHBOARD_PATH = '/';

/** Whole days left, rounded up: a certificate ending in 6 days and 1 hour has 7 days left (as the dashboard counts). */
const daysLeft = (validTo: Date, at: Date) =>
  Math.max(1, Math.ceil((validTo.getTime() - at.getTime()) / DAY_MS));

/**
 * The digest of `entries` (soonest first, all of them: more than MAX_DIGEST_ENTRIES are counted, not listed) for one
 * recipient at `at`. `publicUrl` is PUBLIC_URL; `unsubscribeUrl` the recipient's own link.
 */
export function composeDigest(
  audience: DigestAudience,
  entries: readonly DigestEntry[],
  at: Date,
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl: string },
): DigestMessage {
  const listed = entries.slice(0, MAX_DIGEST_ENTRIES);
  const more = entries.length - listed.length;
  const staff = audience.kind === 'user';
  const linkOf = (entry: DigestEntry) => `${publicUrl}${certificatePath(entry.certificateId)}`;
  const expiresOf = (entry: DigestEntry) =>
    OUTGOING_MAIL_TEXTS.expires(describeDay(entry.validTo.getTime()), daysLeft(entry.validTo, at));
  const greeting = OUTGOING_MAIL_TEXTS.greeting(staff ? audience.name : null);
  const intro = staff
    ? OUTGOING_MAIL_TEXTS.staffIntro(entries.length)
    : OUTGOING_MAIL_TEXTS.contactIntro(audience.clientName, entries.length);
  const footer = staff
    ? OUTGOING_MAIL_TEXTS.staffFooter
    : OUTGOING_MAIL_TEXTS.contactFooter(audience.clientName);
  const account = `${publicUrl}${ACCOUNT_PATH}`;
  const dashboard = `${publicUrl}${DASHBOARD_PATH}`;

  const textLines = [
    greeting,
    '',
    intro,
    '',
    ...listed.flatMap((entry) =>
      staff
        ? [`- ${entry.serialNumber}, ${entry.clientName}: ${expiresOf(entry)}`, `  ${linkOf(entry)}`]
        : [`- ${entry.serialNumber}: ${expiresOf(entry)}`],
    ),
    ...(more > 0
      ? ['', staff ? `${OUTGOING_MAIL_TEXTS.more(more)}: ${dashboard}` : OUTGOING_MAIL_TEXTS.more(more)]
      : []),
    ...(staff ? [] : ['', OUTGOING_MAIL_TEXTS.contactRenew]),
    '',
    '-- ',
    staff ? `${footer} ${account}` : footer,
    `${OUTGOING_MAIL_TEXTS.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ];

  const cell = 'padding:4px 12px 4px 0;text-align:left;vertical-align:top';
  const rows = listed.map((entry) => {
    const serial = staff
      ? `<a href="${escapeHtml(linkOf(entry))}">${escapeHtml(entry.serialNumber)}</a>`
      : escapeHtml(entry.serialNumber);
    return `<tr><td style="${cell}">${serial}</td>${staff ? `<td style="${cell}">${escapeHtml(entry.clientName)}</td>` : ''}<td style="${cell}">${escapeHtml(expiresOf(entry))}</td></tr>`;
  });
  const moreHtml =
    more > 0
      ? `<p>${
          staff
            ? `<a href="${escapeHtml(dashboard)}">${escapeHtml(OUTGOING_MAIL_TEXTS.more(more))}</a>`
            : escapeHtml(OUTGOING_MAIL_TEXTS.more(more))
        }</p>`
      : '';
  const subject = OUTGOING_MAIL_TEXTS.digestSubject(entries.length);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">
${rows.join('\n')}
</table>
${moreHtml}
${staff ? '' : `<p>${escapeHtml(OUTGOING_MAIL_TEXTS.contactRenew)}</p>`}
<p style="color:#555;font-size:12px">${escapeHtml(footer)}${staff ? ` <a href="${escapeHtml(account)}">${escapeHtml(account)}</a>` : ''}<br><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(OUTGOING_MAIL_TEXTS.unsubscribe)}</a> · ${escapeHtml(MAIL_PRODUCT_NAME)}</p>
</body>
</html>
`;
  return {
    subject,
    text: textLines.join('\n'),
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}
