/**
 * The public pages' icons, drawn here rather than taken from an icon package: each is one path on a
 * 24 × 24 grid in 2 px round strokes of the text colour, a few dozen bytes apiece, because the
 * landing's JavaScript has a budget (npm run bench:web). Circles are written as two arcs.
 */
export const LINE_ICON_PATHS = {
  noAds: 'M16 5v14L7 15H5a2 2 0 0 1-2-2v-2a2 2 0 0 1 2-2h2zM7 15l1 5h2l-.8-4M19.5 9.5a3.5 3.5 0 0 1 0 5M3 3l18 18',
  noTracking: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7-10-7-10-7zM9 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0M3 3l18 18',
  subscription: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 10h18M7 15h3',
  verified: 'M5 7a4 4 0 1 0 8 0 4 4 0 1 0-8 0M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M15 11l2 2 4-4',
  moderation: 'M12 3l8 3v5c0 5-3.4 8.6-8 10-4.6-1.4-8-5-8-10V6zM9 12l2 2 4-4',
  anchor: 'M9.5 5.5a2.5 2.5 0 1 0 5 0 2.5 2.5 0 1 0-5 0M12 8v13M8 11h8M5 13a7 8 0 0 0 14 0M3 15l2-2 2 2M17 15l2-2 2 2',
  newestFirst: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M12 7v5l3 2',
  /** A check in a rosette: the "Verified in person" badge. */
  rosette:
    'M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2zM8.5 12l2.5 2.5 4.5-5',
  invites: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 7l9 6 9-6',
} as const;

export type LineIconName = keyof typeof LINE_ICON_PATHS;

/**
 * Decorative: hidden from assistive technology, since the words beside every icon say the same.
 * `size` in pixels.
 */
export function LineIcon({ name, size = 24 }: { name: LineIconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path d={LINE_ICON_PATHS[name]} />
    </svg>
  );
}
