import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingStatusText,
  countdownSpoken,
  countdownText,
  durationText,
  freeTimesText,
  isoWeekday,
  mondayOf,
  parisMomentText,
  priceText,
  shortDayLabel,
  weekLabel,
  weeksOf,
  whenText,
} from './booking-format';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('the booking calendar', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 14)).toBe('2027-01-14');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-12-05')).toBe(6);
    expect(isoWeekday('2026-12-06')).toBe(7);
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('groups the days of an answer by week, in order', () => {
    const day = (date: string) => ({ date, times: [] });
    const weeks = weeksOf(
      ['2026-12-04', '2026-12-05', '2026-12-07', '2026-12-13', '2026-12-14'].map(day),
    );
    expect(weeks.map((week) => [week.monday, week.days.map((item) => item.date)])).toEqual([
      ['2026-11-30', ['2026-12-04', '2026-12-05']],
      ['2026-12-07', ['2026-12-07', '2026-12-13']],
      ['2026-12-14', ['2026-12-14']],
    ]);
  });

  it('names days and weeks in French', () => {
    expect(shortDayLabel('2026-11-30')).toBe('lun. 30 nov.');
    expect(weekLabel('2026-11-30')).toBe('Semaine du 30 novembre');
    expect(whenText({ localDate: '2026-12-12', localStart: '10:00', localEnd: '11:30' })).toBe(
      'samedi 12 décembre, de 10:00 à 11:30',
    );
  });

  it('reads an instant on the clock of Paris, whatever the visitor’s own', () => {
    // 9:00 UTC is 10:00 in Paris in winter.
    expect(parisMomentText('2026-12-11T09:00:00.000Z')).toBe('vendredi 11 décembre à 10:00');
  });
});

describe('the booking words', () => {
  it('counts free times with the right plural, and says when there is none', () => {
    expect(freeTimesText(0)).toBe('Aucun horaire libre');
    expect(freeTimesText(1)).toBe('1 horaire libre');
    expect(freeTimesText(12)).toBe('12 horaires libres');
  });

  it('writes durations as a French salon does', () => {
    expect(durationText(30)).toBe('30 min');
    expect(durationText(60)).toBe('1 h');
    expect(durationText(90)).toBe('1 h 30');
    expect(durationText(125)).toBe('2 h 05');
  });

  it('says what is paid online and what on the spot', () => {
    expect(priceText({ priceCents: 0, payment: 'none', depositCents: 0 })).toBe('Gratuit');
    expect(plain(priceText({ priceCents: 4500, payment: 'none', depositCents: 0 }))).toBe(
      '45,00 €, réglé sur place',
    );
    expect(plain(priceText({ priceCents: 12000, payment: 'deposit', depositCents: 3000 }))).toBe(
      '120,00 €, dont un acompte de 30,00 € réglé en ligne par carte',
    );
    expect(
      plain(
        priceText({ priceCents: 1500, payment: 'none', depositCents: 0, pricePerPerson: true }),
      ),
    ).toBe('15,00 € par personne, réglé sur place');
    expect(plain(priceText({ priceCents: 2500, payment: 'full', depositCents: 0 }))).toBe(
      '25,00 €, réglé en ligne par carte',
    );
  });

  it('shows the hold’s countdown as a clock and speaks it in minutes', () => {
    expect(countdownText(15 * 60_000)).toBe('15:00');
    expect(countdownText(65_500)).toBe('1:06');
    expect(countdownText(-3_000)).toBe('0:00');
    expect(countdownSpoken(14 * 60_000 + 59_000)).toBe('14 minutes');
    expect(countdownSpoken(61_000)).toBe('1 minute');
    expect(countdownSpoken(30_000)).toBe('moins d’une minute');
  });

  it('names every status of a booking', () => {
    expect(bookingStatusText('confirmed')).toBe('Confirmée');
    expect(bookingStatusText('cancelled')).toBe('Annulée');
    expect(bookingStatusText('awaiting_payment')).toBe('En attente de paiement');
  });
});
