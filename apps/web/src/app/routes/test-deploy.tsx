import { Container } from '@/components/layout/container';
import { PageHead } from '@/components/seo/page-head';

/** Smoke-test page for deployments: if this renders, the build was served and the router works. */
export function TestDeployRoute() {
  return (
    <>
      <PageHead title="DEPLOYMENT TEST" description="Deployment check page." path="/test-deploy" noindex />
      <Container className="flex flex-1 items-center justify-center py-24">
        <h1 className="font-serif text-4xl font-bold tracking-tight text-primary">DEPLOYMENT TEST</h1>
      </Container>
    </>
  );
}
