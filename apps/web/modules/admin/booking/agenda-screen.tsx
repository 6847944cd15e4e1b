import type { Resource } from '@comptoir/contract/admin-booking';
import controls from '../admin-controls.module.css';
import {
  choiceParam,
  dateParam,
  screenHref,
  textParam,
  type ScreenQuery,
} from '../orders/screen-query';
import { addDays, frenchLongDate, weekStartOf } from './agenda-model';
import type { AgendaColumn } from './agenda';
import styles from './booking.module.css';

/*
 * The agenda's address and toolbar, drawn on the server: « ?vue=semaine&date=…&ressource=… » can
 * be bookmarked, and the toolbar's links and form work before any script.
 */

export const AGENDA_PATH = '/admin/agenda';

export interface AgendaScreen {
  view: 'day' | 'week';
  /** The day shown, or the Monday of the week shown. */
  from: string;
  /** Exclusive, as the API's agenda reads it. */
  to: string;
  /** The chosen resource; the week view always shows one, the day view all by default. */
  resourceId: number | undefined;
}

const VIEWS = { jour: 'day', semaine: 'week' } as const;

export function agendaScreen(query: ScreenQuery, today: string): AgendaScreen {
  const view = VIEWS[choiceParam(query, 'vue', ['jour', 'semaine'] as const) ?? 'jour'];
  const date = dateParam(query, 'date') ?? today;
  const requested = Number(textParam(query, 'ressource'));
  const resourceId = Number.isInteger(requested) && requested > 0 ? requested : undefined;
  const from = view === 'week' ? weekStartOf(date) : date;
  return { view, from, to: addDays(from, view === 'week' ? 7 : 1), resourceId };
}

/** The resources of the grid: the chosen one, else (day view) every active one. */
export function agendaColumns(
  screen: AgendaScreen,
  resources: readonly Resource[],
): AgendaColumn[] {
  const chosen = resources.find((resource) => resource.id === screen.resourceId);
  if (screen.view === 'week') {
    const resource = chosen ?? resources.find((candidate) => candidate.isActive) ?? resources[0];
    if (!resource) return [];
    return Array.from({ length: 7 }, (_, day) => ({ date: addDays(screen.from, day), resource }));
  }
  const shown = chosen ? [chosen] : resources.filter((resource) => resource.isActive);
  return shown.map((resource) => ({ date: screen.from, resource }));
}

export function agendaTitle(screen: AgendaScreen, columns: readonly AgendaColumn[]): string {
  if (screen.view === 'day')
    return frenchLongDate(screen.from).replace(/^./, (first) => first.toUpperCase());
  const who = columns[0] ? ` — ${columns[0].resource.name}` : '';
  return `Semaine du ${frenchLongDate(screen.from)} au ${frenchLongDate(addDays(screen.from, 6))}${who}`;
}

function href(
  screen: AgendaScreen,
  change: Partial<{ view: 'day' | 'week'; date: string; resourceId: number | undefined }>,
) {
  const view = change.view ?? screen.view;
  return screenHref(AGENDA_PATH, {
    vue: view === 'week' ? 'semaine' : 'jour',
    date: change.date ?? screen.from,
    ressource: 'resourceId' in change ? change.resourceId : screen.resourceId,
  });
}

export function AgendaToolbar({
  screen,
  resources,
  today,
}: {
  screen: AgendaScreen;
  resources: readonly Resource[];
  today: string;
}) {
  const step = screen.view === 'week' ? 7 : 1;
  const unit = screen.view === 'week' ? 'Semaine' : 'Jour';
  return (
    <div className={styles.toolbar}>
      <nav aria-label="Vue de l’agenda" className={styles.views}>
        <a
          className={styles.toolbarLink}
          href={href(screen, { view: 'day' })}
          aria-current={screen.view === 'day' ? 'page' : undefined}
        >
          Jour
        </a>
        <a
          className={styles.toolbarLink}
          href={href(screen, { view: 'week' })}
          aria-current={screen.view === 'week' ? 'page' : undefined}
        >
          Semaine
        </a>
      </nav>
      <nav aria-label="Période" className={styles.steps}>
        <a
          className={styles.toolbarLink}
          href={href(screen, { date: addDays(screen.from, -step) })}
        >
          {unit} précédent{screen.view === 'week' ? 'e' : ''}
        </a>
        <a className={styles.toolbarLink} href={href(screen, { date: today })}>
          Aujourd’hui
        </a>
        <a className={styles.toolbarLink} href={href(screen, { date: addDays(screen.from, step) })}>
          {unit} suivant{screen.view === 'week' ? 'e' : ''}
        </a>
      </nav>
      <form
        method="get"
        action={AGENDA_PATH}
        className={styles.pick}
        aria-label="Choisir le jour et la ressource"
      >
        <input type="hidden" name="vue" value={screen.view === 'week' ? 'semaine' : 'jour'} />
        <div className={controls.field}>
          <label htmlFor="agenda-date" className={controls.label}>
            Date
          </label>
          <input
            id="agenda-date"
            type="date"
            name="date"
            defaultValue={screen.from}
            className={controls.control}
          />
        </div>
        <div className={controls.field}>
          <label htmlFor="agenda-ressource" className={controls.label}>
            Ressource
          </label>
          <select
            id="agenda-ressource"
            name="ressource"
            defaultValue={screen.resourceId ?? ''}
            className={controls.control}
          >
            {screen.view === 'day' && <option value="">Toutes</option>}
            {resources.map((resource) => (
              <option key={resource.id} value={resource.id}>
                {resource.name}
                {resource.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${controls.button} ${controls.secondary}`}>
          Afficher
        </button>
      </form>
    </div>
  );
}

/** The CSV of a date range: a plain form, the file comes from the export route. */
export function AgendaExport({ screen }: { screen: AgendaScreen }) {
  return (
    <section className={controls.section} aria-labelledby="export-reservations">
      <h2 id="export-reservations" className={controls.sectionTitle}>
        Exporter les réservations
      </h2>
      <form method="get" action={`${AGENDA_PATH}/export`} className={styles.pick}>
        <div className={controls.field}>
          <label htmlFor="export-du" className={controls.label}>
            Du
          </label>
          <input
            id="export-du"
            type="date"
            name="du"
            required
            defaultValue={screen.from}
            className={controls.control}
          />
        </div>
        <div className={controls.field}>
          <label htmlFor="export-au" className={controls.label}>
            Au (inclus)
          </label>
          <input
            id="export-au"
            type="date"
            name="au"
            required
            defaultValue={addDays(screen.to, -1)}
            className={controls.control}
          />
        </div>
        <button type="submit" className={controls.button}>
          Télécharger le CSV
        </button>
      </form>
      <p className={controls.hint}>
        Un fichier pour Excel ou un tableur : référence, date, horaires, prestation, personne,
        client, nombre de personnes, état et montants.
      </p>
    </section>
  );
}
