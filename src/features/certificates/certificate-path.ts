/** A certificate's own page (issue 20): where its serial number links, in lists and on other certificates' pages. */
export const certificatePath = (id: string) => `/certificates/${encodeURIComponent(id)}`;
