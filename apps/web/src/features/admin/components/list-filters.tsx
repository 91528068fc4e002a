import { SearchIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';

/** A labelled filter of an admin list (search, status, dates), one grid cell. */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The search box of an admin list: a search input with its magnifier inside. */
export function SearchInput(props: Omit<ComponentProps<typeof Input>, 'type'> & { id: string }) {
  return (
    <div className="relative min-w-0">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" {...props} className={cn('pl-9', props.className)} />
    </div>
  );
}

/** A list's choice among fixed values (status, role): only a known value is ever passed on. */
export function SelectFilter<T extends string>({
  id,
  value,
  options,
  onSelect,
}: {
  id: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onSelect: (value: T) => void;
}) {
  return (
    <NativeSelect
      id={id}
      value={value}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onSelect(chosen.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
