import { describe, expect, it } from 'vitest';
import { slideOutcome, WELCOME_SLIDES } from '../../../web/src/features/joining/slides.ts';

describe('welcome tutorial', () => {
  it('has the four slides of the spec', () => {
    expect(WELCOME_SLIDES.map((slide) => slide.title)).toEqual(['Welcome', 'Your Anchors', 'Share Your Invites', 'Your Privacy Matters']);
  });

  it('every button sets the flag; Next moves on, Get Started and Skip go to profile setup', () => {
    expect(slideOutcome(0, 'next')).toEqual({ markSeen: true, goToProfileSetup: false, nextIndex: 1 });
    expect(slideOutcome(3, 'get-started')).toEqual({ markSeen: true, goToProfileSetup: true, nextIndex: 3 });
    expect(slideOutcome(1, 'skip')).toMatchObject({ markSeen: true, goToProfileSetup: true });
    expect(slideOutcome(3, 'next')).toMatchObject({ goToProfileSetup: true });
  });
});
