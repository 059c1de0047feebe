import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { shellDone } from './hydration';
import { lazyWhenOpen } from './lazyWhenOpen';
import { preloadable } from './preloadable';

/** A module load the test finishes when it wants, counting how often it was asked for. */
function controlledLoad() {
  const calls = { count: 0 };
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = () => {
    calls.count += 1;
    return new Promise<{ default: (props: { name: string }) => React.JSX.Element }>((resolve, reject) => {
      finish = () => resolve({ default: ({ name }) => <p>Panel for {name}</p> });
      fail = reject;
    });
  };
  return { load, calls, finish: () => finish(), fail: (error: Error) => fail(error) };
}

function Opener({ part }: { part: ReturnType<typeof preloadable<{ name: string }>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" {...part.intent} onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Suspense fallback={<p>Loading</p>}>
          <part.Component name="Maya" />
        </Suspense>
      )}
    </>
  );
}

describe('preloadable', () => {
  it('loads the code when the pointer reaches the trigger, once, and then opens in the same render as the click', async () => {
    const module = controlledLoad();
    const part = preloadable(module.load);
    render(<Opener part={part} />);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Open' }));
    expect(module.calls.count).toBe(1);
    await act(async () => module.finish());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    // Rendered straight away: never the fallback, never a second load.
    expect(screen.getByText('Panel for Maya')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(module.calls.count).toBe(1);
  });

  it('shows the fallback while code not yet preloaded arrives, and loads again after a failed preload', async () => {
    const module = controlledLoad();
    const part = preloadable(module.load);
    part.warm();
    await act(async () => module.fail(new Error('offline')));
    render(<Opener part={part} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(module.calls.count).toBe(2);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => module.finish());
    expect(await screen.findByText('Panel for Maya')).toBeTruthy();
  });
});

describe('lazyWhenOpen', () => {
  it('fetches a closed dialog’s code once the page is idle, so it opens without waiting', async () => {
    // Idle work waits until the page is on screen: here, at once.
    shellDone();
    const module = controlledLoad();
    const Dialog = lazyWhenOpen(module.load);
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Dialog open={open} name="Maya" />
        </>
      );
    }
    render(<Page />);
    await waitFor(() => expect(module.calls.count).toBe(1));
    await act(async () => module.finish());

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('Panel for Maya')).toBeTruthy();
    expect(module.calls.count).toBe(1);
  });
});
