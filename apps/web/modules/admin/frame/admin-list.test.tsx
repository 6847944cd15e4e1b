import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminItemForm, AdminList } from './admin-list';

interface Row {
  id: number;
  title: string;
}

function markup(rows: Row[], ordered: boolean): string {
  return renderToStaticMarkup(
    <AdminList<Row, { title: string }>
      headingId="essais"
      heading={(items) => `Essais (${items.length})`}
      initial={rows}
      empty="Aucun essai."
      nameOf={(row) => row.title}
      renderItem={(row) => <span>{row.title}</span>}
      addLabel="Ajouter un essai"
      renderForm={() => null}
      save={(_, input) => Promise.resolve({ id: 3, ...input })}
      savedMessage={(row) => `« ${row.title} » ajouté.`}
      remove={{
        confirm: (row) => `Supprimer « ${row.title} » ?`,
        call: () => Promise.resolve(),
        done: (row) => `« ${row.title} » supprimé.`,
      }}
      {...(ordered ? { reorder: () => Promise.resolve(rows) } : {})}
    />,
  );
}

const rows = [
  { id: 1, title: 'Coupe femme' },
  { id: 2, title: 'Brushing' },
];

describe('AdminList', () => {
  it('is a section named by its heading, with a status line', () => {
    const html = markup(rows, false);
    expect(html).toContain('<section');
    expect(html).toContain('aria-labelledby="essais"');
    expect(html).toMatch(/<h2 id="essais"[^>]*>Essais \(2\)<\/h2>/);
    expect(html).toContain('role="status"');
  });

  it('lists the rows, each button naming its row', () => {
    const html = markup(rows, false);
    expect(html).toContain('<ul');
    expect(html).not.toContain('Monter');
    expect(html).toContain('aria-label="Modifier « Coupe femme »"');
    expect(html).toContain('aria-label="Supprimer « Brushing »"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('>Ajouter un essai</button>');
  });

  it('orders a list that has an order, the first row not going up nor the last down', () => {
    const html = markup(rows, true);
    expect(html).toContain('<ol');
    expect(html).toMatch(/disabled=""[^>]*aria-label="Monter « Coupe femme »"/);
    expect(html).toMatch(/disabled=""[^>]*aria-label="Descendre « Brushing »"/);
    expect(html).not.toMatch(/disabled=""[^>]*aria-label="Monter « Brushing »"/);
  });

  it('says when the list is empty', () => {
    const html = markup([], false);
    expect(html).toContain('Aucun essai.');
    expect(html).not.toContain('<ul');
  });

  it('gives a row its own buttons, and no add button nor deletion where the list has none', () => {
    const html = renderToStaticMarkup(
      <AdminList<Row, never>
        headingId="avis"
        heading={(items) => `Avis (${items.length})`}
        initial={rows}
        empty="Aucun avis."
        nameOf={(row) => row.title}
        itemAttributes={() => ({ 'data-testid': 'ligne' })}
        renderItem={(row) => <span>{row.title}</span>}
        actions={(row, list) => (
          <button type="button" disabled={list.busy} aria-label={`Masquer « ${row.title} »`}>
            Masquer
          </button>
        )}
      />,
    );
    expect(html).toContain('aria-label="Masquer « Coupe femme »"');
    expect(html.match(/data-testid="ligne"/g)).toHaveLength(2);
    expect(html).not.toContain('Modifier');
    expect(html).not.toContain('Supprimer');
    expect(html).not.toContain('Ajouter');
    expect(html).toContain('role="status"');
  });

  it('keeps « Modifier » without « Supprimer » for rows that are changed but not deleted', () => {
    const html = renderToStaticMarkup(
      <AdminList<Row, { title: string }>
        headingId="bons"
        heading={() => 'Bons'}
        initial={rows}
        empty="Aucun bon."
        nameOf={(row) => row.title}
        renderItem={(row) => <span>{row.title}</span>}
        renderForm={() => null}
        save={(row, input) => Promise.resolve({ id: row?.id ?? 3, ...input })}
      />,
    );
    expect(html).toContain('aria-label="Modifier « Brushing »"');
    expect(html).not.toContain('Supprimer');
  });
});

describe('AdminItemForm', () => {
  interface Values {
    kind: string;
    tags: string[];
  }

  function form(onCancel?: () => void): string {
    return renderToStaticMarkup(
      <AdminItemForm<Values, Values>
        resolver={(values) => Promise.resolve({ values, errors: {} })}
        defaultValues={{ kind: 'EURO', tags: ['RED', 'WHITE'] }}
        serverFields={['kind', 'tags']}
        submitLabel="Créer le code"
        label="Nouveau code de réduction"
        onSubmit={() => Promise.resolve()}
        {...(onCancel ? { onCancel } : {})}
      >
        {(api) => (
          <>
            {['percent', 'EURO'].map((value) => (
              <input key={value} type="radio" {...api.bindChoice('kind', value).registration} />
            ))}
            {['RED', 'ROSE', 'WHITE'].map((value) => (
              <input key={value} type="checkbox" {...api.bindChoice('tags', value).registration} />
            ))}
          </>
        )}
      </AdminItemForm>,
    );
  }

  it('is named, and ticks the choices its values hold in a radio group and a group of boxes', () => {
    const html = form(() => undefined);
    expect(html).toContain('aria-label="Nouveau code de réduction"');
    const ticked = [...html.matchAll(/<input ([^>]*)\/>/g)].map(([, attributes]) => [
      /value="([^"]*)"/.exec(attributes!)?.[1],
      attributes!.includes('checked=""'),
    ]);
    expect(ticked).toEqual([
      ['percent', false],
      ['EURO', true],
      ['RED', true],
      ['ROSE', false],
      ['WHITE', true],
    ]);
    expect(html.match(/name="kind"/g)).toHaveLength(2);
    expect(html).toContain('>Annuler</button>');
  });

  it('has no « Annuler » when the button that opened it closes it', () => {
    expect(form()).not.toContain('Annuler');
  });

  it('puts a row’s own buttons after the submit button, before « Annuler »', () => {
    const html = renderToStaticMarkup(
      <AdminItemForm<{ name: string }, { name: string }>
        resolver={(values) => Promise.resolve({ values, errors: {} })}
        defaultValues={{ name: 'Coursier' }}
        serverFields={['name']}
        submitLabel="Enregistrer « Coursier »"
        onSubmit={() => Promise.resolve({ status: 'Enregistré.' })}
        onCancel={() => undefined}
        buttons={<button type="button">Supprimer « Coursier »</button>}
      >
        {(api) => <input {...api.bind('name').registration} />}
      </AdminItemForm>,
    );
    const order = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map(([, text]) => text);
    expect(order).toEqual(['Enregistrer « Coursier »', 'Supprimer « Coursier »', 'Annuler']);
    expect(html).toContain('value="Coursier"');
  });
});
