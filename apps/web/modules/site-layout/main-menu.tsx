'use client';

import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import { isCurrent, isInCurrentTrail, type MenuEntry, type SiteMenu } from './menu-entries';
import { useCurrentUrl } from './use-current-url';
import styles from './main-menu.module.css';

interface MainMenuProps extends SiteMenu {
  siteId: number;
}

/** The menu of the top app bar (wide screens): entries in order, call-to-action pages on the right. */
export function MainMenu({ main, fixedRight, siteId }: MainMenuProps) {
  const currentUrl = useCurrentUrl(siteId);
  return (
    <nav aria-label="Menu principal" className={styles.nav}>
      <ul role="list" className={styles.mainList}>
        {main.map((entry) => (
          <MenuItem key={entry.id} entry={entry} currentUrl={currentUrl} />
        ))}
      </ul>
      {fixedRight.length > 0 && (
        <ul role="list" className={styles.fixedList}>
          {fixedRight.map((entry) => (
            <MenuItem key={entry.id} entry={entry} currentUrl={currentUrl} highlighted />
          ))}
        </ul>
      )}
    </nav>
  );
}

interface MenuItemProps {
  entry: MenuEntry;
  currentUrl: string;
  highlighted?: boolean;
}

function MenuItem({ entry, currentUrl, highlighted = false }: MenuItemProps) {
  if (entry.children.length > 0) {
    return <SubmenuItem entry={entry} currentUrl={currentUrl} highlighted={highlighted} />;
  }
  return (
    <li className={styles.item}>
      <MenuLink entry={entry} currentUrl={currentUrl} highlighted={highlighted} />
    </li>
  );
}

function MenuLink({ entry, currentUrl, highlighted = false }: MenuItemProps) {
  const current = isCurrent(entry, currentUrl);
  return (
    <SiteLink
      href={entry.href}
      external={entry.external}
      className={highlighted ? styles.callToAction : styles.link}
      aria-current={current ? 'page' : undefined}
    >
      {highlighted && <Icon name="gift" size={18} />}
      {entry.label}
      {entry.external && <Icon name="external" size={14} className={styles.externalIcon} />}
    </SiteLink>
  );
}

/**
 * Closed, shown while the pointer rests on the entry, or opened from the button (click, Enter or
 * Space), which keeps it open until Escape, a click elsewhere or focus leaving the entry.
 */
type SubmenuState = 'closed' | 'hovered' | 'opened';

function SubmenuItem({ entry, currentUrl, highlighted = false }: MenuItemProps) {
  const [state, setState] = useState<SubmenuState>('closed');
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const submenuId = useId();
  const expanded = state !== 'closed';

  // A navigation (even to the same layout) closes the submenu: state adjusted while rendering,
  // https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes
  const [shownUrl, setShownUrl] = useState(currentUrl);
  if (shownUrl !== currentUrl) {
    setShownUrl(currentUrl);
    setState('closed');
  }

  useEffect(() => {
    if (state !== 'opened') return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setState('closed');
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [state]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setState('closed');
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent) => {
    if (!itemRef.current?.contains(event.relatedTarget as Node | null)) setState('closed');
  };

  return (
    <li
      ref={itemRef}
      className={styles.item}
      data-expanded={expanded}
      data-in-trail={isInCurrentTrail(entry, currentUrl)}
      onMouseEnter={() => setState((previous) => (previous === 'closed' ? 'hovered' : previous))}
      onMouseLeave={() => setState((previous) => (previous === 'hovered' ? 'closed' : previous))}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <div className={styles.parent}>
        <MenuLink entry={entry} currentUrl={currentUrl} highlighted={highlighted} />
        <button
          ref={buttonRef}
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={submenuId}
          aria-label={entry.label}
          onClick={() => setState((previous) => (previous === 'opened' ? 'closed' : 'opened'))}
        >
          <Icon name="chevron-down" size={16} className={styles.chevron} />
        </button>
      </div>
      <ul role="list" id={submenuId} className={styles.submenu} hidden={!expanded}>
        {entry.children.map((child) => (
          <li key={child.id}>
            <MenuLink entry={child} currentUrl={currentUrl} />
          </li>
        ))}
      </ul>
    </li>
  );
}
