// One digest as an e-mail: the subject, a plain-text part and an HTML part saying the same, and the headers of a list
// mail (List-Unsubscribe with its one-click POST, RFC 8058; Auto-Submitted, RFC 3834, so auto-responders stay quiet).
// No tracking: no images, no pixels, every link goes straight to its page (PUBLIC_URL), none through a redirect.
import { describeDay } from '../../../contract/common';
import { DAY_MS } from '../../../contract/constants';
import { certificatePath, OVERDUE_CERTIFICATES_PATH } from '../../../contract/entity-paths';
import { MAIL_PRODUCT_NAME, OUTGOING_MAIL_TEXTS, MAX_DIGEST_ENTRIES } from '../../../contract/mail';
import { escapeHtml } from './html';

export interface DigestEntry {
  certificateId: string;
  serialNumber: string;
  clientName: string;
  validTo: Date;
}

/** A certificate overdue for a check-in (staff digests only): since when its machine is silent, and its lifetime. */
export interface OverdueEntry {
  certificateId: string;
  serialNumber: string;
  clientName: string;
  /** Its last check-in, or its last signing when `neverCheckedIn`. */
  since: Date;
  neverCheckedIn: boolean;
  lifetimeDays: number;
}

/** What one digest tells: certificates that reached an expiry threshold, and (staff) those overdue for a check-in. */
export interface DigestContent {
  expiring: readonly DigestEntry[];
  overdue?: readonly OverdueEntry[];
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

/** One entry of a section: what every line of it shows. */
interface Line {
  certificateId: string;
  serialNumber: string;
  clientName: string;
  detail: string;
}

/** A section of the digest: its introduction, its lines (all of them; the listed ones are cut here), where "more" goes. */
interface Section {
  intro: string;
  lines: readonly Line[];
  moreUrl: string;
}

/**
 * The digest of `content` (each section soonest first, all of its entries: more than MAX_DIGEST_ENTRIES are counted,
 * not listed) for one recipient at `at`. `publicUrl` is PUBLIC_URL; `unsubscribeUrl` the recipient's own link. A
 * contact's digest never lists check-ins: the desk follows those up, not the client.
 */
export function composeDigest(
  audience: DigestAudience,
  { expiring, overdue = [] }: DigestContent,
  at: Date,
  { publicUrl, unsubscribeUrl }: { publicUrl: string; unsubscribeUrl: string },
): DigestMessage {
  const staff = audience.kind === 'user';
  const missed = staff ? overdue : [];
  const linkOf = (line: Line) => `${publicUrl}${certificatePath(line.certificateId)}`;
  const sections: Section[] = [];
  if (expiring.length > 0)
    sections.push({
      intro: staff
        ? OUTGOING_MAIL_TEXTS.staffIntro(expiring.length)
        : OUTGOING_MAIL_TEXTS.contactIntro(audience.clientName, expiring.length),
      lines: expiring.map((entry) => ({
        ...entry,
        detail: OUTGOING_MAIL_TEXTS.expires(
          describeDay(entry.validTo.getTime()),
          daysLeft(entry.validTo, at),
        ),
      })),
      moreUrl: `${publicUrl}${DASHBOARD_PATH}`,
    });
  if (missed.length > 0)
    sections.push({
      intro: OUTGOING_MAIL_TEXTS.overdueIntro(missed.length),
      lines: missed.map((entry) => ({
        ...entry,
        detail: (entry.neverCheckedIn ? OUTGOING_MAIL_TEXTS.neverCheckedIn : OUTGOING_MAIL_TEXTS.lastCheckIn)(
          describeDay(entry.since.getTime()),
          entry.lifetimeDays,
        ),
      })),
      moreUrl: `${publicUrl}${OVERDUE_CERTIFICATES_PATH}`,
    });
  const greeting = OUTGOING_MAIL_TEXTS.greeting(staff ? audience.name : null);
  const footer = staff
    ? OUTGOING_MAIL_TEXTS.staffFooter
    : OUTGOING_MAIL_TEXTS.contactFooter(audience.clientName);
  const account = `${publicUrl}${ACCOUNT_PATH}`;

  const sectionText = ({ intro, lines, moreUrl }: Section) => {
    const listed = lines.slice(0, MAX_DIGEST_ENTRIES);
    const more = lines.length - listed.length;
    return [
      intro,
      '',
      ...listed.flatMap((line) =>
        staff
          ? [`- ${line.serialNumber}, ${line.clientName}: ${line.detail}`, `  ${linkOf(line)}`]
          : [`- ${line.serialNumber}: ${line.detail}`],
      ),
      ...(more > 0
        ? ['', staff ? `${OUTGOING_MAIL_TEXTS.more(more)}: ${moreUrl}` : OUTGOING_MAIL_TEXTS.more(more)]
        : []),
      '',
    ];
  };
  const textLines = [
    greeting,
    '',
    ...sections.flatMap(sectionText),
    ...(staff ? [] : [OUTGOING_MAIL_TEXTS.contactRenew, '']),
    '-- ',
    staff ? `${footer} ${account}` : footer,
    `${OUTGOING_MAIL_TEXTS.unsubscribe}: ${unsubscribeUrl}`,
    '',
  ];

  const cell = 'padding:4px 12px 4px 0;text-align:left;vertical-align:top';
  const sectionHtml = ({ intro, lines, moreUrl }: Section) => {
    const listed = lines.slice(0, MAX_DIGEST_ENTRIES);
    const more = lines.length - listed.length;
    const rows = listed.map((line) => {
      const serial = staff
        ? `<a href="${escapeHtml(linkOf(line))}">${escapeHtml(line.serialNumber)}</a>`
        : escapeHtml(line.serialNumber);
      return `<tr><td style="${cell}">${serial}</td>${staff ? `<td style="${cell}">${escapeHtml(line.clientName)}</td>` : ''}<td style="${cell}">${escapeHtml(line.detail)}</td></tr>`;
    });
    const moreHtml =
      more > 0
        ? `<p>${
            staff
              ? `<a href="${escapeHtml(moreUrl)}">${escapeHtml(OUTGOING_MAIL_TEXTS.more(more))}</a>`
              : escapeHtml(OUTGOING_MAIL_TEXTS.more(more))
          }</p>\n`
        : '';
    return `<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">
${rows.join('\n')}
</table>
${moreHtml}`;
  };
  const subject = OUTGOING_MAIL_TEXTS.digestSubject(expiring.length, missed.length);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${sections.map(sectionHtml).join('')}${staff ? '' : `<p>${escapeHtml(OUTGOING_MAIL_TEXTS.contactRenew)}</p>\n`}<p style="color:#555;font-size:12px">${escapeHtml(footer)}${staff ? ` <a href="${escapeHtml(account)}">${escapeHtml(account)}</a>` : ''}<br><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(OUTGOING_MAIL_TEXTS.unsubscribe)}</a> · ${escapeHtml(MAIL_PRODUCT_NAME)}</p>
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
