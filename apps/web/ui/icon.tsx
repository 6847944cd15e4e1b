import type { SVGProps } from 'react';

/** Line icons drawn on a 24 × 24 grid with the current text colour. */
const PATHS = {
  home: 'M3 10.5 12 3l9 7.5M5.5 8.5V20a1 1 0 0 0 1 1H10v-6h4v6h3.5a1 1 0 0 0 1-1V8.5',
  menu: 'M4 6.5h16M4 12h16M4 17.5h16',
  close: 'M6 6l12 12M18 6 6 18',
  mail: 'M3.5 6.5h17v11h-17zM4 7l8 6 8-6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5c1-3.6 4-5.5 7.5-5.5s6.5 1.9 7.5 5.5',
  'chevron-down': 'M6.5 9.5 12 15l5.5-5.5',
  'arrow-right': 'M4.5 12h15M13.5 6l6 6-6 6',
  external: 'M14 4.5h5.5V10M19.5 4.5 11 13M18 14v5.5H4.5V6H10',
  phone:
    'M7.6 3.5h-3a1 1 0 0 0-1 1.1 16.5 16.5 0 0 0 15.8 15.8 1 1 0 0 0 1.1-1v-3l-4-1.6-1.9 1.9a12 12 0 0 1-5.4-5.4l1.9-1.9z',
  'map-pin':
    'M12 21s-6.5-6.2-6.5-11.2a6.5 6.5 0 0 1 13 0C18.5 14.8 12 21 12 21zM12 12.3a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3.5 2',
  gift: 'M4 11h16v9.5H4zM3 7.5h18V11H3zM12 7.5v13M12 7.5c-1.5-3.5-5.5-4-5.5-1.5S10 7.5 12 7.5zm0 0c1.5-3.5 5.5-4 5.5-1.5S14 7.5 12 7.5z',
} as const;

export type IconName = keyof typeof PATHS;

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  name: IconName;
  size?: number;
}

/** Decorative by default (aria-hidden): the control around it carries the accessible name. */
export function Icon({ name, size = 20, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
