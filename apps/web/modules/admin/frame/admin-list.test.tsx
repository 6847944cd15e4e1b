import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminList } from './admin-list';

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
});
