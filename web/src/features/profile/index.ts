/** What other areas may use of the profile screen. */
export { default as ProfileView } from './routes/profile-view.tsx';
