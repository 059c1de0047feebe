import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests import from vitest explicitly (no globals), so Testing Library cannot register
// its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.title = '';
});
