import type { ReactElement } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredButton, deferred } from '../../src/client/kit/deferred';

/**
 * A button whose code is still loading when it is pressed: the press is replayed on the real button
 * once the code is there. Where the focus ends up must not depend on whether the code was loaded.
 */
function setup() {
  let arrive: (m: { Real: () => ReactElement }) => void = () => undefined;
  const pressed = vi.fn();
  const module = deferred(() => new Promise<{ Real: () => ReactElement }>((resolve) => (arrive = resolve)));
  const Real = () => (
    <button type="button" onClick={pressed}>
      Columns
    </button>
  );
  render(
    <>
      <button type="button">Row</button>
      <DeferredButton
        module={module}
        placeholder={(activate) => (
          <button type="button" onClick={activate}>
            Columns
          </button>
        )}
      >
        {(m) => <m.Real />}
      </DeferredButton>
    </>,
  );
  return { pressed, arrive: () => act(async () => arrive({ Real })) };
}

describe('DeferredButton', () => {
  it('a press from elsewhere (a palette command) is replayed without moving the focus', async () => {
    const { pressed, arrive } = setup();
    const row = screen.getByRole('button', { name: 'Row' });
    row.focus();
    act(() => screen.getByRole('button', { name: 'Columns' }).click());
    await arrive();
    await waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    expect(row).toHaveFocus();
  });

  it('a press on the focused placeholder hands the focus to the real button', async () => {
    const { pressed, arrive } = setup();
    const placeholder = screen.getByRole('button', { name: 'Columns' });
    placeholder.focus();
    act(() => placeholder.click());
    await arrive();
    await waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Columns' })).not.toBe(placeholder);
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus();
  });
});
