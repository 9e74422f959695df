export * from './inviter-ranking.ts';
export * from './metrics-counters.ts';
export * from './metrics.ts';
