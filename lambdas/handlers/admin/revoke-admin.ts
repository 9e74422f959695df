import { defineCallable } from '#http/define-callable';
import { changeAdmin } from '#workflows/change-admin';

export const handler = defineCallable('revokeAdmin', (input, { caller }) => changeAdmin(caller, input, false));
