const frenchDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // The salon's dates are French dates, whatever the server's time zone.
  timeZone: 'Europe/Paris',
});

/** '2026-03-12T08:30:00.000Z' → '12 mars 2026'; the first of the month is written '1er'. */
export function formatPublicationDate(iso: string): string {
  return frenchDate.format(new Date(iso)).replace(/^1 /, '1er ');
}
