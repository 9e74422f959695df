import { describe, expect, it } from 'vitest';
import { slideOutcome, WELCOME_SLIDES } from '../../../web/src/features/joining/slides.ts';
import { ANCHOR_PLACES_EXPLAINED, INVITES_EXPLAINED } from '../../../web/src/lib/place-words.ts';

describe('welcome tutorial', () => {
  it('has the four slides of the spec', () => {
    expect(WELCOME_SLIDES.map((slide) => slide.title)).toEqual(['Welcome', 'Your Anchors', 'Share Your Invites', 'Your Privacy Matters']);
  });

  it('says what local and distant invites are in the words of every other screen', () => {
    const share = WELCOME_SLIDES.find((slide) => slide.title === 'Share Your Invites');
    // It said "farther away (within 50 miles)", the Invites page "from within 50 miles", Anchor Tips "elsewhere".
    expect(share?.body[0]).toBe(
      'You get 10 invites: 5 local invites, for people in your city and state, and 5 distant invites, for people in another city within 50 miles of your city.',
    );
    expect(share?.body[0]).toContain(INVITES_EXPLAINED);
    expect(ANCHOR_PLACES_EXPLAINED).toBe('Local anchors live in your city and state; distant anchors live in another city.');
  });

  it('every button sets the flag; Next moves on, Get Started and Skip go to profile setup', () => {
    expect(slideOutcome(0, 'next')).toEqual({ markSeen: true, goToProfileSetup: false, nextIndex: 1 });
    expect(slideOutcome(3, 'get-started')).toEqual({ markSeen: true, goToProfileSetup: true, nextIndex: 3 });
    expect(slideOutcome(1, 'skip')).toMatchObject({ markSeen: true, goToProfileSetup: true });
    expect(slideOutcome(3, 'next')).toMatchObject({ goToProfileSetup: true });
  });
});
