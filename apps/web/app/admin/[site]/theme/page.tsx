import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminParameters } from '@comptoir/contract/admin-theme';
import { getSiteInfo } from '@comptoir/contract/site';
import { parseSiteId } from '../../../../lib/site-id';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';
import { ThemeEditor } from '../../../../modules/admin/theme/theme-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Thème et paramètres' };

/** Every parameter of the site, its logos and fonts, read fresh for the administrator. */
export default async function ThemePage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminApi(siteId);
  const [parameters, info] = await Promise.all([
    api.call(getAdminParameters),
    api.call(getSiteInfo),
  ]);
  const companyName = parameters.find((parameter) => parameter.type === 'COMPANY_NAME')?.value;
  return (
    <>
      <h1>Thème et paramètres</h1>
      <p>
        Les couleurs, polices, logos et réglages du site. L&apos;aperçu montre les couleurs et les
        polices avant leur enregistrement ; le site affiche les changements dès qu&apos;ils sont
        enregistrés.
      </p>
      <ThemeEditor
        siteId={siteId}
        siteName={typeof companyName === 'string' && companyName !== '' ? companyName : info.name}
        initialParameters={parameters}
        initialFonts={info.fonts}
        logos={info.logos}
      />
    </>
  );
}
