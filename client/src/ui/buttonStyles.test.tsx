import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import buttons from './buttons.css?raw';
import theme from './theme.css?raw';

/**
 * The shared button look of ui/buttons.css, with ui/theme.css's tokens, cascaded by jsdom (the
 * client tests load no stylesheet otherwise). e2e/empty-states.test.ts checks the same in Chromium
 * on /plans.
 */
let sheet: HTMLStyleElement;
beforeAll(() => {
  sheet = document.createElement('style');
  sheet.textContent = theme + buttons;
  document.head.append(sheet);
});
afterAll(() => sheet.remove());

describe('shared buttons', () => {
  it.each(['button--primary', 'button--outline'])('look disabled when disabled (%s)', (kind) => {
    render(
      <>
        <button type="button" className={`button ${kind}`}>
          Enabled
        </button>
        <button type="button" className={`button ${kind}`} disabled>
          Disabled
        </button>
        <a className={`button ${kind}`} href="/plans" aria-disabled="true">
          Link disabled
        </a>
      </>,
    );
    const enabled = getComputedStyle(screen.getByRole('button', { name: 'Enabled' }));
    const disabled = screen.getByRole('button', { name: 'Disabled' });
    expect(disabled.hasAttribute('disabled')).toBe(true);
    expect(enabled.cursor).toBe('pointer');
    for (const element of [disabled, screen.getByRole('link', { name: 'Link disabled' })]) {
      const style = getComputedStyle(element);
      expect(style.cursor).toBe('not-allowed');
      // Grey words on a grey ground, whatever the kind's own colours.
      expect([style.color, style.backgroundColor]).toEqual(['rgb(85, 82, 92)', 'rgb(228, 226, 232)']);
    }
  });
});
