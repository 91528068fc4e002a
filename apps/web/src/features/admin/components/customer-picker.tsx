import type { AdminUser } from '@jesus-walks/contracts/users';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { useAdminUsers } from '../api/get-admin-users';
import { useDebouncedValue } from '../utils/use-debounced-value';
import { SearchInput } from './list-filters';
import { SelectField } from './select-field';

/** How many matches the select offers at once: type to narrow. */
export const CUSTOMER_CHOICES = 20;

interface CustomerPickerProps {
  /** react-hook-form's registration of the user id field. */
  field: UseFormRegisterReturn<'userId'>;
  error: string | undefined;
  /** Asked for only while the dialog is open. */
  enabled: boolean;
}

/**
 * The customer select of 'Create Order for Customer' ('Choose a customer...', each option
 * 'username (email)'), fed by a search on the server rather than the whole user list, so it stays
 * quick with thousands of members. The chosen customer stays an option whatever is searched next.
 */
export function CustomerPicker({ field, error, enabled }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const words = useDebouncedValue(search);
  const matches = useAdminUsers(
    { search: words, role: '', page: 1, pageSize: CUSTOMER_CHOICES },
    { enabled },
  );
  const found = matches.data?.items ?? [];
  const options = chosen && !found.some((user) => user.id === chosen.id) ? [chosen, ...found] : found;
  const total = matches.data?.total ?? 0;

  let hint: string | undefined;
  if (matches.isError) hint = 'Customers could not be loaded. Try again.';
  else if (matches.data && total === 0) hint = words.trim() ? 'No customers match.' : 'No customers yet.';
  else if (total > found.length) hint = `Showing ${found.length} of ${total} customers: type to narrow.`;

  return (
    <div className="grid min-w-0 gap-2">
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="manual-order-user-search">Search by username or e-mail</Label>
        <SearchInput
          id="manual-order-user-search"
          placeholder="e.g. martha or martha@example.com"
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <SelectField
        id="manual-order-user"
        label="Customer"
        error={error}
        hint={hint}
        aria-busy={matches.isFetching || undefined}
        {...field}
        onChange={(event) => {
          setChosen(options.find((user) => String(user.id) === event.target.value) ?? null);
          return field.onChange(event);
        }}
      >
        <option value="">Choose a customer...</option>
        {options.map((user) => (
          <option key={user.id} value={String(user.id)}>
            {user.username} ({user.email})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
