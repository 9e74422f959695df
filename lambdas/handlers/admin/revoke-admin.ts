import { defineCallable } from '#http/define-callable';
import { changeAdmin } from './change-admin.ts';

export const handler = defineCallable('revokeAdmin', (input, { caller }) => changeAdmin(caller, input, false));
