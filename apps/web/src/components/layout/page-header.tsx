import type { ReactNode } from 'react';
import { Container } from './container';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Small line above the title. */
  eyebrow?: ReactNode;
  /** Buttons or links on the right (below on phones). */
  actions?: ReactNode;
}

/** The band at the top of an inner page with its h1. */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <div className="border-b border-border bg-secondary/50">
      <Container className="flex flex-col gap-5 py-10 md:flex-row md:items-end md:justify-between md:py-14">
        <div className="max-w-2xl">
          {eyebrow ? (
            <p className="mb-2 text-xs font-semibold tracking-widest text-accent uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-foreground md:text-4xl">
            {title}
          </h1>
          {description ? (
            <p className="mt-3 text-base leading-relaxed text-muted-foreground">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </Container>
    </div>
  );
}
