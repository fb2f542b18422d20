import { configure } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * How long `findBy…` and `waitFor` wait for what a test expects. Testing Library's 1 s default
 * is met on a quiet machine, but CI runs the suites side by side on two cores, where loading a lazy
 * route's chunk has taken longer; a test still fails if the thing never appears.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * Test files share a worker's page and its imported libraries (ADR 074), so each file starts as a
 * first visit would: real timers and globals, nothing kept in this browser, at the site's root,
 * and the app's own modules (its stores) evaluated afresh.
 */
vi.useRealTimers();
vi.unstubAllGlobals();
localStorage.clear();
sessionStorage.clear();
for (const pair of document.cookie.split('; ').filter(Boolean)) {
  document.cookie = `${pair.split('=')[0]}=; path=/; max-age=0`;
}
document.head.innerHTML = '';
document.body.innerHTML = '';
window.history.replaceState(null, '', '/');
vi.resetModules();
