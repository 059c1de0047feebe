import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider';
import { useToast } from './toastContext';

function Raisers() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Billing is not configured.')}>
        error
      </button>
      <button type="button" onClick={() => toast.warning('Careful')}>
        warning
      </button>
      <button type="button" onClick={() => toast.info('Heads up')}>
        info
      </button>
    </>
  );
}

function renderToasts() {
  render(
    <ToastProvider>
      <Raisers />
    </ToastProvider>,
  );
  const region = within(screen.getByRole('region', { name: 'Messages' }));
  const messages = () => region.queryAllByTestId('toast').map((toast) => toast.querySelector('.toast__message')?.textContent);
  return { region, messages };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows each variant with its icon and a spoken variant name', async () => {
    const user = userEvent.setup();
    const { region, messages } = renderToasts();
    await user.click(screen.getByRole('button', { name: 'success' }));
    await user.click(screen.getByRole('button', { name: 'error' }));
    await user.click(screen.getByRole('button', { name: 'info' }));

    expect(messages()).toEqual(['Success: Saved', 'Error: Billing is not configured.', 'Info: Heads up']);
    const toasts = region.getAllByTestId('toast');
    expect(toasts.map((toast) => toast.className)).toEqual(['toast toast--success', 'toast toast--error', 'toast toast--info']);
    for (const toast of toasts) expect(toast.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    // Errors interrupt; the others are polite.
    expect(toasts.map((toast) => toast.getAttribute('role'))).toEqual(['status', 'alert', 'status']);
  });

  it('keeps at most 3: a fourth dismisses the oldest', async () => {
    const user = userEvent.setup();
    const { messages } = renderToasts();
    for (const name of ['success', 'error', 'warning', 'info']) await user.click(screen.getByRole('button', { name }));
    expect(messages()).toEqual(['Error: Billing is not configured.', 'Warning: Careful', 'Info: Heads up']);
  });

  it('hides each toast 5000 ms after it appeared', () => {
    vi.useFakeTimers();
    const { messages } = renderToasts();
    act(() => screen.getByRole('button', { name: 'success' }).click());
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'info' }).click());

    act(() => vi.advanceTimersByTime(2999));
    expect(messages()).toEqual(['Success: Saved', 'Info: Heads up']);
    act(() => vi.advanceTimersByTime(1));
    expect(messages()).toEqual(['Info: Heads up']);
    act(() => vi.advanceTimersByTime(2000));
    expect(messages()).toEqual([]);
  });

  it('closes a toast with its Dismiss button', async () => {
    const user = userEvent.setup();
    const { region, messages } = renderToasts();
    await user.click(screen.getByRole('button', { name: 'warning' }));
    await user.click(region.getByRole('button', { name: 'Dismiss' }));
    expect(messages()).toEqual([]);
  });
});
