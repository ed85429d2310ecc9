import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SplitPane } from '../../src/client/kit/split-pane';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

beforeEach(() => localStorage.clear());

const renderSplit = (detail: string | null = 'Details of Bank 1') =>
  renderApp(
    <SplitPane storageKey="banks" detail={detail === null ? null : <p>{detail}</p>} detailLabel="Bank details">
      <p>The list</p>
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
    expect(screen.getByRole('region', { name: 'Bank details' })).toHaveTextContent('Details of Bank 1');
    await expectNoAxeViolations(container);

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
    expect(location.history).toEqual(['/admin/banks']);
    unmount();

    renderSplit();
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuenow', '80');
  });

  it('is resized by dragging', () => {
    renderSplit();
    const separator = screen.getByRole('separator');
    const box = separator.parentElement!;
    box.getBoundingClientRect = () => ({ left: 0, width: 1000, top: 0, height: 500, right: 1000, bottom: 500, x: 0, y: 0, toJSON() {} });
    fireEvent.pointerDown(separator, { button: 0, clientX: 600, pointerId: 1 });
    fireEvent.pointerMove(separator, { clientX: 450, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '45');
    fireEvent.pointerMove(separator, { clientX: 50, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    fireEvent.pointerUp(separator, { clientX: 300, pointerId: 1 });
    expect(separator).toHaveAttribute('aria-valuenow', '30');
    expect(localStorage.getItem('remit.split.banks')).toBe('30');
  });

  it('shows only the list when there are no details', () => {
    renderSplit(null);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByText('The list')).toBeInTheDocument();
  });
});
