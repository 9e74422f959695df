import { defineCallable } from '#http/define-callable';
import { changeSuperuser } from './change-superuser.ts';

export const handler = defineCallable('grantSuperuserStatus', (input, { caller }) => changeSuperuser(caller, input, true));
