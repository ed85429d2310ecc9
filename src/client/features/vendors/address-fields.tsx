import { useAtomValue } from 'jotai';
import { CountryField, LocationField, TextField, type PlaceSuggestion } from '../../kit/fields';
import { useForm } from '../../kit/form';
import { useCountries } from '../../lib/reference-names';
import { settingsAtom } from '../../session';
import { Section } from './general-fields';
import type { ADDRESS_FIELDS, AddressValues, VendorValues } from './vendor-values';

/** Place components → address fields (spec 2, 2 "Vendor form extras"). */
const COMPONENTS: Record<string, (typeof ADDRESS_FIELDS)[number]> = {
  street_number: 'street_number',
  route: 'street',
  locality: 'city',
  administrative_area_level_1: 'state',
  postal_code: 'postal_code',
  country: 'country_code',
};

/** The chosen place's components from Google Places (New), called from the browser with the maps key. */
async function placeAddress(place: PlaceSuggestion, key: string): Promise<Partial<AddressValues>> {
  const res = await fetch(`https://places.googleapis.com/v1/places/${encodeURIComponent(place.id)}?fields=addressComponents`, { headers: { 'X-Goog-Api-Key': key } });
  if (!res.ok) return {};
  const data = (await res.json()) as { addressComponents?: { longText: string; shortText: string; types: string[] }[] };
  const address: Partial<AddressValues> = {};
  for (const component of data.addressComponents ?? []) {
    const type = component.types.find((x) => x in COMPONENTS);
    if (type) address[COMPONENTS[type]] = type === 'country' ? component.shortText : component.longText;
  }
  return address;
}

/**
 * The address tab. The search field exists only when a maps key is configured (`MAPS_KEY`): 3
 * characters and a 1000 ms pause start it, a chosen place fills the fields.
 */
export function AddressFields() {
  const form = useForm();
  const countries = useCountries();
  const mapsKey = useAtomValue(settingsAtom)?.maps_key ?? null;
  return (
    <Section title="vendors.sections.address">
      {mapsKey && (
        <LocationField
          name="address.search"
          mapsKey={mapsKey}
          onPick={(place) =>
            void placeAddress(place, mapsKey).then((found) =>
              form.setValues((v) => {
                const values = v as VendorValues;
                return { ...values, address: { ...values.address, ...found } };
              }),
            )
          }
        />
      )}
      <TextField name="address.street" />
      <TextField name="address.street_number" />
      <TextField name="address.floor" />
      <TextField name="address.apartment" />
      <TextField name="address.post_box" />
      <TextField name="address.care_of" />
      <TextField name="address.postal_code" />
      <TextField name="address.city" />
      <TextField name="address.state" />
      <CountryField name="address.country_code" countries={countries} />
    </Section>
  );
}
