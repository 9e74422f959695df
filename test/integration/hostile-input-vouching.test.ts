import { hostileInputSuite } from '../support/hostile-input-suite.ts';

// The hostile-input batches of the vouching group's callables (test/support/hostile-input-suite.ts).
hostileInputSuite('vouching');
