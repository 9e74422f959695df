/** The landing page's words: the spec's stats and marketing claims (§1, §2 Landing). */

export const STATS = [
  { value: '100%', label: 'Real People' },
  { value: '10', label: 'invites per person' },
  { value: '0', label: 'algorithms' },
] as const;

export const FEATURES = [
  {
    title: 'No ads, ever',
    body: 'Nothing here is for sale, least of all your attention. There are no advertisers to please.',
  },
  {
    title: 'No tracking',
    body: 'We do not follow you around the web or build a profile to sell. Your data stays yours.',
  },
  {
    title: 'Funded by subscription',
    body: 'Members pay for the service, so the service works for members.',
  },
  {
    title: 'Verified real people',
    body: 'Everyone joins with an invite from someone who vouches for them. No bots, no fake accounts.',
  },
  {
    title: 'Community moderation',
    body: 'The people who invite you are part of keeping the community kind and accountable.',
  },
  {
    title: 'Limited connections',
    body: 'Up to 100 anchors: the people you actually know and trust, not a follower count.',
  },
] as const;

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
