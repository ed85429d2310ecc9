import { useState } from 'react';
import { css } from 'styled-system/css';
import type { YoutubeChannelHit } from '../../../shared/entities/revenue-source';
import { CHANNEL_ID } from '../../../shared/validation/revenue-sources';
import { api } from '../../api/client';
import { ChipList, ComboBoxControl, Field, useDebouncedSearch, useFieldBinding, type FieldProps } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { useT } from '../../lib/i18n';
import type { WhitelistedChannelValues } from './revenue-source';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
/** Spec 3, 9: the channel search waits for a 500 ms pause. */
const SEARCH_PAUSE_MS = 500;

const chipLabel = (c: WhitelistedChannelValues) => (c.title ? `${c.title} (${c.channel_id})` : c.channel_id);

/**
 * A group's channels: chips of the chosen ones (Delete removes the focused chip) and a search field
 * over the channels Remit knows (`GET /api/youtube_channels/search?q=`, after a 500 ms pause). Enter
 * takes the highlighted result; a well-formed channel id that no result matches is added as typed.
 */
export function ChannelsField(props: FieldProps<WhitelistedChannelValues[]>) {
  const t = useT();
  const form = useForm();
  const name = props.name ?? '';
  const chosen = (form.getValue(name) as WhitelistedChannelValues[] | undefined) ?? [];
  // An error on one channel (a duplicate, a malformed id) shows under the field and marks its chip.
  const chipErrors = chosen.map((_, i) => form.errorFor(`${name}.${i}.channel_id`));
  const b = useFieldBinding<WhitelistedChannelValues[]>({ ...props, error: form.errorFor(name) ?? chipErrors.find(Boolean) }, []);
  const [text, setText] = useState('');
  const search = useDebouncedSearch<YoutubeChannelHit>(
    (q, signal) => api.get<YoutubeChannelHit[] | { entries: YoutubeChannelHit[] }>('/api/youtube_channels/search', { q }, { signal }).then((a) => (Array.isArray(a) ? a : a.entries)),
    { delay: SEARCH_PAUSE_MS },
  );
  const taken = new Set(chosen.map((c) => c.channel_id));
  const items = search.results
    .filter((hit) => !taken.has(hit.channel_id))
    .map((hit) => ({ id: hit.channel_id, label: hit.title ?? hit.channel_id, note: hit.title ? hit.channel_id : undefined }));

  const add = (channel: WhitelistedChannelValues) => {
    if (!taken.has(channel.channel_id)) b.setValue([...chosen, channel]);
    setText('');
    search.clear();
    b.touch();
  };
  const remove = (ids: string[]) => {
    b.setValue(chosen.filter((c) => !ids.includes(c.channel_id)));
    b.touch();
  };

  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={stack} data-focus-owner="">
          <ChipList
            label={t('revenue_sources.channels_chosen')}
            chips={chosen.map((c, i) => ({ id: c.channel_id, label: chipLabel(c), invalid: Boolean(chipErrors[i]) }))}
            onRemove={remove}
            disabled={b.disabled}
          />
          <ComboBoxControl
            aria={aria}
            items={items}
            inputValue={text}
            onInputChange={(next) => {
              setText(next);
              search.query(next);
            }}
            selectedKey={null}
            onSelect={(key) => {
              const hit = search.results.find((r) => r.channel_id === key);
              if (hit) add({ channel_id: hit.channel_id, title: hit.title ?? '' });
            }}
            allowsCustomValue
            // 'Searching…' and 'No matches' while typing; a choice (which empties the input) closes the list.
            allowsEmptyCollection={text.trim() !== ''}
            showButton={false}
            loading={search.loading}
            placeholder={t('revenue_sources.channel_placeholder')}
            disabled={b.disabled}
            onKeyDown={(e) => {
              const typed = text.trim();
              // Only when nothing was found to choose: Enter on a result is the combobox's own.
              if (e.key === 'Enter' && CHANNEL_ID.test(typed) && !search.loading && items.length === 0) {
                e.preventDefault();
                add({ channel_id: typed, title: '' });
              }
            }}
            onBlur={() => {
              setText('');
              search.clear();
              b.touch();
            }}
          />
        </div>
      )}
    </Field>
  );
}
