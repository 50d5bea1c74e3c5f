// What the four record forms (company, property, building, unit) do alike: the form checked with
// the domain's create or change schema (a create names its parent), the fields' messages in
// words, a save that says so and closes, the dialog's title and button, and the address binding.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { type BodySchema, schemaResolver } from '../utils/schema-resolver';
import type { Place } from './address-fields';
import { fieldHelpers, useSavedRecord } from './form-fields';

/** A domain schema that checks a body and hands it on typed. */
type Schema<B> = BodySchema & { parse: (input: unknown) => B };

/** A save hook's mutation: a create (`id: null`) or a change of one record. */
type SaveMutation<C, U, R> = {
  mutate: (
    input: { id: null; values: C } | { id: number; values: U },
    options: { onSuccess: (record: R) => void },
  ) => void;
  isPending: boolean;
  error: unknown;
};

export type RecordFormOptions<F extends FieldValues, C, U, R> = {
  level: PortfolioLevel;
  /** The record changed; null creates one. */
  id: number | null;
  /** On a create: the parent's name (for the title) and id field (`{ property_id: 7 }`). */
  parent?: { name: string; ids: Readonly<Record<string, number>> } | undefined;
  defaultValues: DefaultValues<NoInfer<F>>;
  /** The request body the form's values make, without the parent. */
  body: (values: F) => object;
  schemas: { create: Schema<C>; update: Schema<U> };
  save: SaveMutation<C, U, R>;
  onClose: () => void;
  onCreated?: ((record: R) => void) | undefined;
  /** Words a field's message its own way (default: the portfolio's wording of the schema's). */
  describe?: (name: string, message: string) => string;
};

const titleKeys = {
  company: ['portfolio.forms.newCompany', 'portfolio.forms.editCompany'],
  property: ['portfolio.forms.newProperty', 'portfolio.forms.editProperty'],
  building: ['portfolio.forms.newBuilding', 'portfolio.forms.editBuilding'],
  unit: ['portfolio.forms.newUnit', 'portfolio.forms.editUnit'],
} as const satisfies Record<PortfolioLevel, readonly [string, string]>;

export function useRecordForm<F extends FieldValues, C, U, R extends { name: string }>(
  options: RecordFormOptions<F, C, U, R>,
) {
  const { level, id, parent, body, schemas, save, onClose, onCreated, describe } = options;
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const done = useSavedRecord(onClose, onCreated);
  const withParent = (values: F) => ({ ...body(values), ...parent?.ids });
  const form = useForm<F>({
    defaultValues: options.defaultValues,
    resolver: schemaResolver(id === null ? schemas.create : schemas.update, withParent),
  });
  const { problem, text } = fieldHelpers(form.register, form.formState.errors, (name, message) =>
    describe === undefined ? translate(message) : describe(name, message),
  );
  const revalidate = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
  // react-hook-form cannot resolve a path's value type through the type parameter F; the path's
  // constraint says the value is an id or null, so it is read and written as one.
  const choice = <K extends FieldPathByValue<F, number | null>>(name: K) => ({
    value: form.watch(name) as number | null,
    onChange: (id: number | null) => form.setValue(name, id as PathValue<F, K>, revalidate),
    error: problem(name),
  });
  const onSubmit = form.handleSubmit((values) => {
    if (id === null) {
      save.mutate(
        { id: null, values: schemas.create.parse(withParent(values)) },
        { onSuccess: done.created },
      );
    } else {
      save.mutate({ id, values: schemas.update.parse(body(values)) }, { onSuccess: done.saved });
    }
  });
  const [createKey, editKey] = titleKeys[level];
  return {
    form,
    problem,
    text,
    revalidate,
    /** The value, change and message binding a picker of one id (a lookup, the time zone). */
    choice,
    /** The props of the form's `FormDialog`, but for its test id and fields. */
    dialog: {
      title: id === null ? t(createKey, { parent: parent?.name ?? '' }) : t(editKey),
      submitLabel: id === null ? t('portfolio.actions.create') : t('portfolio.actions.save'),
      busy: save.isPending,
      error: save.error,
      onSubmit,
      onClose,
    },
  };
}

/** The address part of a record form. */
export type AddressForm = Place & { street: string; postal: string };

/** A record's address as the form's first values (empty for a new record). */
export function addressDefaults(
  record: (Place & { street: string | null; postal: string | null }) | null,
): AddressForm {
  return {
    street: record?.street ?? '',
    postal: record?.postal ?? '',
    country_id: record?.country_id ?? null,
    state_id: record?.state_id ?? null,
    city_id: record?.city_id ?? null,
  };
}

/** The address's part of a request body. */
export const addressBody = (values: AddressForm) => ({
  street: values.street,
  postal: values.postal,
  city_id: values.city_id,
});

/** The country, state and city of a form that has an address, read and set for `AddressFields`. */
export function addressBinding<F extends AddressForm>(
  form: UseFormReturn<F>,
  revalidate: { shouldValidate: boolean; shouldDirty: boolean },
) {
  // F has the address's fields (the constraint says so), which react-hook-form's paths cannot
  // see through a type parameter: the address is read through the address's own type.
  const address = form as unknown as UseFormReturn<AddressForm>;
  const [country_id, state_id, city_id] = address.watch(['country_id', 'state_id', 'city_id']);
  return {
    place: { country_id, state_id, city_id },
    setPlace: (place: Place) => {
      for (const key of ['country_id', 'state_id', 'city_id'] as const) {
        address.setValue(key, place[key], revalidate);
      }
    },
  };
}
