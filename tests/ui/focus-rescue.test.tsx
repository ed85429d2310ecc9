import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { rescueLostFocus } from '../../src/client/shell/focus';

/** Two animation frames: the rescue waits for a closing dialog to give the focus back first. */
const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))));

function Screen() {
  const [step, setStep] = useState<'approve' | 'sign'>('approve');
  const [toast, setToast] = useState(true);
  return (
    <main tabIndex={-1}>
      <span role="group" aria-label="Actions for amendment 1">
        {step === 'approve' && (
          <button type="button" onClick={() => setStep('sign')}>
            Approve
          </button>
        )}
        <button type="button">Sign</button>
      </span>
      {toast && (
        <button type="button" onClick={() => setToast(false)}>
          Dismiss
        </button>
      )}
    </main>
  );
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('focus lost to <body>', () => {
  it('goes to the next control of the group the removed button was in, else to the main area', async () => {
    stop = rescueLostFocus();
    render(<Screen />);
    const approve = screen.getByRole('button', { name: 'Approve' });
    approve.focus();
    act(() => approve.click());
    await frames();
    expect(screen.getByRole('button', { name: 'Sign' })).toHaveFocus();

    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    act(() => dismiss.click());
    await frames();
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
