import { PageHead } from '@/components/seo/page-head';
import { useSiteOrigin } from '@/lib/site-origin';
import { Hero } from '../components/hero';
import { NewsBand } from '../components/news-band';
import { UpcomingEvents } from '../components/upcoming-events';
import { WhyJoinUs } from '../components/why-join-us';
import { organizationStructuredData, SITE_DESCRIPTION } from '../utils/home-metadata';

const TITLE = 'Jesus Walks | Faith-Based Guided Hikes in Napa Valley';

/** Search-engine metadata and the Organization structured data (SPEC.md "Home"). */
function HomeMetadata() {
  const origin = useSiteOrigin();
  return (
    <PageHead
      title={TITLE}
      description={SITE_DESCRIPTION}
      path="/"
      structuredData={[organizationStructuredData(origin)]}
    />
  );
}

export function HomeRoute() {
  return (
    <>
      <HomeMetadata />
      <Hero />
      <WhyJoinUs />
      <UpcomingEvents />
      <NewsBand />
    </>
  );
}
