import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Container } from '@/components/layout/container';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  children?: ReactNode;
  footer?: ReactNode;
  /** The page heading, for moving focus to it when the card changes state (e.g. 'Check Your Email'). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The centred card every account page (login, register, password reset) sits in. */
export function AuthCard({ title, description, icon: Icon, children, footer, headingRef }: AuthCardProps) {
  return (
    <Container className="flex flex-1 items-start justify-center py-10 sm:items-center md:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-3xl font-semibold tracking-tight outline-none"
          >
            {title}
          </h1>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent className="grid gap-4">{children}</CardContent> : null}
        {footer ? (
          <CardFooter className="flex-col gap-2 border-t border-border pt-6 text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </Container>
  );
}
