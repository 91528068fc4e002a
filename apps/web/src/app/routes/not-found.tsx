import { HouseIcon, SearchXIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';

export function NotFoundRoute() {
  return (
    <>
      <title>404 Page Not Found</title>
      <meta name="robots" content="noindex" />
      <Container className="flex flex-1 flex-col items-center justify-center gap-5 py-20 text-center md:py-28">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-secondary text-accent">
          <SearchXIcon aria-hidden="true" className="size-8" />
        </span>
        <h1 className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">404 Page Not Found</h1>
        <p className="max-w-md text-muted-foreground">
          This trail does not lead anywhere. The page may have moved, or the address may be mistyped.
        </p>
        <Button asChild size="lg">
          <Link to="/">
            <HouseIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </Container>
    </>
  );
}
