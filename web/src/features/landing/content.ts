import type { LineIconName } from '../../components/line-icons.tsx';
import { paths } from '../../lib/paths.ts';

/** The landing page's words: the spec's stats and marketing claims (§1, §2 Landing). */

export const STATS = [
  { value: '100%', label: 'Real People' },
  { value: '10', label: 'invites per person' },
  { value: '0', label: 'algorithms' },
] as const;

/**
 * The feature cards: the spec's six marketing claims as titles, each body true of what exists
 * (there is no payment yet, so the subscription is what will fund it; moderation is docs/moderation.md).
 */
export const FEATURES = [
  {
    icon: 'noAds',
    title: 'No ads, ever',
    body: 'Nothing here is for sale, least of all your attention. There are no advertisers to please.',
  },
  {
    icon: 'noTracking',
    title: 'No tracking',
    body: 'We do not follow you around the web or build a profile to sell. Your data stays yours: download all of it from Settings.',
  },
  {
    icon: 'subscription',
    title: 'Funded by subscription',
    body: 'Members, not advertisers, will pay for Anchored, so it works for members. While it is new, joining costs nothing.',
  },
  {
    icon: 'verified',
    title: 'Verified real people',
    body: 'Everyone joins with an invite, members verify each other by meeting face to face, and a badge shows who is verified in person.',
    link: { label: 'How verification works', to: paths.aboutVerification },
  },
  {
    icon: 'moderation',
    title: 'Community moderation',
    body: 'Members report what crosses the line and can block or mute anyone; admins answer every report, and the moderation log shows what was done.',
  },
  {
    icon: 'anchor',
    title: 'Limited connections',
    body: 'Up to 100 anchors: the people you actually know and trust, not a follower count.',
  },
] as const satisfies readonly { icon: LineIconName; title: string; body: string; link?: { label: string; to: string } }[];

/** Illustrative voices (the page says so): the experience Anchored is built for, not real quotes. */
export const TESTIMONIALS = [
  {
    quote: 'My feed is just my neighbours and my family again, in the order they posted. I had forgotten how calm that feels.',
    who: 'A parent in a small town',
  },
  {
    quote: 'Knowing who invited whom makes people kinder. Everyone here was vouched for by someone.',
    who: 'A community organiser',
  },
  {
    quote: 'Five local invites made me think about who really matters around me. I picked them carefully.',
    who: 'A new member',
  },
] as const;
