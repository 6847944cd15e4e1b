import type { ReactNode } from 'react';

/** Text read by assistive technologies but not shown (the `.visually-hidden` global class). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
