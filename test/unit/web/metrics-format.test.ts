import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, healthScore, topCities } from '../../../web/src/features/metrics/format.ts';

describe('metrics formatting (spec §9)', () => {
  it('abbreviates with K at 1,000 and M at 1,000,000', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1049)).toBe('1K');
    expect(formatCount(1050)).toBe('1.1K');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_950)).toBe('1M'); // never "1000K"
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(2_540_000)).toBe('2.5M');
    expect(formatCount(-1500)).toBe('-1.5K');
  });

  it('shows rates as whole percentages', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.7143)).toBe('71%');
    expect(formatPercent(0.6667)).toBe('67%');
    expect(formatPercent(0.005)).toBe('1%');
    expect(formatPercent(1)).toBe('100%');
    // Products that binary floating point puts just under .5 (0.285 * 100 = 28.499999999999996).
    expect(formatPercent(0.285)).toBe('29%');
    expect(formatPercent(0.145)).toBe('15%');
    expect(formatPercent(0.575)).toBe('58%');
  });

  it('scores health as the mean of min(actual / target, 1) over the three targets', () => {
    // engagement 6/8 = 75% ≥ 70% → 1; local 0.25 / 0.5 → 0.5; trust 0.3 / 0.6 → 0.5; mean 2/3
    const { score, parts } = healthScore({ totalUsers: 8, activeUsers: 6, localConnectionDensity: 0.25, invitationAcceptanceRate: 0.3 });
    expect(score).toBeCloseTo(2 / 3, 10);
    expect(parts.map(({ key, target, progress }) => [key, target, progress])).toEqual([
      ['engagement', 0.7, 1],
      ['localDensity', 0.5, 0.5],
      ['trustGrowth', 0.6, 0.5],
    ]);
    expect(healthScore({ totalUsers: 0, activeUsers: 0, localConnectionDensity: 0, invitationAcceptanceRate: 0 }).score).toBe(0);
    expect(healthScore({ totalUsers: 10, activeUsers: 10, localConnectionDensity: 0.9, invitationAcceptanceRate: 0.9 }).score).toBe(1);
  });

  it('lists the top cities by members, then by name', () => {
    const clusters = { 'Austin, TX': 5, 'Boise, ID': 9, 'Chicago, IL': 5, 'Denver, CO': 1, 'El Paso, TX': 2, 'Fresno, CA': 3 };
    expect(topCities(clusters, 5)).toEqual([
      { city: 'Boise, ID', members: 9 },
      { city: 'Austin, TX', members: 5 },
      { city: 'Chicago, IL', members: 5 },
      { city: 'Fresno, CA', members: 3 },
      { city: 'El Paso, TX', members: 2 },
    ]);
  });
});
