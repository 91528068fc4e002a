import type { ReactNode } from 'react';

/** A tab's title with its buttons (below the title on phones). */
export function SectionHeader({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <h2 id={id} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
