/**
 * Spec §2 Dashboard: "Group lists are hard-coded sample data". Groups are not built; these say so
 * on screen ("Sample data") so nobody mistakes them for real groups.
 */
export interface SampleGroup {
  id: string;
  name: string;
  memberCount: number;
  icon: string;
}

export const SAMPLE_GROUPS: readonly SampleGroup[] = [
  { id: 'sample-hikers', name: 'Weekend Hikers', memberCount: 24, icon: '🥾' },
  { id: 'sample-books', name: 'Neighbourhood Book Club', memberCount: 12, icon: '📚' },
  { id: 'sample-garden', name: 'Community Garden', memberCount: 31, icon: '🌱' },
];
