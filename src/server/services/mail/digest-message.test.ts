// A digest's text on its own: the cap on listed entries, missed check-ins for staff only, a contact's digest without
// console links, and escaping.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { MAIL_PRODUCT_NAME, MAX_DIGEST_ENTRIES, OUTGOING_MAIL_TEXTS } from '../../../contract/mail';
import { composeDigest, type DigestEntry, type OverdueEntry } from './digest-message';

const at = new Date(Date.parse('2026-06-15T08:00:00Z'));
const links = {
  publicUrl: 'https://licences.example.test',
  unsubscribeUrl: 'https://licences.example.test/api/v1/mail/unsubscribe?token=t',
};
const entry = (i: number, clientName = 'Acme'): DigestEntry => ({
  certificateId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  serialNumber: `SN-${String(i).padStart(4, '0')}`,
  clientName,
  validTo: new Date(at.getTime() + DAY_MS + i * 60_000),
});

const overdue = (i: number, neverCheckedIn = false): OverdueEntry => ({
  certificateId: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  serialNumber: `OD-${String(i).padStart(4, '0')}`,
  clientName: 'Globex',
  since: new Date(at.getTime() - 10 * DAY_MS),
  neverCheckedIn,
  lifetimeDays: 7,
});

describe('composeDigest', () => {
  it(`lists ${MAX_DIGEST_ENTRIES} entries and counts the rest, with a link to the dashboard`, () => {
    const entries = Array.from({ length: MAX_DIGEST_ENTRIES + 5 }, (_, i) => entry(i + 1));
    const message = composeDigest({ kind: 'user', name: 'Ann' }, { expiring: entries }, at, links);
    expect(message.subject).toBe(`${MAIL_PRODUCT_NAME}: ${MAX_DIGEST_ENTRIES + 5} certificates expire soon`);
    expect(message.text).toContain(`SN-${String(MAX_DIGEST_ENTRIES).padStart(4, '0')}, Acme`);
    expect(message.text).not.toContain(`SN-${String(MAX_DIGEST_ENTRIES + 1).padStart(4, '0')}`);
    expect(message.text).toContain(`${OUTGOING_MAIL_TEXTS.more(5)}: https://licences.example.test/`);
    expect(message.html).toContain(
      `<a href="https://licences.example.test/">${OUTGOING_MAIL_TEXTS.more(5)}</a>`,
    );
  });

  it("writes a contact's digest without links into the console, every text escaped", () => {
    const message = composeDigest(
      { kind: 'contact', clientName: 'Tom & <Jerry>' },
      { expiring: [entry(1, 'Tom & <Jerry>')], overdue: [overdue(2)] },
      at,
      links,
    );
    expect(message.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    expect(message.text).toContain('Hello,\n\nThis licence of Tom & <Jerry> expires soon:');
    expect(message.text).toContain('- SN-0001: expires Jun 16, 2026, in 2 days');
    expect(message.html).toContain('This licence of Tom &amp; &lt;Jerry&gt; expires soon:');
    expect(message.html).not.toContain('<Jerry>');
    expect(`${message.text}${message.html}`).not.toContain('/certificates/');
    expect(`${message.text}${message.html}`).not.toContain('OD-0002');
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
  });

  it('lists missed check-ins after the expiring certificates, each section capped on its own', () => {
    const missed = Array.from({ length: MAX_DIGEST_ENTRIES + 2 }, (_, i) => overdue(i + 1, i === 0));
    const message = composeDigest(
      { kind: 'user', name: 'Ann' },
      { expiring: [entry(1)], overdue: missed },
      at,
      links,
    );
    expect(message.subject).toBe(
      `${MAIL_PRODUCT_NAME}: 1 certificate expires soon, ${MAX_DIGEST_ENTRIES + 2} certificates missed their check-in`,
    );
    const expiringAt = message.text.indexOf(OUTGOING_MAIL_TEXTS.staffIntro(1));
    const overdueAt = message.text.indexOf(OUTGOING_MAIL_TEXTS.overdueIntro(MAX_DIGEST_ENTRIES + 2));
    expect(expiringAt).toBeGreaterThan(0);
    expect(overdueAt).toBeGreaterThan(expiringAt);
    expect(message.text).toContain(
      '- OD-0001, Globex: no check-in since it was signed Jun 5, 2026, due every 7 days',
    );
    expect(message.text).toContain('- OD-0002, Globex: last check-in Jun 5, 2026, due every 7 days');
    expect(message.text).toContain(
      `  https://licences.example.test/certificates/00000000-0000-4000-9000-000000000002`,
    );
    expect(message.text).not.toContain(`OD-${String(MAX_DIGEST_ENTRIES + 1).padStart(4, '0')}`);
    expect(message.text).toContain(
      `${OUTGOING_MAIL_TEXTS.more(2)}: https://licences.example.test/certificates?checkIn=overdue`,
    );
    expect(message.html).toContain(
      `<a href="https://licences.example.test/certificates?checkIn=overdue">${OUTGOING_MAIL_TEXTS.more(2)}</a>`,
    );
  });

  it('tells of missed check-ins alone when nothing expires', () => {
    const message = composeDigest(
      { kind: 'user', name: 'Ann' },
      { expiring: [], overdue: [overdue(1)] },
      at,
      links,
    );
    expect(message.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate missed its check-in`);
    expect(message.text).toBe(
      [
        'Hello Ann,',
        '',
        OUTGOING_MAIL_TEXTS.overdueIntro(1),
        '',
        '- OD-0001, Globex: last check-in Jun 5, 2026, due every 7 days',
        '  https://licences.example.test/certificates/00000000-0000-4000-9000-000000000001',
        '',
        '-- ',
        `${OUTGOING_MAIL_TEXTS.staffFooter} https://licences.example.test/account`,
        `${OUTGOING_MAIL_TEXTS.unsubscribe}: ${links.unsubscribeUrl}`,
        '',
      ].join('\n'),
    );
  });
});
