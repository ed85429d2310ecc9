import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useListState, type ListDefaults } from '../../src/client/kit/list-state';
import { renderApp } from '../support/render';

const defaults: ListDefaults = { sort_by: 'id', sort_direction: 'desc' };

function Probe() {
  const list = useListState(defaults);
  return (
    <div>
      <output aria-label="query">{JSON.stringify(list.query)}</output>
      <output aria-label="open">{String(list.filterOpen)}</output>
      <button onClick={() => list.setPage(4)}>page 4</button>
      <button onClick={() => list.setPageSize(50)}>size 50</button>
      <button onClick={() => list.setPageSize(20)}>size 20</button>
      <button onClick={() => list.setSort('name')}>sort name</button>
      <button onClick={() => list.setSort('id')}>sort id</button>
      <button onClick={() => list.setSearch('  acme ')}>search</button>
      <button onClick={() => list.setFilter({ state: 'new', amount: { gteq: '10' }, roles: ['admin'] })}>filter</button>
      <button onClick={() => list.setFilterOpen(true)}>open</button>
      <button
        onClick={() => {
          list.setPage(2);
          list.setPageSize(20);
        }}
      >
        two at once
      </button>
    </div>
  );
}

const query = () => JSON.parse(screen.getByLabelText('query').textContent!);

describe('useListState', () => {
  it('reads the address and gives the API query with defaults', () => {
    renderApp(<Probe />, { path: '/vendors?p=2&filter[state]=new&show=filter' });
    expect(query()).toEqual({ p: 2, s: 10, sort_by: 'id', sort_direction: 'desc', filter: { state: 'new' } });
    expect(screen.getByLabelText('open')).toHaveTextContent('true');
  });

  it('writes page, size (keeping the first visible row), sort (toggling), q and filter to the address', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Probe />, { path: '/vendors?tab=x' });
    const last = () => location.history!.at(-1);
    await user.click(screen.getByText('page 4'));
    expect(last()).toBe('/vendors?p=4&tab=x');
    await user.click(screen.getByText('size 20'));
    expect(last()).toBe('/vendors?p=2&s=20&tab=x'); // row 31 is on page 2 of 20
    await user.click(screen.getByText('size 50'));
    expect(last()).toBe('/vendors?s=50&tab=x');
    await user.click(screen.getByText('sort name'));
    expect(last()).toBe('/vendors?s=50&sort_by=name&sort_direction=asc&tab=x');
    await user.click(screen.getByText('sort name'));
    expect(last()).toBe('/vendors?s=50&sort_by=name&sort_direction=desc&tab=x');
    await user.click(screen.getByText('sort id'));
    expect(last()).toBe('/vendors?s=50&sort_by=id&sort_direction=asc&tab=x');
    await user.click(screen.getByText('sort id'));
    expect(last()).toBe('/vendors?s=50&tab=x'); // back to the default sort: a plain address
    await user.click(screen.getByText('page 4'));
    await user.click(screen.getByText('filter'));
    expect(last()).toBe('/vendors?s=50&filter[state]=new&filter[amount][gteq]=10&filter[roles][]=admin&tab=x');
    expect(query()).toMatchObject({ p: 1, filter: { state: 'new', amount: { gteq: '10' }, roles: ['admin'] } });
  });

  it('replaces the history entry while typing and opening the popover; goes to page 1 on search', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Probe />, { path: '/vendors?p=3' });
    await user.click(screen.getByText('search'));
    expect(location.history).toEqual(['/vendors?q=acme']);
    await user.click(screen.getByText('open'));
    expect(location.history).toEqual(['/vendors?q=acme&show=filter']);
    expect(screen.getByLabelText('open')).toHaveTextContent('true');
  });

  it('lets several setters in one handler build on each other', async () => {
    const user = userEvent.setup();
    const { location } = renderApp(<Probe />, { path: '/vendors' });
    await user.click(screen.getByText('two at once'));
    expect(location.history!.at(-1)).toBe('/vendors?s=20'); // page 2 of 10 starts at row 11 → page 1 of 20
  });
});
