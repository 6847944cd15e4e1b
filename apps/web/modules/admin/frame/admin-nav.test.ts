import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ENTRIES, isCurrentEntry, navEntriesFor, publicAdminPathname } from './admin-nav';

describe("the back office's navigation", () => {
  it('reads the path the browser shows, whatever the render saw', () => {
    expect(publicAdminPathname('/admin/91', 91)).toBe('/admin');
    expect(publicAdminPathname('/admin/91/journal', 91)).toBe('/admin/journal');
    expect(publicAdminPathname('/admin/journal', 91)).toBe('/admin/journal');
    expect(publicAdminPathname('/admin/910', 91)).toBe('/admin/910');
  });

  it('marks the current screen, the dashboard only on its own path', () => {
    const [home] = ADMIN_NAV_ENTRIES;
    const journal = ADMIN_NAV_ENTRIES.find((entry) => entry.href === '/admin/journal')!;
    expect(isCurrentEntry(home!, '/admin')).toBe(true);
    expect(isCurrentEntry(home!, '/admin/journal')).toBe(false);
    expect(isCurrentEntry(journal, '/admin/journal')).toBe(true);
    expect(isCurrentEntry(journal, '/admin/journalx')).toBe(false);
  });

  it('shows the platform to SUPER_ADMIN only', () => {
    const hrefs = (role: string) => navEntriesFor(role).map((entry) => entry.href);
    expect(hrefs('SUPER_ADMIN')).toContain('/admin/plateforme');
    expect(hrefs('ADMIN')).not.toContain('/admin/plateforme');
    expect(hrefs('ADMIN')).toContain('/admin/formulaires');
  });
});
