import type { ParameterReader } from '../../lib/parameters';

/**
 * The attributes of a site's <html> element that switch the page's behaviour in globals.css, with
 * no script (decision 0101):
 * - `data-lock-selection` (LOCK_TEXT_SELECTION): the page's text cannot be selected, except in
 *   form fields, where a visitor still types and pastes;
 * - `data-repeat-animation` (REPEAT_ANIMATION): each block of a page glides in every time it
 *   scrolls into view; off, the page stays still (always so for a visitor who asked their system
 *   to reduce motion).
 */
export function pageBehaviourAttributes(parameters: ParameterReader): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (parameters.flag('LOCK_TEXT_SELECTION')) attributes['data-lock-selection'] = '';
  if (parameters.flag('REPEAT_ANIMATION')) attributes['data-repeat-animation'] = '';
  return attributes;
}

/**
 * LOCK_RIGHT_CLICK: the context menu does not open on the page (the owner's pictures and texts
 * are not one click from "save"), except in form fields, where it pastes. A few bytes of inline
 * script, only on the sites that ask for it; pictures are also kept from being dragged away
 * (globals.css).
 */
const RIGHT_CLICK_LOCK = `document.documentElement.dataset.lockRightClick="";document.addEventListener("contextmenu",function(e){var t=e.target;if(!(t instanceof Element&&t.closest("input,textarea,select,[contenteditable]")))e.preventDefault()});`;

export function RightClickLock({ parameters }: { parameters: ParameterReader }) {
  if (!parameters.flag('LOCK_RIGHT_CLICK')) return null;
  return <script id="lock-right-click" dangerouslySetInnerHTML={{ __html: RIGHT_CLICK_LOCK }} />;
}
