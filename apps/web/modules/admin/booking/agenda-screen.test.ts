import { describe, expect, it } from 'vitest';
import type { Resource } from '@comptoir/contract/admin-booking';
import { agendaColumns, agendaScreen } from './agenda-screen';

const person = (id: number, name: string, isActive = true): Resource => ({
  id,
  name,
  kind: 'person',
  capacity: 1,
  weeklyHours: [],
  exceptions: [],
  closedOnPublicHolidays: true,
  isActive,
});

const resources = [person(1, 'Julie'), person(2, 'Marc'), person(3, 'Ancienne', false)];

describe("the agenda's address", () => {
  it('shows today, every active resource side by side, when it says nothing', () => {
    const screen = agendaScreen({}, '2026-12-02');
    expect(screen).toEqual({
      view: 'day',
      from: '2026-12-02',
      to: '2026-12-03',
      resourceId: undefined,
    });
    expect(agendaColumns(screen, resources).map((column) => column.resource.name)).toEqual([
      'Julie',
      'Marc',
    ]);
  });

  it('shows a week from its Monday, one resource over seven days', () => {
    const screen = agendaScreen(
      { vue: 'semaine', date: '2026-12-03', ressource: '2' },
      '2026-12-02',
    );
    expect(screen).toEqual({ view: 'week', from: '2026-11-30', to: '2026-12-07', resourceId: 2 });
    const columns = agendaColumns(screen, resources);
    expect(columns.map((column) => column.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(new Set(columns.map((column) => column.resource.name))).toEqual(new Set(['Marc']));
  });

  it('reads a mistyped address as the default instead of failing', () => {
    expect(
      agendaScreen({ vue: 'mois', date: '2026-13-45x', ressource: '-3' }, '2026-12-02'),
    ).toEqual({ view: 'day', from: '2026-12-02', to: '2026-12-03', resourceId: undefined });
    // A week without a chosen resource shows the first active one.
    const week = agendaScreen({ vue: 'semaine' }, '2026-12-02');
    expect(agendaColumns(week, resources)[0]!.resource.name).toBe('Julie');
    expect(agendaColumns(week, [])).toEqual([]);
  });
});
