/** What other areas may use of the feed (the dashboard); its query keys are in keys.ts. */
export { MemberPosts } from './components/member-posts.tsx';
