import { defineCallable } from '#http/define-callable';
import { changeSuperuser } from '#workflows/change-superuser';

export const handler = defineCallable('revokeSuperuserStatus', (input, { caller }) => changeSuperuser(caller, input, false));
