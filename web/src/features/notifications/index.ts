/** What other areas may use of notifications: the header's bell and the Settings tab. */
export { NotificationBell } from './components/notification-bell.tsx';
export { NotificationSettings } from './components/notification-settings.tsx';
