import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost, confirmDialog, ModalDialog, useConfirm, useConfirmDelete } from '../../src/client/kit/dialog';
import { expectNoAxeViolations } from '../support/axe';
import { renderForm } from './form-support';

afterEach(() => vi.restoreAllMocks());

function Asker({ onAnswer }: { onAnswer(ok: boolean): void }) {
  const confirm = useConfirm();
  const confirmDelete = useConfirmDelete();
  return (
    <>
      <button type="button" onClick={() => void confirm('Leave now?').then(onAnswer)}>
        Ask
      </button>
      <button type="button" onClick={() => void confirmDelete().then(onAnswer)}>
        Delete it
      </button>
      <ConfirmHost />
    </>
  );
}

describe('confirm dialog', () => {
  it('resolves true when confirmed and false when cancelled', async () => {
    const answers: boolean[] = [];
    const user = userEvent.setup();
    renderForm(<Asker onAnswer={(ok) => answers.push(ok)} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Leave now?');
    expect(dialog).toHaveAttribute('data-focus-owner');
    // The safe answer has the focus.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(answers).toEqual([true]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });

  it('Escape answers false; the delete question has its own text and button', async () => {
    const answers: boolean[] = [];
    const user = userEvent.setup();
    renderForm(<Asker onAnswer={(ok) => answers.push(ok)} />);
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Do you really want to delete this entry?');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it('asks one question at a time, in order', async () => {
    renderForm(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = confirmDialog('First?');
      second = confirmDialog('Second?');
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('First?');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Second?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });

  it('falls back to window.confirm when no host is mounted', async () => {
    const spy = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await expect(confirmDialog('Sure?')).resolves.toBe(true);
    expect(spy).toHaveBeenCalledWith('Sure?');
  });
});

describe('ModalDialog', () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <ModalDialog
          isOpen={open}
          onOpenChange={setOpen}
          title="Edit tag"
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          }
        >
          <label>
            Tag name <input />
          </label>
        </ModalDialog>
      </>
    );
  }

  it('is named by its title, traps focus, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    renderForm(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    expect(dialog).toHaveAttribute('data-focus-owner');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Tag name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.tab();
    // Focus stays inside the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });
});
