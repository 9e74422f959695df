import { hostileInputSuite } from '../support/hostile-input-suite.ts';

// The hostile-input batches of the admin group's callables (test/support/hostile-input-suite.ts).
hostileInputSuite('admin');
