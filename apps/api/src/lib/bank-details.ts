import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/*
 * A site's bank details for transfers (decision 0107), checked wherever an owner can enter them:
 * the « Paiement » screen and the generic parameters batch.
 */

/** The IBAN written in groups of four, or null when it fails its format or its checksum. */
export function checkedIban(input: string): string | null {
  const electronic = electronicFormatIBAN(input);
  return electronic && isValidIBAN(electronic) ? friendlyFormatIBAN(electronic) : null;
}

/** The BIC in capitals without spaces, or null when it is not one (8 or 11 characters). */
export function checkedBic(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(compact) ? compact : null;
}
