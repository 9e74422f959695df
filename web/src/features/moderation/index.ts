/** What other areas may use of moderation; its query keys are in keys.ts. */
export { formatDay, formatMoment, MODERATION_UI, useBlockedList, useMemberAction, useMutedList, useStanding, useSuspension } from './api/moderation.ts';
export { NoticesCard } from './components/notices-card.tsx';
export { SuspensionBanner, TITLE_STYLES } from './components/suspension-banner.tsx';
export { useMemberModeration } from './components/use-member-moderation.tsx';
export { ACTION_LABELS, REASON_LABELS, TARGET_WORDS } from './moderation-words.ts';
