import { HEALTH_TARGETS, type SharedCommunityMetrics } from '#contracts/metrics';

/**
 * Spec §9: numbers abbreviated with K at 1,000 and M at 1,000,000 (one decimal, none when it is
 * .0): 999 → "999", 1,000 → "1K", 12,345 → "12.3K", 999,999 → "1M", 2,500,000 → "2.5M".
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const size = Math.abs(value);
  const oneDecimal = (scaled: number) => String(Math.round(scaled * 10) / 10);
  if (size < 1000) return `${sign}${Math.round(size)}`;
  // 999,950 would round to "1000K": that is a million.
  if (Math.round(size / 100) < 10_000) return `${sign}${oneDecimal(size / 1000)}K`;
  return `${sign}${oneDecimal(size / 1_000_000)}M`;
}

/**
 * Spec §9: rates as whole percentages (stored as fractions 0..1). The product goes through
 * toPrecision first: 0.285 * 100 is 28.499999999999996 in binary floating point and would round
 * down to "28%".
 */
export function formatPercent(fraction: number): string {
  return `${Math.round(Number((fraction * 100).toPrecision(12)))}%`;
}

export interface HealthPart {
  key: keyof typeof HEALTH_TARGETS;
  label: string;
  actual: number;
  target: number;
  /** actual / target, capped at 1: beating a target does not hide a miss elsewhere. */
  progress: number;
}

/**
 * The Community Health Score: the mean of each target's progress, min(actual / target, 1), over
 * engagement (active / total members, target 70%), local connection density (50%) and trust
 * network growth (invitation acceptance rate, 60%). 100% means every target is met.
 */
export function healthScore(record: Pick<SharedCommunityMetrics, 'totalUsers' | 'activeUsers' | 'localConnectionDensity' | 'invitationAcceptanceRate'>): {
  score: number;
  parts: HealthPart[];
} {
  const part = (key: HealthPart['key'], label: string, actual: number): HealthPart => {
    const target = HEALTH_TARGETS[key];
    return { key, label, actual, target, progress: Math.min(actual / target, 1) };
  };
  const parts = [
    part('engagement', 'Engagement rate', record.totalUsers === 0 ? 0 : record.activeUsers / record.totalUsers),
    part('localDensity', 'Local connection density', record.localConnectionDensity),
    part('trustGrowth', 'Trust network growth', record.invitationAcceptanceRate),
  ];
  return { score: parts.reduce((sum, { progress }) => sum + progress, 0) / parts.length, parts };
}

/** Top Cities: the most members first, then by name, at most `limit`. */
export function topCities(clusters: Record<string, number>, limit: number): { city: string; members: number }[] {
  return Object.entries(clusters)
    .map(([city, members]) => ({ city, members }))
    .sort((a, b) => b.members - a.members || a.city.localeCompare(b.city))
    .slice(0, limit);
}
