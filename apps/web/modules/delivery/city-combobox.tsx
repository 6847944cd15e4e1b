'use client';

import { useEffect, useId, useRef, useState } from 'react';
import styles from './delivery.module.css';

const CITY_SEARCH_FAILED =
  'La recherche des communes n’a pas abouti : vérifiez votre connexion, puis modifiez votre saisie pour réessayer.';

/** A commune as the cities call answers it. */
export interface CityOption {
  code: string;
  name: string;
  postalCode: string;
}

interface CityComboboxProps {
  /** The city chosen, shown in the field. */
  value: CityOption | null;
  /** The communes matching a search (the cities call); [] when none; throws when it failed. */
  search: (text: string) => Promise<CityOption[]>;
  onChoose: (city: CityOption) => void;
  disabled?: boolean;
}

const optionText = (city: CityOption) => `${city.postalCode} ${city.name}`;

/**
 * Postal code or city, with the communes of the cities call to choose from: an ARIA 1.2
 * combobox with list autocomplete (decision 0046). The focus stays in the field; the arrows move
 * the active option (aria-activedescendant), Enter chooses it, Escape closes the list.
 */
export function CityCombobox({ value, search, onChoose, disabled }: CityComboboxProps) {
  const ids = useId();
  const listId = `${ids}-list`;
  const valueText = value ? optionText(value) : '';
  const [text, setText] = useState(valueText);
  /** A city chosen elsewhere (restored, reset by click-and-collect) shows in the field. */
  const [shownValue, setShownValue] = useState(valueText);
  if (shownValue !== valueText) {
    setShownValue(valueText);
    setText(valueText);
  }
  const [options, setOptions] = useState<CityOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  /** A search that failed, shown under the field (a status alone is for screen readers). */
  const [failure, setFailure] = useState('');
  const requestNumber = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  async function lookUp(next: string) {
    const query = next.trim();
    const number = ++requestNumber.current;
    if (query.length < 2) {
      setOptions([]);
      setOpen(false);
      setStatus('');
      setFailure('');
      return;
    }
    let found: CityOption[];
    try {
      found = await search(query);
    } catch {
      if (number !== requestNumber.current) return;
      setOptions([]);
      setOpen(false);
      setStatus('');
      setFailure(CITY_SEARCH_FAILED);
      return;
    }
    // Only the answer to the latest text counts.
    if (number !== requestNumber.current) return;
    setFailure('');
    setOptions(found);
    setActive(-1);
    setOpen(true);
    setStatus(
      found.length === 0
        ? 'Aucune commune ne correspond.'
        : `${found.length} commune${found.length > 1 ? 's' : ''} proposée${found.length > 1 ? 's' : ''}.`,
    );
  }

  // What a visitor typed before the page's script ran is in the field but was never searched:
  // search it once the combobox is live, as if it had just been typed.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '' && typed !== valueText) {
      setText(typed);
      void lookUp(typed);
    }
    // Once, at mount: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(city: CityOption) {
    setText(optionText(city));
    setOpen(false);
    setActive(-1);
    setStatus(`${optionText(city)} choisie.`);
    onChoose(city);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      setActive((index) => (options.length === 0 ? -1 : (index + 1) % options.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open && options.length > 0) setOpen(true);
      setActive((index) =>
        options.length === 0 ? -1 : (index - 1 + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const expanded = open && options.length > 0;
  return (
    <div className={styles.combobox}>
      <label htmlFor={`${ids}-input`} className={styles.label}>
        Code postal ou ville
      </label>
      <input
        ref={input}
        id={`${ids}-input`}
        type="text"
        role="combobox"
        className={styles.input}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${ids}-option-${active}` : undefined}
        aria-describedby={`${ids}-hint`}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          void lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          if (options.length > 0 && !value) setOpen(true);
        }}
      />
      <p id={`${ids}-hint`} className={styles.hint}>
        Saisissez au moins deux caractères, puis choisissez votre commune dans la liste.
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Communes"
        className={styles.listbox}
        hidden={!expanded}
      >
        {options.map((city, index) => (
          <li
            key={`${city.code}-${city.postalCode}`}
            id={`${ids}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? styles.activeOption : styles.option}
            // mousedown, not click: the field's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(city);
            }}
          >
            {optionText(city)}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {failure ? (
        <p className={styles.fieldError} role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
