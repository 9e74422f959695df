import { getNotificationSettings } from '#data/notifications';
import { defineCallable } from '#http/define-callable';

export const handler = defineCallable('getNotificationSettings', async (_input, { caller }) => ({ settings: await getNotificationSettings(caller.uid) }));
