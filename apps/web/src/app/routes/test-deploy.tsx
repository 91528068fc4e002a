import { Container } from '@/components/layout/container';

/** Smoke-test page for deployments: if this renders, the build was served and the router works. */
export function TestDeployRoute() {
  return (
    <>
      <title>DEPLOYMENT TEST</title>
      <meta name="robots" content="noindex" />
      <Container className="flex flex-1 items-center justify-center py-24">
        <h1 className="font-serif text-4xl font-bold tracking-tight text-primary">DEPLOYMENT TEST</h1>
      </Container>
    </>
  );
}
