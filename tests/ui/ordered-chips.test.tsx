import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelectField } from '../../src/client/kit/fields';
import { expectNoAxeViolations } from '../support/axe';
import { renderForm } from './form-support';

const rules = [
  { value: 'channel_override', label: 'Channel override' },
  { value: 'asset_label', label: 'Asset label' },
  { value: 'video_id', label: 'Video id' },
  { value: 'custom_id_matches_video_id', label: 'Custom id matches video id' },
];

function Rules({ initial, disabled }: { initial: string[]; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelectField label="banks.fields.name" options={rules} translate={false} ordered value={value} onChange={setValue} disabled={disabled} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const chips = () => within(screen.getByRole('grid', { name: 'Name: chosen' })).getAllByRole('row');
const value = () => screen.getByTestId('value').textContent;

/** The ordered multi-select (earnings-mapping rules): numbered chips that Ctrl/Alt + arrow moves, the focus staying on the chip. */
describe('ordered multi-select', () => {
  it('numbers the chips and moves the focused one with Ctrl or Alt and the arrows, within the ends', async () => {
    const user = userEvent.setup();
    renderForm(<Rules initial={['channel_override', 'asset_label', 'video_id']} />);
    expect(chips().map((c) => c.getAttribute('aria-label'))).toEqual(['1. Channel override', '2. Asset label', '3. Video id']);
    expect(screen.getByRole('grid', { name: 'Name: chosen' })).toHaveAccessibleDescription(/Ctrl or Alt with an arrow key/);

    await user.click(chips()[2].querySelector('span')!);
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(value()).toBe('channel_override,video_id,asset_label');
    expect(chips()[1]).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(value()).toBe('video_id,channel_override,asset_label');
    expect(chips()[0]).toHaveFocus();
    // already first: nothing moves, and the browser's Alt+← (back) is kept from acting
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(value()).toBe('video_id,channel_override,asset_label');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(value()).toBe('channel_override,video_id,asset_label');
    // plain arrows still walk the chips
    await user.keyboard('{ArrowRight}');
    expect(chips()[2]).toHaveFocus();
    expect(value()).toBe('channel_override,video_id,asset_label');
  });

  it('offers options that start with the typed text first', async () => {
    const user = userEvent.setup();
    renderForm(<Rules initial={[]} />);
    await user.type(screen.getByRole('combobox', { name: /^Name/ }), 'video id');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Video id', 'Custom id matches video id']);
    await user.keyboard('{Enter}');
    expect(value()).toBe('video_id');
  });

  it('does not move chips of a disabled field', async () => {
    const user = userEvent.setup();
    renderForm(<Rules initial={['channel_override', 'asset_label']} disabled />);
    await user.click(chips()[1].querySelector('span')!);
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(value()).toBe('channel_override,asset_label');
  });

  it('has no axe violations', async () => {
    const { container } = renderForm(<Rules initial={['channel_override', 'asset_label']} />);
    await expectNoAxeViolations(container);
  });
});
