import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after this long. Testing Library's 1 s is less than a whole app
// (routes, lazy page chunk, fake server) may take to render in jsdom on a busy 2-core machine;
// a bound, not a wait: each returns as soon as what it looks for is there.
configure({ asyncUtilTimeout: 10_000 });

// Tests import from vitest explicitly (no globals), so Testing Library cannot register
// its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.title = '';
});
