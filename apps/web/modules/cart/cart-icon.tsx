/** A shopping bag on the 24 × 24 grid of ui/icon.tsx, decorative: the link carries the name. */
export function CartIcon({ size = 20 }: { size?: number }) {
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
    >
      <path d="M5 8h14l-1.2 12.5H6.2zM8.5 8V6.5a3.5 3.5 0 0 1 7 0V8" />
    </svg>
  );
}
