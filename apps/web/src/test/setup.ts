import { configure } from '@testing-library/react';

/**
 * How long `findBy…` and `waitFor` wait for what a test expects. Testing Library's 1 s default
 * is met on a quiet machine, but CI runs the suites side by side on two cores, where loading a lazy
 * route's chunk has taken longer; a test still fails if the thing never appears.
 */
configure({ asyncUtilTimeout: 5_000 });
