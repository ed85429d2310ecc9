import { useFieldBinding, type FieldProps } from './binding';
import { ComboBoxControl } from './combo-box';
import { Field } from './field';
import { TextField } from './text-field';
import { useDebouncedSearch } from './use-debounced-search';

export interface PlaceSuggestion {
  id: string;
  /** The address as one line. */
  label: string;
}

/** An address search service: query, maps key, abort signal → suggestions. */
export type LocationSearch = (query: string, key: string, signal: AbortSignal) => Promise<PlaceSuggestion[]>;

/** Google Places (New) autocomplete, called from the browser with the maps key. */
export const googlePlacesSearch: LocationSearch = async (query, key, signal) => {
  const res = await fetch('https://places.googleapis.com/v1/places:autocomplete', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': key },
    body: JSON.stringify({ input: query }),
    signal,
  });
  if (!res.ok) return [];
  const data = (await res.json()) as { suggestions?: { placePrediction?: { placeId: string; text: { text: string } } }[] };
  return (data.suggestions ?? []).flatMap((s) => (s.placePrediction ? [{ id: s.placePrediction.placeId, label: s.placePrediction.text.text }] : []));
};

export interface LocationFieldProps extends FieldProps<string> {
  /** The maps key from the settings; without it the field is a plain text input. */
  mapsKey?: string | null;
  /** The address service (default Google Places). */
  search?: LocationSearch;
  /** Called with a chosen suggestion (fill street, city... from it). */
  onPick?(place: PlaceSuggestion): void;
  placeholder?: string;
}

/**
 * An address: free text, with suggestions from an address service once 3 characters are typed and
 * typing paused for 1000 ms (spec 9) — only when a maps key is supplied.
 */
export function LocationField({ mapsKey, search = googlePlacesSearch, onPick, placeholder, ...props }: LocationFieldProps) {
  if (!mapsKey) return <TextField {...props} placeholder={placeholder} />;
  return <LocationSearchField {...props} mapsKey={mapsKey} search={search} onPick={onPick} />;
}

function LocationSearchField({ mapsKey, search, onPick, ...props }: FieldProps<string> & { mapsKey: string; search: LocationSearch; onPick?(place: PlaceSuggestion): void }) {
  const b = useFieldBinding(props, '');
  const lookup = useDebouncedSearch<PlaceSuggestion>((q, signal) => search(q, mapsKey, signal), { delay: 1000, minChars: 3 });
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <ComboBoxControl
          aria={aria}
          name={b.name || undefined}
          items={lookup.results}
          inputValue={b.value}
          onInputChange={(text) => {
            b.setValue(text);
            lookup.query(text);
          }}
          selectedKey={null}
          onSelect={(key) => {
            const place = lookup.results.find((p) => p.id === key);
            if (!place) return;
            b.setValue(place.label);
            lookup.clear();
            onPick?.(place);
          }}
          allowsCustomValue
          showButton={false}
          loading={lookup.loading}
          disabled={b.disabled}
          readOnly={b.readOnly}
          onBlur={() => {
            lookup.clear();
            b.touch();
          }}
        />
      )}
    </Field>
  );
}
