import { hostileInputSuite } from '../support/hostile-input-suite.ts';

// The hostile-input batches of the joining group's callables (test/support/hostile-input-suite.ts).
hostileInputSuite('joining');
