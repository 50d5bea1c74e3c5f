// A record's address in the portfolio forms: the street, the country → state → city pickers
// (changing one clears those below it) and the postal code.
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCities, useCountries, useStates } from '../api/get-locations';
import { type fieldHelpers, Picker } from './form-fields';

export type Place = { country_id: number | null; state_id: number | null; city_id: number | null };

export type PlaceFieldsProps = {
  value: Place;
  onChange: (place: Place) => void;
  cityError?: string | undefined;
};

/** Country, then its states, then the state's cities; changing one clears those below it. */
export function PlaceFields({ value, onChange, cityError }: PlaceFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const states = useStates(value.country_id);
  const cities = useCities(value.state_id);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
      <Picker
        label={t('portfolio.forms.country')}
        options={countries.data ?? []}
        loading={countries.isPending}
        value={value.country_id}
        onChange={(id) => onChange({ country_id: id, state_id: null, city_id: null })}
        testId="country-picker"
      />
      <Picker
        label={t('portfolio.forms.state')}
        options={states.data ?? []}
        loading={states.isFetching}
        disabled={value.country_id === null}
        value={value.state_id}
        onChange={(id) => onChange({ ...value, state_id: id, city_id: null })}
        testId="state-picker"
      />
      <Picker
        label={t('portfolio.forms.city')}
        options={cities.data ?? []}
        loading={cities.isFetching}
        disabled={value.state_id === null}
        value={value.city_id}
        onChange={(id) => onChange({ ...value, city_id: id })}
        error={cityError}
        testId="city-picker"
      />
    </Stack>
  );
}

/** A TextField's binding as `fieldHelpers` makes it. */
type FieldBinding = ReturnType<ReturnType<typeof fieldHelpers>['text']>;

export type AddressFieldsProps = {
  text: (name: 'street' | 'postal') => FieldBinding;
  problem: (name: 'city_id') => string | undefined;
  /** The form's country, state and city. */
  place: Place;
  /** Sets the three in the form. */
  setPlace: (place: Place) => void;
};

/** The street, the country → state → city pickers and the postal code of a record's address. */
export function AddressFields({ text, problem, place, setPlace }: AddressFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField {...text('street')} label={t('portfolio.forms.street')} />
      <PlaceFields value={place} onChange={setPlace} cityError={problem('city_id')} />
      <TextField
        {...text('postal')}
        label={t('portfolio.forms.postal')}
        sx={{ maxWidth: { sm: 240 } }}
      />
    </>
  );
}
