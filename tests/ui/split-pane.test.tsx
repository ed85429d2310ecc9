import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SplitPane } from '../../src/client/kit/split-pane';
import { focusNextPane } from '../../src/client/kit/panes';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

// jsdom lays nothing out: the splitter measures its root, so every box is 1000 px wide here.
const rect = { left: 0, width: 1000, top: 0, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON() {} };
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(rect as DOMRect);
});
afterEach(() => vi.restoreAllMocks());

const renderSplit = (detail: string | null = 'Details of Bank 1') =>
  renderApp(
    <SplitPane storageKey="banks" detail={detail === null ? null : <p>{detail}</p>} detailLabel="Bank details">
      <button type="button">Bank 1</button>
    </SplitPane>,
    { path: '/admin/banks' },
  );

describe('SplitPane', () => {
  it('is a focusable separator with its value; arrows, Home and End move it and the size is remembered', async () => {
    const user = userEvent.setup();
    const global = vi.fn();
    const { container, unmount, location } = renderSplit();
    const separator = screen.getByRole('separator', { name: 'Resize the list and the details' });
    expect(separator).toHaveAttribute('aria-valuenow', '60');
    expect(separator).toHaveAttribute('aria-valuemin', '20');
    expect(separator).toHaveAttribute('aria-valuemax', '80');
    expect(separator).toHaveAttribute('aria-orientation', 'vertical');
    expect(separator.getAttribute('aria-controls')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bank details' })).toHaveTextContent('Details of Bank 1');
    await expectNoAxeViolations(container);

    await user.tab();
    await user.tab();
    expect(separator).toHaveFocus();
    document.addEventListener('keydown', global);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    document.removeEventListener('keydown', global);
    expect(global).not.toHaveBeenCalled();
    expect(separator).toHaveAttribute('aria-valuenow', '56');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(separator).toHaveAttribute('aria-valuenow', '66');
    await user.keyboard('{Home}');
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    await user.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '80');
    expect(localStorage.getItem('remit.split.banks')).toBe('80');
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(separator).toHaveAttribute('aria-valuenow', '60');
    await user.keyboard('{ArrowLeft}');
    expect(location.history).toEqual(['/admin/banks']);
    unmount();

    renderSplit();
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuenow', '58');
  });

  it('is resized by dragging, and remembers the size on release', async () => {
    renderSplit();
    const separator = screen.getByRole('separator');
    separator.setPointerCapture = () => {};
    separator.hasPointerCapture = () => false;
    const pointer = (x: number) => ({ clientX: x, clientY: 10, pointerId: 1, pointerType: 'mouse', buttons: 1, button: 0 });
    fireEvent.pointerDown(separator, pointer(600));
    await act(async () => {}); // the splitter follows the pointer from the next tick
    fireEvent.pointerMove(document, pointer(450));
    await waitFor(() => expect(separator).toHaveAttribute('aria-valuenow', '45'));
    fireEvent.pointerMove(document, pointer(50));
    await waitFor(() => expect(separator).toHaveAttribute('aria-valuenow', '20'));
    expect(localStorage.getItem('remit.split.banks')).toBeNull();
    fireEvent.pointerMove(document, pointer(300));
    fireEvent.pointerUp(document, pointer(300));
    await waitFor(() => expect(localStorage.getItem('remit.split.banks')).toBe('30'));
    expect(separator).toHaveAttribute('aria-valuenow', '30');
  });

  it('F6 moves between the list and the details, back to where the focus was in the list', async () => {
    const user = userEvent.setup();
    renderSplit();
    await user.tab();
    const row = screen.getByRole('button', { name: 'Bank 1' });
    expect(row).toHaveFocus();
    act(() => void focusNextPane());
    expect(screen.getByRole('region', { name: 'Bank details' })).toHaveFocus();
    act(() => void focusNextPane());
    expect(row).toHaveFocus();
  });

  it('shows only the list when there are no details', () => {
    renderSplit(null);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByText('Bank 1')).toBeInTheDocument();
    expect(focusNextPane()).toBe(false);
  });
});
