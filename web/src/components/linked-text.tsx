import { Anchor } from '@mantine/core';
import { useMemo } from 'react';
import { linkSegments } from '../lib/link-segments.ts';

/**
 * What a member wrote, with its http(s) links clickable (web/src/lib/link-segments.ts) and the rest
 * as text. Links open in a new tab, tell the target nothing of this page (noopener), and carry
 * nofollow ugc: the community vouches for members, not for what they link to.
 */
export function LinkedText({ text }: { text: string }) {
  const segments = useMemo(() => linkSegments(text), [text]);
  return segments.map((segment, index) =>
    segment.kind === 'link' ? (
      <Anchor key={index} href={segment.href} target="_blank" rel="noopener nofollow ugc" inherit>
        {segment.text}
      </Anchor>
    ) : (
      segment.text
    ),
  );
}
