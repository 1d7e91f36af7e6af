// The addresses of the detail pages, in one place: lists, activity entries and other detail pages link
// to a certificate, a client or a user through these, so a page can move without a hunt for its links. In the
// contract because the server writes them too: the links in the expiry reminders (docs/mail.md) are
// `${PUBLIC_URL}${certificatePath(id)}`.
const path = (area: string) => (id: string) => `/${area}/${encodeURIComponent(id)}`;

/** A certificate's own page. */
export const certificatePath = path('certificates');
/** A client's own page. */
export const clientPath = path('clients');
/** A staff user's own page (owners and admins). */
export const userPath = path('users');

/** The certificates list filtered to the machines overdue for a check-in (the dashboard's and the digest's link). */
export const OVERDUE_CERTIFICATES_PATH = '/certificates?checkIn=overdue';
