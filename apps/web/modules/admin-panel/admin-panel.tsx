'use client';

import { useState } from 'react';
import {
  checkLayoutHash,
  PREVIEW_HTML_FIELD,
  PREVIEW_IMAGE_FIELD,
  uploadLayoutPreview,
} from '@comptoir/contract/admin';
import { failureMessage } from '../../ui/server-errors';
import { notifyError, notifySuccess } from '../../ui/toaster';
import { browserApi } from '../account/browser-api';
import { useAccount } from '../account/use-account';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { isAdminRole } from './admin-roles';
import { capturePreview } from './capture-preview';
import styles from './admin-panel.module.css';

/**
 * The storefront renders a page's content as a single layout, its <main>: layout 1 of the page
 * for the page builder's hash check and preview.
 */
export const MAIN_LAYOUT_ID = 1;

export interface AdminPageRef {
  id: number;
  url: string;
}

export interface AdminPanelProps {
  siteId: number;
  /** The site's pages, to find the one shown. */
  pages: AdminPageRef[];
  /**
   * The back office's page editor, `{pageId}` standing for the page's id (DASHBOARD_PAGE_URL);
   * null when no back office is configured.
   */
  editPageUrl: string | null;
}

function mainElement(): HTMLElement {
  const main = document.getElementById('contenu');
  if (!main) throw new Error('The page has no <main id="contenu">.');
  return main;
}

/**
 * A toolbar fixed at the bottom of the screen for the site's administrators: edit the page shown,
 * check whether its stored preview matches what is online, and replace that preview. It reads the
 * user in the browser, so the public page around it stays the same for everyone.
 */
export function AdminPanel({ siteId, pages, editPageUrl }: AdminPanelProps) {
  const { user } = useAccount(siteId);
  const currentUrl = useCurrentUrl(siteId);
  const [expanded, setExpanded] = useState(true);
  const [busy, setBusy] = useState<'check' | 'upload' | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  if (!user || !isAdminRole(user.role)) return null;
  const page = pages.find((candidate) => candidate.url === currentUrl) ?? null;
  const layout = page ? { idPage: page.id, idLayout: MAIN_LAYOUT_ID } : null;

  const checkPreview = async () => {
    if (!layout || busy) return;
    setBusy('check');
    setStatus(null);
    try {
      const { upToDate } = await browserApi(siteId).call(checkLayoutHash, {
        params: layout,
        body: { html: document.getElementById('contenu')?.innerHTML ?? '' },
      });
      const message = upToDate
        ? "L'aperçu est à jour."
        : "L'aperçu ne correspond plus à la page : mettez-le à jour.";
      setStatus(message);
      (upToDate ? notifySuccess : notifyError)(message);
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const updatePreview = async () => {
    if (!layout || busy) return;
    setBusy('upload');
    setStatus(null);
    let html: string;
    let image: Blob;
    try {
      const main = mainElement();
      html = main.innerHTML;
      image = await capturePreview(main);
    } catch (error) {
      console.error(error);
      notifyError("Le navigateur n'a pas pu dessiner l'aperçu de la page.");
      setBusy(null);
      return;
    }
    try {
      const form = new FormData();
      form.append(PREVIEW_HTML_FIELD, html);
      form.append(
        PREVIEW_IMAGE_FIELD,
        image,
        image.type === 'image/png' ? 'apercu.png' : 'apercu.jpg',
      );
      await browserApi(siteId).call(uploadLayoutPreview, { params: layout, body: form });
      setStatus("L'aperçu est mis à jour.");
      notifySuccess("L'aperçu est mis à jour.");
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <aside
      className={styles.panel}
      aria-label="Administration du site"
      data-admin-panel
      data-expanded={expanded}
      data-surface="dark"
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls="outils-administration"
        onClick={() => setExpanded(!expanded)}
      >
        <span className={styles.badge}>
          {user.role === 'SUPER_ADMIN' ? 'Super admin' : 'Admin'}
        </span>
        <span className="visually-hidden">
          {expanded ? 'Masquer' : 'Afficher'} les outils d&apos;administration
        </span>
      </button>
      <div id="outils-administration" className={styles.tools} hidden={!expanded}>
        {page ? (
          <p className={styles.context}>
            Page : <strong>{page.url}</strong>
          </p>
        ) : (
          <p className={styles.context}>
            Cette page ne fait pas partie de l&apos;arborescence du site.
          </p>
        )}
        <div className={styles.actions}>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- another root layout: a full page load on purpose */}
          <a className={styles.action} href="/admin">
            Back-office
          </a>
          {page && editPageUrl && (
            <a
              className={styles.action}
              href={editPageUrl
                .replaceAll('{pageId}', String(page.id))
                .replaceAll('{siteId}', String(siteId))}
            >
              Modifier la page
            </a>
          )}
          <button
            type="button"
            className={styles.action}
            disabled={!layout}
            aria-busy={busy === 'check' || undefined}
            onClick={() => void checkPreview()}
          >
            {busy === 'check' ? 'Vérification…' : "Vérifier l'aperçu"}
          </button>
          <button
            type="button"
            className={styles.action}
            disabled={!layout}
            aria-busy={busy === 'upload' || undefined}
            onClick={() => void updatePreview()}
          >
            {busy === 'upload' ? 'Envoi de l’aperçu…' : "Mettre à jour l'aperçu"}
          </button>
        </div>
        <p role="status" className={styles.status}>
          {status}
        </p>
      </div>
    </aside>
  );
}
