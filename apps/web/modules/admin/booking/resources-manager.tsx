'use client';

import { useId, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  createResource,
  deleteResource,
  resourceInputSchema,
  updateResource,
  type Resource,
  type ResourceInput,
} from '@comptoir/contract/admin-booking';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { AdminItemForm, AdminList, type AdminItemFormSlot } from '../frame/admin-list';
import { contractResolver } from '../shop/contract-resolver';
import { CheckboxField, TextField } from '../shop/text-field';
import {
  formatDayRanges,
  frenchLongDate,
  parseDayRanges,
  rangesOfWeekday,
  WEEKDAY_NAMES,
} from './agenda-model';
import styles from './booking.module.css';

/*
 * The people and places the bookable services need: a stylist is booked whole, a tasting room
 * has seats. Each has its week's hours (typed as the owner says them, « 9h-12h, 14h-19h »), the
 * days that differ (a holiday, a late opening) and whether French public holidays close it.
 */

const HOURS_FORMAT_MESSAGE =
  'Écrivez les plages comme « 9h-12h, 14h-19h » (ou laissez vide : fermé ce jour-là), chacune finissant après son début, sans chevauchement.';
const EXCEPTION_MESSAGE =
  'Chaque jour particulier a une date, une seule fois, et des horaires comme « 10h-16h » (vide : fermé).';

const WEEKDAY_FIELDS = [
  'hours1',
  'hours2',
  'hours3',
  'hours4',
  'hours5',
  'hours6',
  'hours7',
] as const;
type WeekdayField = (typeof WEEKDAY_FIELDS)[number];

interface ExceptionRow {
  /** Stable across edits, for React's keys. */
  key: number;
  date: string;
  hours: string;
  label: string;
}

type ResourceFormValues = {
  name: string;
  kind: 'person' | 'place';
  capacity: string;
  closedOnPublicHolidays: boolean;
  isActive: boolean;
  exceptions: ExceptionRow[];
} & Record<WeekdayField, string>;

const DEFAULT_HOURS = '9h-12h, 14h-19h';

function formValuesOf(resource: Resource | null): ResourceFormValues {
  const hours = Object.fromEntries(
    WEEKDAY_FIELDS.map((field, index) => [
      field,
      resource
        ? formatDayRanges(rangesOfWeekday(resource.weeklyHours, index + 1))
        : index < 5
          ? DEFAULT_HOURS
          : '',
    ]),
  ) as Record<WeekdayField, string>;
  return {
    name: resource?.name ?? '',
    kind: resource?.kind ?? 'person',
    capacity: String(resource?.capacity ?? 1),
    closedOnPublicHolidays: resource?.closedOnPublicHolidays ?? true,
    isActive: resource?.isActive ?? true,
    exceptions: (resource?.exceptions ?? []).map((exception, index) => ({
      key: index,
      date: exception.date,
      hours: formatDayRanges(exception.ranges),
      label: exception.label ?? '',
    })),
    ...hours,
  };
}

/** The form's text as the contract reads it (hours already checked by `hoursErrors`). */
function toInput(values: ResourceFormValues): unknown {
  const capacity = values.kind === 'person' ? 1 : Number(values.capacity.trim() || Number.NaN);
  return {
    name: values.name,
    kind: values.kind,
    capacity,
    weeklyHours: WEEKDAY_FIELDS.flatMap((field, index) =>
      (parseDayRanges(values[field]) ?? []).map((range) => ({ weekday: index + 1, ...range })),
    ),
    exceptions: values.exceptions.map((row) => ({
      date: row.date,
      ranges: parseDayRanges(row.hours) ?? [],
      label: row.label.trim() || null,
    })),
    closedOnPublicHolidays: values.closedOnPublicHolidays,
    isActive: values.isActive,
  };
}

/** The hours the contract cannot read from text: said on their own field before any call. */
function hoursErrors(
  values: ResourceFormValues,
): Record<string, { type: string; message: string }> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const field of WEEKDAY_FIELDS) {
    if (parseDayRanges(values[field]) === null) {
      errors[field] = { type: 'format', message: HOURS_FORMAT_MESSAGE };
    }
  }
  const dates = values.exceptions.map((row) => row.date);
  const badException = values.exceptions.some(
    (row) => !row.date || parseDayRanges(row.hours) === null,
  );
  if (badException || new Set(dates).size !== dates.length) {
    errors.exceptions = { type: 'format', message: EXCEPTION_MESSAGE };
  }
  return errors;
}

const contractCheck = contractResolver(resourceInputSchema, toInput, (path) => {
  if (path[0] === 'weeklyHours') return 'hours1';
  return String(path[0] ?? 'name');
});

const resourceResolver: Resolver<ResourceFormValues, unknown, ResourceInput> = async (
  values,
  context,
  options,
) => {
  const errors = hoursErrors(values);
  if (Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<ResourceFormValues> };
  }
  return contractCheck(values, context, options);
};

const RESOURCE_FIELDS = [
  'name',
  'kind',
  'capacity',
  ...WEEKDAY_FIELDS,
  'exceptions',
  'closedOnPublicHolidays',
  'isActive',
] as const;

/** The server names the stored lists; the form says their errors on the first of its fields. */
const SERVER_KEYS = { weeklyHours: 'hours1' } as const;

function ResourceForm({
  resource,
  slot,
}: {
  resource: Resource | null;
  slot: AdminItemFormSlot<ResourceInput>;
}) {
  const id = useId();
  const defaults = formValuesOf(resource);
  const [kind, setKind] = useState(defaults.kind);
  const [exceptions, setExceptions] = useState<ExceptionRow[]>(defaults.exceptions);
  const [nextKey, setNextKey] = useState(defaults.exceptions.length);
  const changeException = (key: number, change: Partial<ExceptionRow>) =>
    setExceptions((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <AdminItemForm<ResourceFormValues, ResourceInput>
      resolver={resourceResolver}
      defaultValues={defaults}
      serverFields={RESOURCE_FIELDS}
      serverKeys={SERVER_KEYS}
      submitLabel={resource ? 'Enregistrer' : 'Ajouter la ressource'}
      label={resource ? `Modifier ${resource.name}` : 'Nouvelle ressource'}
      values={{ exceptions }}
      {...slot}
    >
      {(form) => (
        <>
          <TextField
            label="Nom"
            hint="Par exemple « Julie » ou « Salle de dégustation »."
            {...form.bind('name')}
          />
          <fieldset className={styles.fieldset}>
            <legend>Type</legend>
            {(
              [
                ['person', 'Une personne (réservée entière : une coiffeuse, une conseillère)'],
                ['place', 'Un lieu ou un équipement avec des places (une salle, un fauteuil)'],
              ] as const
            ).map(([value, label]) => {
              const { registration } = form.bindChoice('kind', value);
              return (
                <label key={value} className={controls.checkboxRow}>
                  <input
                    type="radio"
                    {...registration}
                    onChange={(event) => {
                      registration.onChange(event);
                      setKind(value);
                    }}
                  />
                  {label}
                </label>
              );
            })}
          </fieldset>
          {kind === 'place' && (
            <TextField
              label="Nombre de places"
              hint="Les réservations se partagent ces places (un groupe de 6 en prend 6)."
              inputMode="numeric"
              {...form.bind('capacity')}
            />
          )}
          <fieldset className={styles.fieldset}>
            <legend>Horaires de la semaine</legend>
            <p className={controls.hint}>
              Par exemple « 9h-12h, 14h-19h ». Laissez vide les jours de fermeture.
            </p>
            <div className={styles.weekHours}>
              {WEEKDAY_FIELDS.map((field, index) => (
                <TextField
                  key={field}
                  label={WEEKDAY_NAMES[index]!.replace(/^./, (first) => first.toUpperCase())}
                  spellCheck={false}
                  {...form.bind(field)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.fieldset} aria-describedby={`${id}-exceptions-hint`}>
            <legend>Jours particuliers</legend>
            <p id={`${id}-exceptions-hint`} className={controls.hint}>
              Congés, fermetures ou horaires différents un jour donné ; des horaires vides ferment
              la journée.
            </p>
            {exceptions.length > 0 && (
              <ul className={styles.exceptions}>
                {exceptions.map((row) => (
                  <li key={row.key} className={styles.exceptionRow}>
                    <div className={controls.field}>
                      <label htmlFor={`${id}-date-${row.key}`} className={controls.label}>
                        Date
                      </label>
                      <input
                        id={`${id}-date-${row.key}`}
                        type="date"
                        className={controls.control}
                        value={row.date}
                        onChange={(event) => changeException(row.key, { date: event.target.value })}
                      />
                    </div>
                    <div className={controls.field}>
                      <label htmlFor={`${id}-hours-${row.key}`} className={controls.label}>
                        Horaires <span className={controls.optional}>(vide : fermé)</span>
                      </label>
                      <input
                        id={`${id}-hours-${row.key}`}
                        className={controls.control}
                        value={row.hours}
                        spellCheck={false}
                        onChange={(event) =>
                          changeException(row.key, { hours: event.target.value })
                        }
                      />
                    </div>
                    <div className={controls.field}>
                      <label htmlFor={`${id}-label-${row.key}`} className={controls.label}>
                        Motif <span className={controls.optional}>(facultatif)</span>
                      </label>
                      <input
                        id={`${id}-label-${row.key}`}
                        className={controls.control}
                        value={row.label}
                        maxLength={120}
                        onChange={(event) =>
                          changeException(row.key, { label: event.target.value })
                        }
                      />
                    </div>
                    <button
                      type="button"
                      className={`${controls.button} ${controls.secondary} ${controls.small}`}
                      aria-label={`Retirer le jour particulier ${row.date ? frenchLongDate(row.date) : 'sans date'}`}
                      onClick={() =>
                        setExceptions((rows) => rows.filter((other) => other.key !== row.key))
                      }
                    >
                      Retirer
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {form.formState.errors.exceptions && (
              <p className={controls.error} role="alert">
                {form.formState.errors.exceptions}
              </p>
            )}
            <div>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                onClick={() => {
                  setExceptions((rows) => [
                    ...rows,
                    { key: nextKey, date: '', hours: '', label: '' },
                  ]);
                  setNextKey((key) => key + 1);
                }}
              >
                Ajouter un jour particulier
              </button>
            </div>
          </fieldset>
          <CheckboxField
            label="Fermé les jours fériés"
            registration={form.bind('closedOnPublicHolidays').registration}
          />
          <CheckboxField
            label="Active (proposée aux réservations)"
            registration={form.bind('isActive').registration}
          />
        </>
      )}
    </AdminItemForm>
  );
}

const WEEKDAY_SHORT = ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'];

/** « lun. 09:00-12:00, 14:00-19:00 · sam. 09:00-17:00 », or that it has no hours. */
export function weekSummary(resource: Resource): string {
  const days = WEEKDAY_SHORT.flatMap((short, index) => {
    const ranges = rangesOfWeekday(resource.weeklyHours, index + 1);
    return ranges.length === 0 ? [] : [`${short} ${formatDayRanges(ranges)}`];
  });
  return days.length === 0 ? 'Aucun horaire : jamais réservable.' : days.join(' · ');
}

/** The site's booking resources: add, change, remove (when no coming booking needs them). */
export function ResourcesManager({
  siteId,
  initial,
  onChange,
}: {
  siteId: number;
  initial: Resource[];
  /** The list as it now stands, after an add, a change or a removal. */
  onChange: (resources: Resource[]) => void;
}) {
  const api = browserApi(siteId);
  // The list's rows as the managers below need them, kept beside AdminList's own.
  const [rows, setRows] = useState(initial);
  const changeRows = (next: Resource[]) => {
    setRows(next);
    onChange(next);
  };
  return (
    <AdminList<Resource, ResourceInput>
      headingId="ressources"
      heading={(items) => `Ressources (${items.length})`}
      intro={
        <p className={controls.hint}>
          Une personne (une coiffeuse) est réservée entière ; un lieu (une salle de dégustation)
          partage ses places entre les réservations. Une ressource inactive n’est plus proposée, ses
          réservations restent dans l’agenda.
        </p>
      }
      empty="Aucune ressource pour l’instant : ajoutez les personnes et les lieux que vos prestations réservent."
      initial={initial}
      nameOf={(resource) => resource.name}
      save={async (resource, input) => {
        const saved = resource
          ? await api.call(updateResource, { params: { id: resource.id }, body: input })
          : await api.call(createResource, { body: input });
        changeRows(
          resource ? rows.map((row) => (row.id === saved.id ? saved : row)) : [...rows, saved],
        );
        return saved;
      }}
      savedMessage={(saved, created) =>
        `Ressource « ${saved.name} » ${created ? 'ajoutée' : 'enregistrée'}.`
      }

      remove={{
        confirm: (resource) => `Supprimer la ressource « ${resource.name} » ?`,
        call: async (resource) => {
          await api.call(deleteResource, { params: { id: resource.id } });
        },
        done: (resource) => {
          changeRows(rows.filter((row) => row.id !== resource.id));
          return `Ressource « ${resource.name} » supprimée.`;
        },
      }}
      itemAttributes={(resource) => ({ 'data-resource': resource.name })}
      addLabel="Ajouter une ressource"
      renderItem={(resource) => (
        <div className={styles.itemText}>
          <strong>{resource.name}</strong>
          <span>
            {resource.kind === 'person'
              ? 'Personne'
              : `Lieu, ${resource.capacity} place${resource.capacity > 1 ? 's' : ''}`}
            {!resource.isActive && ' · inactive'}
            {resource.exceptions.length > 0 &&
              ` · ${resource.exceptions.length} jour${resource.exceptions.length > 1 ? 's' : ''} particulier${resource.exceptions.length > 1 ? 's' : ''}`}
          </span>
          <span className={controls.hint}>{weekSummary(resource)}</span>
        </div>
      )}
      renderForm={(resource, slot) => <ResourceForm resource={resource} slot={slot} />}
    />
  );
}
