// HTML the mail service writes: every text escaped, no script, no image, no remote resource. The unsubscribe pages are
// answered under the app's Content-Security-Policy (plugins/security-headers.ts): an inline style is allowed there,
// a script would not be, and their form posts to this origin ('form-action self').
import { MAIL_PRODUCT_NAME } from '../../../contract/mail';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) as HTML: the five characters that could open markup escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const PAGE_STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}' +
  'button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #1a1a1a;background:#1a1a1a;color:#fff;cursor:pointer}';

/** A small page of the unsubscribe link: a title, paragraphs, and optionally a form with one button that POSTs. */
export function page({
  title,
  paragraphs,
  form,
}: {
  title: string;
  paragraphs: string[];
  form?: { action: string; button: string };
}): string {
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    form
      ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.button)}</button></form>`
      : '',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} · ${MAIL_PRODUCT_NAME}`)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
