import { INVITES_EXPLAINED } from '../../lib/place-words.ts';

/** The welcome tutorial's four slides (spec §2 Welcome tutorial), in order. */
export const WELCOME_SLIDES = [
  {
    title: 'Welcome',
    heading: 'Welcome to Anchored',
    body: [
      'Anchored is a social network for real people and real communities.',
      'Everyone here was invited by someone who vouches for them. No ads, no tracking, no algorithm deciding what you see.',
    ],
  },
  {
    title: 'Your Anchors',
    heading: 'Your Anchors',
    body: [
      'Anchors are the people you trust: family, friends, neighbours. You can have up to 100.',
      'Your feed shows what you and your anchors post, newest first. Nothing is ranked or hidden.',
    ],
  },
  {
    title: 'Share Your Invites',
    heading: 'Share Your Invites',
    body: [`You get 10 invites: ${INVITES_EXPLAINED}.`, 'Invite people you would vouch for. The community grows through trust.'],
  },
  {
    title: 'Your Privacy Matters',
    heading: 'Your Privacy Matters',
    body: [
      'You choose who sees your profile, your birthday and your contact details: everyone, your anchors, or only you.',
      'Next, complete your profile so your anchors can recognise you.',
    ],
  },
] as const;

export type SlideAction = 'next' | 'get-started' | 'skip';

/** Every button of the tutorial marks it seen; all but Next (on the first three slides) leave it. */
export function slideOutcome(index: number, action: SlideAction): { markSeen: true; goToProfileSetup: boolean; nextIndex: number } {
  const last = WELCOME_SLIDES.length - 1;
  if (action === 'next' && index < last) return { markSeen: true, goToProfileSetup: false, nextIndex: index + 1 };
  return { markSeen: true, goToProfileSetup: true, nextIndex: index };
}
