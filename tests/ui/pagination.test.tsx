import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Pagination } from '../../src/client/kit/grid/pagination';
import { useListState } from '../../src/client/kit/list-state';
import { renderApp } from '../support/render';
import { expectNoAxeViolations } from '../support/axe';

function Paged({ total, capped }: { total: number; capped?: boolean }) {
  const state = useListState();
  return <Pagination state={state} total={total} totalCapped={capped} />;
}

describe('Pagination', () => {
  it('shows the range and disables previous on page 1', async () => {
    const { container } = renderApp(<Paged total={57} />, { path: '/x' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('1–10 of 57');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'First page' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next page' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
    await expectNoAxeViolations(container);
  });

  it('disables next on the last page, ceil(total / size)', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Paged total={57} />, { path: '/x?p=5' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location.history!.at(-1)).toBe('/x?p=6');
    expect(screen.getByRole('navigation')).toHaveTextContent('51–57 of 57');
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus(); // the focus stays where it was
    await user.click(next);
    expect(location.history!.at(-1)).toBe('/x?p=6');
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(location.history!.at(-1)).toBe('/x');
  });

  it('a capped total reads "10,000+", keeps next enabled past it and has no known last page', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Paged total={10000} capped />, { path: '/x?p=1000' });
    expect(screen.getByRole('navigation')).toHaveTextContent('9,991–10,000 of 10,000+');
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location.history!.at(-1)).toBe('/x?p=1001');
    expect(screen.getByRole('navigation')).toHaveTextContent('10,001–10,010 of 10,000+');
  });

  it('a page with exactly size rows has no next page', () => {
    renderApp(<Paged total={60} />, { path: '/x?p=6' });
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('navigation')).toHaveTextContent('51–60 of 60');
  });

  it('changing the page size keeps the first visible row visible', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Paged total={500} />, { path: '/x?p=6' });
    expect(screen.getByRole('navigation')).toHaveTextContent('51–60 of 500');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    expect(location.history!.at(-1)).toBe('/x?p=3&s=20');
    expect(screen.getByRole('navigation')).toHaveTextContent('41–60 of 500');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(location.history!.at(-1)).toBe('/x?s=50');
    expect(screen.getByRole('navigation')).toHaveTextContent('1–50 of 500');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50']);
  });

  it('says 0 of 0 for an empty list, with both directions disabled', () => {
    renderApp(<Paged total={0} />, { path: '/x' });
    expect(screen.getByRole('navigation')).toHaveTextContent('0 of 0');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('groups thousands by language', () => {
    renderApp(<Paged total={100000} />, { path: '/x?p=1000' });
    expect(screen.getByRole('navigation')).toHaveTextContent('9,991–10,000 of 100,000');
  });
});
