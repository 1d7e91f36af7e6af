// A digest's text on its own: the cap on listed entries, a contact's digest without console links, and escaping.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../contract/constants';
import { MAIL_PRODUCT_NAME, MAX_DIGEST_ENTRIES, OUTGOING_MAIL_TEXTS } from '../../../contract/mail';
import { composeDigest, type DigestEntry } from './digest-message';

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

describe('composeDigest', () => {
  it(`lists ${MAX_DIGEST_ENTRIES} entries and counts the rest, with a link to the dashboard`, () => {
    const entries = Array.from({ length: MAX_DIGEST_ENTRIES + 5 }, (_, i) => entry(i + 1));
    const message = composeDigest({ kind: 'user', name: 'Ann' }, entries, at, links);
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
      [entry(1, 'Tom & <Jerry>')],
      at,
      links,
    );
    expect(message.subject).toBe(`${MAIL_PRODUCT_NAME}: 1 certificate expires soon`);
    expect(message.text).toContain('Hello,\n\nThis licence of Tom & <Jerry> expires soon:');
    expect(message.text).toContain('- SN-0001: expires Jun 16, 2026, in 2 days');
    expect(message.html).toContain('This licence of Tom &amp; &lt;Jerry&gt; expires soon:');
    expect(message.html).not.toContain('<Jerry>');
    expect(`${message.text}${message.html}`).not.toContain('/certificates/');
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    });
  });
});
