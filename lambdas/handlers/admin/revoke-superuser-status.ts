import { defineCallable } from '#http/define-callable';
import { changeSuperuser } from './change-superuser.ts';

export const handler = defineCallable('revokeSuperuserStatus', (input, { caller }) => changeSuperuser(caller, input, false));
