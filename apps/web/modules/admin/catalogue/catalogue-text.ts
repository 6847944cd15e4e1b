import type { AdminDeclination } from '@comptoir/contract/admin-catalogue';
import { formatPrice } from '@comptoir/domain/money';

const UNIT_LABELS = { LITER: 'L', CENTILITRE: 'cl' } as const;

/** "2020 · 75 cl", "Sans millésime", as the owner recognizes a declination. */
export function declinationLabel(
  declination: Pick<AdminDeclination, 'year' | 'capacity' | 'capacityUnit'>,
): string {
  const parts = [
    declination.year === null ? 'Sans millésime' : String(declination.year),
    declination.capacity !== null && declination.capacityUnit
      ? `${String(declination.capacity).replace('.', ',')} ${UNIT_LABELS[declination.capacityUnit]}`
      : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** The price a visitor pays, with the catalogue price when a discount or net price applies. */
export function declinationPrice(declination: AdminDeclination): string {
  return declination.unitPriceCents === declination.priceCents
    ? formatPrice(declination.priceCents)
    : `${formatPrice(declination.unitPriceCents)} (au lieu de ${formatPrice(declination.priceCents)})`;
}

export function stockText(declination: AdminDeclination): string {
  return declination.isStockManaged ? String(declination.stock) : 'non suivi';
}
