import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ControlsWhenReady } from './ControlsWhenReady';

function NameForm() {
  const [name, setName] = useState('');
  return (
    <form aria-label="Name">
      <ControlsWhenReady>
        <input aria-label="Your name" value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit">Save</button>
      </ControlsWhenReady>
    </form>
  );
}

describe('ControlsWhenReady', () => {
  it('sends the controls disabled in server markup and enables them once React has taken it over', async () => {
    const markup = renderToString(<NameForm />);
    expect(markup).toMatch(/<fieldset class="controls-when-ready" disabled="">/);

    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const input = container.querySelector('input')!;
    expect(input.matches(':disabled')).toBe(true);

    const root = await act(async () => hydrateRoot(container, <NameForm />));
    expect(input.matches(':disabled')).toBe(false);
    expect(container.querySelector('button')!.matches(':disabled')).toBe(false);
    act(() => root.unmount());
    container.remove();
  });

  it('enables the controls from the start on a page the browser renders alone', () => {
    render(<NameForm />);
    expect(screen.getByRole('textbox', { name: 'Your name' }).matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' }).matches(':disabled')).toBe(false);
  });
});
