import { VisuallyHidden } from '@mantine/core';

/** The badge's words: what a screen reader reads, the tooltip, and the label where it is shown. */
export const VERIFIED_IN_PERSON = 'Verified in person';

/** A check in a rosette, one path on a 24 px grid like the line icons. */
const ROSETTE =
  'M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2zM8.5 12l2.5 2.5 4.5-5';

interface VerifiedBadgeProps {
  /** The server's word for this member (`verifiedInPerson`, `authorVerified`): nothing is shown unless true. */
  verified: boolean | undefined;
  /** Shows the words beside the icon (a profile); otherwise only screen readers and the tooltip have them. */
  withLabel?: boolean;
  size?: number;
}

/**
 * "Verified in person" beside a member's name: two verified members vouched that they met them.
 * Put it beside the name's link, never inside it, so the link's name stays the member's name.
 */
export function VerifiedBadge({ verified, withLabel = false, size = 16 }: VerifiedBadgeProps) {
  if (!verified) return null;
  return (
    <span
      data-testid="verified-badge"
      title={VERIFIED_IN_PERSON}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        flexShrink: 0,
        verticalAlign: 'middle',
        // The theme's dark teal on its light tint: 6.7:1 on white (web/src/app/theme.ts).
        color: 'var(--mantine-color-teal-light-color)',
        fontSize: 'var(--mantine-font-size-sm)',
        fontWeight: 600,
        lineHeight: 1,
        whiteSpace: 'nowrap',
      }}
    >
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
      >
        <path d={ROSETTE} />
      </svg>
      {withLabel ? <span>{VERIFIED_IN_PERSON}</span> : <VisuallyHidden>{VERIFIED_IN_PERSON}</VisuallyHidden>}
    </span>
  );
}
