import { VisuallyHidden } from '@mantine/core';
import { LineIcon } from './line-icons.tsx';

/** The badge's words: what a screen reader reads, the tooltip, and the label where it is shown. */
export const VERIFIED_IN_PERSON = 'Verified in person';

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
      <LineIcon name="rosette" size={size} />
      {withLabel ? <span>{VERIFIED_IN_PERSON}</span> : <VisuallyHidden>{VERIFIED_IN_PERSON}</VisuallyHidden>}
    </span>
  );
}
