const oneDecimal = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "4,4", "5": a rating as French writes it. */
export function formatRating(rating: number): string {
  return oneDecimal.format(rating);
}

/** What screen readers hear for a row of stars: "Note : 4 sur 5". */
export function ratingLabel(rating: number, prefix = 'Note'): string {
  return `${prefix} : ${formatRating(rating)} sur 5`;
}

/** "d'après 7 avis" (French uses "avis" for one or several). */
export function reviewCountLabel(count: number): string {
  return `d’après ${count} avis`;
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // The business is in France: a review posted late in the evening keeps its French date.
  timeZone: 'Europe/Paris',
});

/** "14 octobre 2026". */
export function formatReviewDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}

/** The first letter of the author's name, for the round badge that stands in for a photo. */
export function authorInitial(name: string): string {
  return Array.from(name.trim())[0]?.toLocaleUpperCase('fr-FR') ?? '?';
}
