import type { RegistrationElement } from '@comptoir/contract/admin-registrations';

/** « 5 places prises sur 12 · 2 inscriptions », as the owner reads an event's state. */
export function registrationFacts(event: RegistrationElement): string {
  const seats =
    event.capacity === null
      ? `${event.seatsTaken} place${event.seatsTaken > 1 ? 's' : ''} prise${event.seatsTaken > 1 ? 's' : ''} (inscriptions fermées)`
      : `${event.seatsTaken} place${event.seatsTaken > 1 ? 's' : ''} prise${event.seatsTaken > 1 ? 's' : ''} sur ${event.capacity}`;
  const count = `${event.registrationCount} inscription${event.registrationCount > 1 ? 's' : ''}`;
  return `${seats} · ${count}${event.isPublished ? '' : ' · masqué sur le site'}`;
}
