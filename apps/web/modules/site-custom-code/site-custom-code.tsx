import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import type { ParameterReader } from '../../lib/parameters';
import { SiteScript } from './site-script';
import { cssForStyleElement } from './style-text';

/**
 * What a site's administrator adds to every page (docs/requirements/site-parameters.md): GLOBAL_CSS and
 * SCRIPT_TO_LOAD are the administrator's own code and go in as written (the CSS only kept from
 * closing its element); AFTER_BODY_HTML_TO_LOAD is content and is sanitized like any rich text.
 */
export function SiteCustomCode({ parameters }: { parameters: ParameterReader }) {
  const css = parameters.text('GLOBAL_CSS');
  const afterBody = sanitizeRichHtml(parameters.text('AFTER_BODY_HTML_TO_LOAD'));
  const script = parameters.text('SCRIPT_TO_LOAD');
  return (
    <>
      {css && (
        <style data-site-css="" dangerouslySetInnerHTML={{ __html: cssForStyleElement(css) }} />
      )}
      {afterBody && (
        <div
          className="container"
          data-after-body=""
          dangerouslySetInnerHTML={{ __html: afterBody }}
        />
      )}
      {script && <SiteScript id="site-script-to-load" code={script} />}
    </>
  );
}
