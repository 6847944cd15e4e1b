/** « Aucun inscrit », « 1 inscrit », « 12 inscrits ». */
export function subscriberCountText(count: number): string {
  return count === 0 ? 'Aucun inscrit' : `${count} inscrit${count > 1 ? 's' : ''}`;
}
