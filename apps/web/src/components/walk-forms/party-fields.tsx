import { UserPlusIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  PARTY_HINT,
  PARTY_MAX_OTHERS,
  type PartyFormValues,
  personLabel,
  removePersonLabel,
} from '@/lib/events/party';

interface Message {
  message?: string | undefined;
}

/** The form's errors of `party`: one per name (`party.1.name`), and one for the whole list. */
export type PartyErrors =
  | (Message & {
      root?: Message | undefined;
      [index: number]: (Message & { name?: Message | undefined }) | undefined;
    })
  | undefined;

export interface PartyFieldsProps<Values extends PartyFormValues> {
  /** The form's react-hook-form `control`: its values include `party`, the others by name. */
  control: Control<Values>;
  /** The form's errors of `party` (`formState.errors.party`). */
  errors: PartyErrors;
  /** Prefix of the inputs' ids, one per form on a page. */
  idPrefix: string;
  legend?: string;
  hint?: string;
  /**
   * Paid online (decision 041): the names may change, not the number, so there is no adding or
   * removing anyone.
   */
  fixedSize?: boolean;
  /** What the party means for this walk, under the list (its seats, its price), by its size. */
  summary?: (people: number) => ReactNode;
}

/**
 * Who else comes with the registrant (decision 041), inside a registration, checkout or party form:
 * a name for each of up to seven others, each with its remove button, and a button to add one.
 * The form's check (lib/events/party-schema.ts) puts the contract's messages under the names.
 */
export function PartyFields<Values extends PartyFormValues>({
  control: formControl,
  errors,
  idPrefix,
  legend = 'Bringing others?',
  hint = PARTY_HINT,
  fixedSize = false,
  summary,
}: PartyFieldsProps<Values>) {
  // Every form that takes the party has `party` of this shape: its control is used for that field only.
  const control = formControl as unknown as Control<PartyFormValues>;
  const { fields, append, remove } = useFieldArray({ control, name: 'party' });
  const names = useWatch({ control, name: 'party' }) ?? [];
  const addButton = useRef<HTMLButtonElement>(null);
  // A remove button pressed is gone with its row: the focus goes to the add button, once it is back.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    addButton.current?.focus();
  });
  const hintId = `${idPrefix}-party-hint`;
  const listError = errors?.root?.message ?? errors?.message;
  const full = fields.length >= PARTY_MAX_OTHERS;

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={hintId}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {hint}
      </p>
      {fields.length > 0 ? (
        <ol className="grid gap-3">
          {fields.map((field, index) => {
            const id = `${idPrefix}-party-${index}`;
            const error = errors?.[index]?.name?.message ?? errors?.[index]?.message;
            return (
              <li key={field.id} className="grid gap-2">
                <Label htmlFor={id}>Name of {personLabel(index)}</Label>
                <div className="flex gap-2">
                  <Input
                    id={id}
                    autoComplete="off"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    {...control.register(`party.${index}.name`)}
                  />
                  {fixedSize ? null : (
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      aria-label={removePersonLabel(names[index]?.name ?? '', index)}
                      onClick={() => {
                        refocus.current = true;
                        remove(index);
                      }}
                    >
                      <XIcon aria-hidden="true" />
                    </Button>
                  )}
                </div>
                {error ? (
                  <p id={`${id}-error`} className="-mt-1 text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      ) : null}
      {fixedSize ? null : (
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={full}
          onClick={() => append({ name: '' })}
        >
          <UserPlusIcon aria-hidden="true" />
          Add a person
        </Button>
      )}
      {summary ? summary(1 + fields.length) : null}
    </fieldset>
  );
}
