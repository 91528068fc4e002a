import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '@/components/layout/container';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account page (login, register, password reset) sits in. */
export function AuthCard({ title, description, icon: Icon, children, footer }: AuthCardProps) {
  return (
    <Container className="flex flex-1 items-center justify-center py-12 md:py-20">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent className="grid gap-4">{children}</CardContent> : null}
        {footer ? (
          <CardFooter className="flex-col gap-2 border-t border-border pt-6 text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </Container>
  );
}
