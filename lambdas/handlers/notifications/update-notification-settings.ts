import { updateNotificationSettings } from '#data/notifications';
import { defineCallable } from '#http/define-callable';

/** Only the kinds given change, each by its own path in the record's map (two tabs saving different kinds keep both). */
export const handler = defineCallable('updateNotificationSettings', async ({ settings }, { caller }) => ({
  settings: await updateNotificationSettings(caller.uid, settings),
}));
