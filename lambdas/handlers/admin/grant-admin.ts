import { defineCallable } from '#http/define-callable';
import { changeAdmin } from './change-admin.ts';

export const handler = defineCallable('grantAdmin', (input, { caller }) => changeAdmin(caller, input, true));
