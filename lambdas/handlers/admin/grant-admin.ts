import { defineCallable } from '#http/define-callable';
import { changeAdmin } from '#workflows/change-admin';

export const handler = defineCallable('grantAdmin', (input, { caller }) => changeAdmin(caller, input, true));
